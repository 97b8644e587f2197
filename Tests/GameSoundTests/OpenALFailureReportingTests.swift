// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioFiles
import AudioSession
import GameSound
import Logging
import OpenAL
import Testing

/// Issue 27's one error policy: a failed OpenAL call reaches the event log (`openALFailed`) and the
/// game's log (`openal.call-failed`) once, naming what it affected, and every other sound plays on.
///
/// The failures are real ones: OpenALProcess's test-only fault hook makes the named `al*` call on
/// this thread fail as OpenAL would, and everything else goes through OpenAL Soft's loopback device.
@Suite("OpenAL failure reporting")
struct OpenALFailureReportingTests {
    static let lowFrequency = 440.0
    static let highFrequency = 1_320.0

    /// A headless runtime with two looping tones playing: 440 Hz (the bystander) and 1320 Hz (the
    /// voice whose calls fail), plus what it logged and every event.
    final class Rig {
        let runtime: GameSoundRuntime
        let store = DiagnosticsTests.Capture.Store()
        let recorder = EventRecorder()
        let bystander: Voice
        let victim: Voice
        private(set) var samples: [Float] = []

        init() throws {
            OpenALProcess.setDrivers("null")
            let store = self.store, recorder = self.recorder
            runtime = try GameSoundRuntime(configuration: .init(output: .headless, voices: 8), system: SimulatedSystem(),
                                           eventObserver: { recorder.append($0) },
                                           logger: Logger(label: "gamesound") { DiagnosticsTests.Capture(label: $0, store: store) })
            for (name, frequency) in [("low", OpenALFailureReportingTests.lowFrequency), ("high", OpenALFailureReportingTests.highFrequency)] {
                try runtime.preload(name, sound: PCMBuffer(format: PCMFormat(sampleRate: 48_000, channelCount: 1),
                                                           samples: Signal.sine(frequency: frequency, amplitude: 0.3,
                                                                                frameCount: 48_000, sampleRate: 48_000)))
            }
            bystander = try #require(runtime.play("low", options: PlayOptions(loop: true)).voice)
            victim = try #require(runtime.play("high", options: PlayOptions(loop: true)).voice)
        }

        /// Renders `seconds` and returns the left channel of what it rendered.
        func render(seconds: Double) throws -> [Float] {
            let block = try runtime.render(frames: Int(seconds * 48_000))
            samples += block
            return stride(from: 0, to: block.count, by: 2).map { block[$0] }
        }

        var failures: [GameSoundEvent] { recorder.events.filter { $0.name == "openALFailed" } }
        var failureLines: [String] {
            store.entries.withLock { $0 }.filter { $0.code == "openal.call-failed" && $0.level == .error }.map(\.message)
        }

        func power(_ frequency: Double, in left: [Float]) -> Double {
            Signal.power(at: frequency, in: left, sampleRate: 48_000)
        }
    }

    private static func detail(_ event: GameSoundEvent, _ key: String) -> String? {
        event.details.first { $0.key == key }.map { "\($0.value)" }
    }

    @Test("a call that fails at every block is reported once per thing affected, typed, and the other voice plays on")
    func repeatedFailureReportedOnce() throws {
        defer { OpenALProcess.clearInjectedFailures() }
        let rig = try Rig()
        let before = try rig.render(seconds: 0.25)
        let errorsBefore = OpenALProcess.errorCountOnCurrentThread

        // A half-second gain ramp sets the victim's gain and pitch (both alSourcef) at every block: all refused.
        OpenALProcess.failNextCalls(of: "alSourcef", count: 10_000)
        try rig.runtime.setVoice(rig.victim, gain: 0.1, over: 0.5)
        let during = try rig.render(seconds: 0.75)
        OpenALProcess.clearInjectedFailures()

        #expect(OpenALProcess.errorCountOnCurrentThread - errorsBefore > 20, "the failure repeated at every block")
        let name = "voice \(rig.victim.localID)"
        let failures = rig.failures
        #expect(failures.count == 2)
        #expect(Set(failures.compactMap { Self.detail($0, "affected") }) == ["\(name)'s gain", "\(name)'s pitch"])
        for event in failures {
            #expect(event.origin == .engine)
            #expect(Self.detail(event, "operation") == "alSourcef")
            #expect(Self.detail(event, "code") == "invalidOperation")
        }
        let lines = rig.failureLines
        #expect(lines.count == 2)
        #expect(lines.contains { $0.contains("\(name)'s gain") && $0.contains("alSourcef failed") })

        // The bystander plays on as before; the victim too, at the gain it had (its new gain was refused).
        let tail = Array(during.suffix(12_000)), head = Array(before.suffix(12_000))
        #expect(rig.power(Self.lowFrequency, in: tail) > 0.5 * rig.power(Self.lowFrequency, in: head))
        #expect(rig.power(Self.lowFrequency, in: tail) < 2 * rig.power(Self.lowFrequency, in: head))
        #expect(rig.power(Self.highFrequency, in: tail) > 0.5 * rig.power(Self.highFrequency, in: head))
        #expect(rig.runtime.isRunning)
    }

