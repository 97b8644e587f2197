// SPDX-License-Identifier: Zlib
import AudioSession
@testable import GameSound
import Foundation
import OpenAL
import Synchronization
import Testing
import TestSupport

/// The real-time loop wakes when there is work, not on a fixed tick: a quiet runtime waits for
/// what is due (a stream's refill by its clock, a voice's end, the device's check) instead of one
/// update period, and a call, a notification or the system's status moving ends the wait at once.
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

    @Test("a quiet real-time runtime waits for what is due, not a poll: on the null device, its connection check (at most 250 ms); something that moves brings back the period")
    func quietRuntimeWaitsForWhatIsDue() throws {
        OpenALProcess.setDrivers("null")
        let runtime = try GameSoundRuntime(configuration: .init(output: .realtime()), system: SimulatedSystem())
        defer { runtime.shutdown() }
        usleep(100_000)
        let quiet = runtime.realtimeWaitNow
        #expect(quiet.quiet && quiet.wait > RuntimeCore.quietPollSeconds && quiet.wait <= 0.25, "nothing plays: \(quiet)")
        let before = runtime.realtimeUpdates
        usleep(1_000_000)
        let woke = runtime.realtimeUpdates - before
        #expect((3...8).contains(woke), "a second with nothing to do: \(woke) updates (the device's check every 250 ms; 50 when it polled)")
        try runtime.setBusVolume(BusName.music, 0.5, over: 2)
        let moving = runtime.realtimeWaitNow
        #expect(!moving.quiet && moving.wait < RuntimeCore.quietPollSeconds, "a bus ramp moves: \(moving)")
    }

    @Test("a playing stream wakes the loop for its refills by its clock: the quiet wait ends when its oldest buffer has played, and it is fed all the same")
    func streamRefillsByItsClock() throws {
        OpenALProcess.setDrivers("null")
        // 48 kHz: a buffer of 4 096 frames lasts 85 ms.
        let path = StreamTests.wav("refills-by-clock.wav", [(330, 10)])
        let runtime = try GameSoundRuntime(configuration: .init(output: .realtime()), system: SimulatedSystem())
        defer { runtime.shutdown() }
        let voice = try runtime.playStream(path)
        #expect(waitFor(2) { (try? runtime.position(of: voice)).flatMap { $0 }.map { $0 > 0 } == true })
        usleep(200_000)
        let wait = runtime.realtimeWaitNow
        #expect(wait.quiet && wait.wait <= 4_096 / 48_000 + 0.002, "a buffer lasts 85 ms: \(wait)")
        let (before, start) = (runtime.realtimeUpdates, try #require(try runtime.position(of: voice)))
        usleep(2_000_000)
        let (woke, end) = (runtime.realtimeUpdates - before, try #require(try runtime.position(of: voice)))
        #expect((20...40).contains(woke), "two seconds of a stream: \(woke) updates (23 buffers, the device checked at those; 100 when it polled)")
        #expect(abs(end - start - 96_000) < 4_800, "the stream went on playing, fed: \(end - start) frames in two seconds")
        #expect(try runtime.state(of: voice) == .playing)
    }

    @Test("the system's status moving wakes a quiet loop: the silent switch flipped on the system itself (no notification) is followed at once, not at the next check")
    func statusMoveWakesTheLoop() throws {
        OpenALProcess.setDrivers("null")
        let system = SimulatedSystem()
        let silenced = Mutex<[Bool]>([])
        let runtime = try GameSoundRuntime(configuration: .init(output: .realtime()), system: system, eventObserver: { event in
            if event.name == "outputSilenced" { silenced.withLock { $0.append(true) } }
            if event.name == "outputUnsilenced" { silenced.withLock { $0.append(false) } }
        })
        defer { runtime.shutdown() }
        usleep(100_000)
        for round in 0..<3 {
            let before = runtime.realtimeUpdates
            usleep(300_000)
            let woke = runtime.realtimeUpdates - before
            #expect(woke <= 4, "round \(round): \(woke) updates in 300 ms with nothing to do (15 when it polled)")
            let start = ContinuousClock.now
            try system.perform(round % 2 == 0 ? .silentSwitchOn : .silentSwitchOff)
            #expect(waitFor(2) { silenced.withLock { $0.count } == round + 1 })
            let followed = ContinuousClock.now - start
            // (Without the system's word the loop would look every 20 ms: the count above says it does not.)
            #expect(followed < .milliseconds(150), "round \(round): followed \(followed) after the switch (the loop's check is every 250 ms)")
        }
        #expect(silenced.withLock { $0 } == [true, false, true])
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
