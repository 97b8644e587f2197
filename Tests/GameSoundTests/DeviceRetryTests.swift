// SPDX-License-Identifier: Zlib
import AudioSession
import Foundation
import GameSound
import OpenAL
import Testing

/// A real-time runtime whose output does not open waits for a device, trying again on the wall
/// clock: within 0.1 s, then 0.2 s and 0.3 s later, then every half second.
@Suite("Waiting for a device")
struct DeviceRetryTests {
    /// A real-time runtime on the null device that waits for a device: its reopen, on this thread,
    /// was refused. `arm` arms what the update thread's attempts meet, before the reopen. Returns
    /// when the reopen was asked for.
    private static func waitingRuntime(arming arm: (pthread_t) -> Void) throws -> (GameSoundRuntime, ContinuousClock.Instant) {
        OpenALProcess.setDrivers("null")
        let runtime = try GameSoundRuntime(configuration: .init(output: .realtime()), system: SimulatedSystem())
        Thread.sleep(forTimeInterval: 0.05)  // the update thread starts
        guard let updateThread = runtime.updateThread else {
            runtime.shutdown()
            Issue.record("the real-time runtime has no update thread")
            throw GameSoundError.stopped
        }
        OpenALProcess.failNextCalls(of: "alcCreateContext", count: 1, code: .invalidDevice)
        arm(pthread_t(updateThread))
        let began = ContinuousClock.now
        #expect(runtime.rebuildOutput())
        #expect(runtime.snapshot.state == .awaitingDevice)
        return (runtime, began)
    }

    @Test("an output that fails to reopen is tried 0.1, 0.2 and 0.3 s apart: refused twice more, it plays again about 0.6 s later")
    func retriesComeSoonThenSlower() throws {
        // The update thread's first two attempts are refused, as a device that has just appeared
        // refuses a stream for a moment. The third attempt opens it.
        let (runtime, began) = try Self.waitingRuntime { updateThread in
            OpenALProcess.failNextCalls(of: "alcCreateContext", count: 2, code: .invalidDevice, on: updateThread)
        }
        defer { runtime.shutdown() }
        defer { OpenALProcess.clearInjectedFailures() }
        while !runtime.isRunning, ContinuousClock.now - began < .seconds(5) { usleep(2_000) }
        let waited = ContinuousClock.now - began
        #expect(runtime.isRunning)
        #expect(runtime.liveOpenALObjects.sources > 0)
        // 0.1 + 0.2 + 0.3 s of pauses, each seen by an update at most 20 ms late (its quiet poll),
        // and three opens of the null device: 0.62 s here on a quiet machine. The bound leaves room
        // for a loaded one and still fails the old schedule (three half seconds: 1.53 s here).
        #expect(waited >= .milliseconds(590) && waited < .milliseconds(1_200), "\(waited)")
    }

    @Test("an attempt at a device that takes half a second does not hold up the game's calls: it is made without the runtime's lock, and the game plays again")
    func attemptsDoNotHoldUpCalls() throws {
        // The update thread's first attempt, 0.1 s after the reopen, gets its context only after
        // 0.5 s, as from a sound server slow to get a stream ready.
        let (runtime, began) = try Self.waitingRuntime { updateThread in
            OpenALProcess.stallNextCalls(of: "alcCreateContext", count: 1, seconds: 0.5, on: updateThread)
        }
        defer { runtime.shutdown() }
        defer { OpenALProcess.clearInjectedFailures() }
        var longest = Duration.zero, calls = 0
        while ContinuousClock.now - began < .seconds(5) {
            let call = ContinuousClock.now
            try runtime.setBusVolume(.effects, calls % 2 == 0 ? 0.9 : 1)
            let running = runtime.isRunning
            longest = max(longest, ContinuousClock.now - call)
            calls += 1
            if running { break }
            usleep(5_000)
        }
        let waited = ContinuousClock.now - began
        #expect(runtime.isRunning)
        #expect(runtime.liveOpenALObjects.sources > 0)
        // The attempt: 0.1 s after the reopen, then the 0.5 s stall: back after about 0.6 s. Had it been
        // made under the runtime's lock, a call in that half second would have waited for the rest of it
        // (0.51 s when tried); the bound leaves a busy machine room.
        #expect(waited >= .milliseconds(550), "\(waited)")
        #expect(longest < .milliseconds(250), "a call took \(longest) while the attempt stalled (\(calls) calls)")
    }
}