    @Test("a play whose alSourcePlay fails is still a voice to the game; the failure, made by the render that writes it, is reported once and the other voices play on")
    func commandsFailureIsReportedLater() throws {
        defer { OpenALProcess.clearInjectedFailures() }
        let rig = try Rig()
        _ = try rig.render(seconds: 0.1)
        OpenALProcess.failNextCalls(of: "alSourcePlay")
        // The call records its writes and answers at once: OpenAL is not asked yet, so nothing fails here.
        let outcome = try rig.runtime.play("high", options: PlayOptions(gain: 0.5))
        let voice = try #require(outcome.voice)
        #expect(rig.failures.isEmpty, "the call reported a failure it could not have met yet")
        let after = try rig.render(seconds: 0.25)
        let name = "voice \(voice.localID)"
        #expect(rig.failures.count == 1)
        #expect(rig.failures.first.flatMap { Self.detail($0, "affected") } == name)
        #expect(rig.failures.first.flatMap { Self.detail($0, "operation") } == "alSourcePlay")
        #expect(rig.failureLines.count == 1 && rig.failureLines.allSatisfy { $0.contains(name) })
        #expect(rig.power(Self.lowFrequency, in: after) > 0.001, "the bystander stopped")
    }

    @Test("the same failure on a rebuilt context is news again")
    func rebuiltContextReportsAgain() throws {
        defer { OpenALProcess.clearInjectedFailures() }
        let rig = try Rig()
        _ = try rig.render(seconds: 0.1)
        // A pause is a command: the render after it pauses the source (and meets the failure). A
        // pause and a resume before any render would leave nothing to write at all.
        for _ in 0..<2 {
            OpenALProcess.failNextCalls(of: "alSourcePause")
            try rig.runtime.pause(rig.victim)
            _ = try rig.render(seconds: 0.05)
            try rig.runtime.resume(rig.victim)
            _ = try rig.render(seconds: 0.05)
        }
        #expect(rig.failures.count == 1, "the same failure twice on one context is reported once")
        #expect(rig.runtime.rebuildOutput())
        _ = try rig.render(seconds: 0.1)
        OpenALProcess.failNextCalls(of: "alSourcePause")
        try rig.runtime.pause(rig.victim)
        let after = try rig.render(seconds: 0.25)
        let failures = rig.failures
        #expect(failures.count == 2)
        #expect(failures.allSatisfy { Self.detail($0, "affected") == "voice \(rig.victim.localID)" })
        #expect(failures.allSatisfy { Self.detail($0, "operation") == "alSourcePause" })
        #expect(rig.failureLines.count == 2)
        // The refused pause left the victim playing, and the bystander plays on after the rebuild.
        #expect(rig.power(Self.highFrequency, in: after) > 0)
        #expect(rig.power(Self.lowFrequency, in: after) > 0.1 * rig.power(Self.highFrequency, in: after))
    }

    @Test("teardown reports what it cannot delete and goes on: the rebuilt output plays")
    func teardownReports() throws {
        defer { OpenALProcess.clearInjectedFailures() }
        let rig = try Rig()
        _ = try rig.render(seconds: 0.1)
        OpenALProcess.failNextCalls(of: "alDeleteSources")
        #expect(rig.runtime.rebuildOutput())
        OpenALProcess.clearInjectedFailures()
        let after = try rig.render(seconds: 0.25)
        let failures = rig.failures
        #expect(failures.count == 1)
        #expect(failures.first.flatMap { Self.detail($0, "operation") } == "alDeleteSources")
        #expect(failures.first.flatMap { Self.detail($0, "affected") }?.contains("source") == true)
        #expect(rig.failureLines.count == 1)
        #expect(rig.power(Self.lowFrequency, in: after) > 0)
        #expect(rig.power(Self.highFrequency, in: after) > 0)
    }
}
