// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioFiles
import AudioSession
import Foundation
import GameSound
import OpenAL
import Synchronization
import Testing
import TestSupport

/// Issue 37: the real device is paused (an interruption begins) and resumed (it ends) after the
/// step that decided it, holding the mirror's work lock only: pausing waits for OpenAL Soft's mixer
/// thread to end its period (4 to 6 ms on the null device, a server's answer on PulseAudio), and
/// every game's call used to wait for it.
@Suite("The device paused and resumed after the step, not under the runtime's lock", .serialized)
struct DeviceRunTests {
    private static let rate = 44_100

    /// A looping tone, 1.5 s long.
    private static let tone = PCMBuffer(format: PCMFormat(sampleRate: rate, channelCount: 1),
                                        samples: Signal.sine(frequency: 330, amplitude: 0.2, frameCount: rate * 3 / 2, sampleRate: rate))

    /// The OpenAL failures a runtime reported, as its events say them.
    private final class Failures: Sendable {
        let list = Mutex<[String]>([])
        var all: [String] { list.withLock { $0 } }
    }

    /// A real-time runtime on the null device (the suspend strategy) whose looping tone has played
    /// 0.1 s, with what it reports failing and its update thread, which handles the system's calls.
    private struct Playing {
        let system = SimulatedSystem()
        let failures = Failures()
        let runtime: GameSoundRuntime
        let loop: Voice
        let updateThread: pthread_t

        init() throws {
            OpenALProcess.setDrivers("null")
            let failures = failures
            runtime = try GameSoundRuntime(configuration: .init(output: .realtime(), voices: 8, interruptionStrategy: .suspendContext),
                                           system: system, eventObserver: { event in
                if event.name == "openALFailed" { failures.list.withLock { $0.append("\(event)") } }
            })
            try runtime.preload("tone", sound: DeviceRunTests.tone)
            loop = try #require(try runtime.play("tone", options: .init(loop: true)).voice, "the loop did not play")
            Thread.sleep(forTimeInterval: 0.1)
            updateThread = pthread_t(try #require(runtime.updateThread))
        }
    }

    @Test("while a call's ring pauses the device (the pause stalled 0.5 s on the update thread, which handles the ring), the game's calls go on; the frames mixed until the pause are counted, so after the call the loop is where OpenAL is")
    func pauseAfterTheStep() throws {
        let playing = try Playing()
        let (system, failures, runtime, loop) = (playing.system, playing.failures, playing.runtime, playing.loop)
        defer { runtime.shutdown() }
        // The update thread handles the ring; its pause of the device stalls, as a server's answer can.
        OpenALProcess.stallNextCalls(of: "alcDevicePauseSOFT", seconds: 0.5, on: playing.updateThread)
        let rang = ContinuousClock.now
        try system.perform(.phoneRing)
        // The interruption has begun once a play is dropped: its step is over, the pause stalls.
        #expect(try waitFor(1) {
            guard let voice = try runtime.play("tone").voice else { return true }
            try runtime.stop(voice)
            return false
        }, "no play was dropped: the interruption did not begin")
        let start = ContinuousClock.now
        for _ in 0..<20 {
            #expect(try runtime.play("tone").voice == nil)
            #expect(try runtime.state(of: loop) == .playing)
            try runtime.setBusVolume(.effects, 0.9)
        }
        let calls = start.duration(to: .now)
        #expect(calls < .milliseconds(100), "60 calls took \(calls) while the device's pause stalled")
        // A step that uses OpenAL waits for the pause: it was still stalling after those calls.
        _ = runtime.liveOpenALObjects
        let paused = rang.duration(to: .now)
        #expect(paused >= .milliseconds(450), "the pause was over \(paused) after the ring: it did not stall")
        #expect(start.duration(to: .now) > calls + .milliseconds(100), "the calls did not overlap the stalled pause")

        try system.perform(.phoneDecline)
        Thread.sleep(forTimeInterval: 0.2)
        // The device mixed the loop for the half second before its pause: the model counts it.
        let offsets = try #require(runtime.voiceOffsets(loop))
        #expect(abs(offsets.model - offsets.openAL) <= 16, "model \(offsets.model), OpenAL \(offsets.openAL)")
        #expect(failures.all.isEmpty, "\(failures.all)")
    }

    @Test("a pause that fails is reported, the call is silent all the same (no voice plays) and after it the loop is where OpenAL is")
    func failedPause() throws {
        let playing = try Playing()
        let (system, failures, runtime, loop) = (playing.system, playing.failures, playing.runtime, playing.loop)
        defer { runtime.shutdown() }
        OpenALProcess.failNextCalls(of: "alcDevicePauseSOFT", code: .invalidDevice, on: playing.updateThread)
        try system.perform(.phoneRing)
        #expect(waitFor(1) { !failures.all.isEmpty }, "the failed pause was not reported")
        let reported = failures.all
        #expect(reported.count == 1 && reported.first?.contains("alcDevicePauseSOFT") == true, "\(reported)")
        #expect(try runtime.play("tone").voice == nil, "a play during the call was not dropped")
        Thread.sleep(forTimeInterval: 0.1)
        try system.perform(.phoneDecline)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(try runtime.state(of: loop) == .playing)
        let offsets = try #require(runtime.voiceOffsets(loop))
        #expect(offsets.openAL > 0 && abs(offsets.model - offsets.openAL) <= 16, "model \(offsets.model), OpenAL \(offsets.openAL)")
    }
}
