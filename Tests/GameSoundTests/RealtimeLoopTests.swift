// SPDX-License-Identifier: Zlib
import AudioSession
@testable import GameSound
import Foundation
import OpenAL
import Synchronization
import Testing

/// The real-time loop wakes when there is work, not on a fixed tick: a quiet runtime waits 20 ms
/// between updates instead of one update period, and a call ends the wait at once.
@Suite("The real-time loop", .serialized)
struct RealtimeLoopTests {
    private final class Ticks: Sendable {
        let count = Atomic<Int>(0)
    }

    @Test("a quiet wait of a second ends as soon as the loop is woken")
    func wakeEndsAQuietWait() throws {
        let ticks = Ticks()
        let loop = RealtimeLoop {
            ticks.count.add(1, ordering: .sequentiallyConsistent)
            return (wait: 1, quiet: true)
        }
        loop.start()
        defer { loop.stop() }
        for _ in 0..<200 where ticks.count.load(ordering: .sequentiallyConsistent) == 0 { usleep(5_000) }
        usleep(50_000)  // inside its one-second wait by now
        let before = ticks.count.load(ordering: .sequentiallyConsistent)
        let start = ContinuousClock.now
        loop.wake()
        while ticks.count.load(ordering: .sequentiallyConsistent) == before, ContinuousClock.now - start < .seconds(2) { usleep(1_000) }
        let waited = ContinuousClock.now - start
        #expect(waited < .milliseconds(300), "the next update came \(waited) after the wake, not at once")
    }

    @Test("a quiet real-time runtime waits the quiet poll between updates; something that moves brings back the period")
    func quietRuntimeWaitsLonger() throws {
        OpenALProcess.setDrivers("null")
        let runtime = try GameSoundRuntime(configuration: .init(output: .realtime()), system: SimulatedSystem())
        defer { runtime.shutdown() }
        usleep(100_000)
        let quiet = runtime.realtimeWaitNow
        #expect(quiet.quiet && quiet.wait == RuntimeCore.quietPollSeconds, "nothing plays: \(quiet)")
        try runtime.setBusVolume(BusName.music, 0.5, over: 2)
        let moving = runtime.realtimeWaitNow
        #expect(!moving.quiet && moving.wait < RuntimeCore.quietPollSeconds, "a bus ramp moves: \(moving)")
    }

    @Test("a real-time runtime that is let go leaves nothing alive behind it: its loop and its core do not hold each other")
    func nothingOutlivesTheRuntime() throws {
        OpenALProcess.setDrivers("null")
        weak var weakSystem: SimulatedSystem?
        do {
            let system = SimulatedSystem()
            weakSystem = system
            let runtime = try GameSoundRuntime(configuration: .init(output: .realtime()), system: system)
            _ = try runtime.play("missing") as PlayOutcome?
        } catch GameSoundError.unknownEffect {
            // Expected: the call only has to be a step, which wakes the loop.
        }
        #expect(weakSystem == nil, "the system (held by the core) outlived the runtime")
    }
}
