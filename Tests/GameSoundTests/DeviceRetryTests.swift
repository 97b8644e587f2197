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
    @Test("an output that fails to reopen is tried 0.1, 0.2 and 0.3 s apart: refused twice more, it plays again about 0.6 s later")
    func retriesComeSoonThenSlower() throws {
        OpenALProcess.setDrivers("null")
        let runtime = try GameSoundRuntime(configuration: .init(output: .realtime()), system: SimulatedSystem())
        defer { runtime.shutdown() }
        Thread.sleep(forTimeInterval: 0.05)  // the update thread starts
        let updateThread = try #require(runtime.updateThread)
        // The reopen (on this thread) is refused, then the update thread's first two attempts: as a
        // device that has just appeared refuses a stream for a moment. The third attempt opens it.
        OpenALProcess.failNextCalls(of: "alcCreateContext", count: 1, code: .invalidDevice)
        OpenALProcess.failNextCalls(of: "alcCreateContext", count: 2, code: .invalidDevice, on: pthread_t(updateThread))
        defer { OpenALProcess.clearInjectedFailures() }
        let began = ContinuousClock.now
        #expect(runtime.rebuildOutput())
        #expect(runtime.snapshot.state == .awaitingDevice)
        while !runtime.isRunning, ContinuousClock.now - began < .seconds(5) { usleep(2_000) }
        let waited = ContinuousClock.now - began
        #expect(runtime.isRunning)
        #expect(runtime.liveOpenALObjects.sources > 0)
        // 0.1 + 0.2 + 0.3 s of pauses, each seen by an update at most 20 ms late (its quiet poll),
        // and three opens of the null device: 0.62 s here on a quiet machine. The bound leaves room
        // for a loaded one and still fails the old schedule (three half seconds: 1.53 s here).
        #expect(waited >= .milliseconds(590) && waited < .milliseconds(1_200), "\(waited)")
    }
}
