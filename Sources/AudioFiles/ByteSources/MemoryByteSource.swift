// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``SeekableByteSource`` over bytes already in memory (a sound effect, a test fixture).
final class MemoryByteSource: SeekableByteSource {
    private let bytes: [UInt8]
    private var offset = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    func read(into destination: UnsafeMutableRawPointer, count: Int) -> Int {
        let available = max(0, min(count, bytes.count - offset))
        if available == 0 {
            errno = 0
            return 0
        }
        bytes.withUnsafeBytes { all in
            UnsafeMutableRawBufferPointer(start: destination, count: available)
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: all[offset..<(offset + available)]))
        }
        offset += available
        return available
    }

    func seek(offset requested: Int64, whence: Int32) -> Int32 {
        let base: Int64
        switch whence {
        case SEEK_SET: base = 0
        case SEEK_CUR: base = Int64(offset)
        case SEEK_END: base = Int64(bytes.count)
        default: return -1
        }
        let (target, overflow) = base.addingReportingOverflow(requested)
        // Like fseek, a position past the end is allowed (reads there return nothing).
        guard !overflow, target >= 0, target <= Int64(Int.max) else { return -1 }
        offset = Int(target)
        return 0
    }

    func tell() -> Int { offset }

    func close() {}
}
