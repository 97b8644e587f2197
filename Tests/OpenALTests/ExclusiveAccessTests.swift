// SPDX-License-Identifier: Zlib
import Foundation
import OpenAL
import Synchronization
import Testing

/// OpenAL's process-wide lock: recursive on one thread, exclusive across threads.
@Suite("Exclusive access")
struct ExclusiveAccessTests {
    private struct Refused: Error, Equatable {}

    /// Shared between threads; `value` is a plain (non-atomic) counter changed only inside the
    /// lock, so any overlap between threads would lose increments.
    private final class Flags: @unchecked Sendable {
        let entered = Atomic<Bool>(false)
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        var value = 0
    }

    @Test("the holder may take the lock again, and an error thrown inside leaves it free")
    func recursionAndErrors() throws {
        let depth = OpenALProcess.withExclusiveAccess {
            OpenALProcess.withExclusiveAccess { OpenALProcess.withExclusiveAccess { 3 } }
        }
        #expect(depth == 3)
        #expect(throws: Refused()) {
            try OpenALProcess.withExclusiveAccess { () throws(Refused) in
                try OpenALProcess.withExclusiveAccess { () throws(Refused) in throw Refused() }
            }
        }
        // Free again: another thread gets in.
        let flags = Flags()
        let thread = Thread { OpenALProcess.withExclusiveAccess { flags.entered.store(true, ordering: .relaxed) } }
        thread.start()
        for _ in 0..<500 where !flags.entered.load(ordering: .relaxed) { usleep(2_000) }
        let entered = flags.entered.load(ordering: .relaxed)
        #expect(entered)
    }

    @Test("threads never overlap inside, nested or not: a plain counter loses no increment")
    func exclusiveAcrossThreads() async {
        let flags = Flags()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for round in 0..<20_000 {
                        OpenALProcess.withExclusiveAccess {
                            if flags.inside.add(1, ordering: .relaxed).newValue != 1 { flags.overlaps.add(1, ordering: .relaxed) }
                            if round % 2 == 0 {
                                OpenALProcess.withExclusiveAccess { flags.value += 1 }
                            } else {
                                flags.value += 1
                            }
                            flags.inside.subtract(1, ordering: .relaxed)
                        }
                    }
                }
            }
        }
        let overlaps = flags.overlaps.load(ordering: .relaxed)
        #expect(flags.value == 80_000)
        #expect(overlaps == 0)
    }
}
