// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioFiles
import AudioSession
import GameSound
import OpenAL
import Testing

/// Virtual voices: more sounds than the pool has sources, the loudest heard, the rest tracked in time.
@Suite("Virtual voices")
struct VirtualVoiceTests {
    /// A loop of 440 Hz, one second long, and the 880 Hz beep of the harness.
    static let hum = PCMBuffer(format: PCMFormat(sampleRate: 48_000, channelCount: 1),
                               samples: Signal.sine(frequency: 440, amplitude: 0.5, frameCount: 48_000, sampleRate: 48_000))

    private func runtime(voices: Int, virtualVoices: Int,
                         strategy: GameSoundConfiguration.InterruptionStrategy = .suspendContext) throws -> (GameSoundRuntime, EventRecorder) {
        var configuration = GameSoundConfiguration(policy: .effectsOnly, output: .headless, voices: voices, interruptionStrategy: strategy)
        configuration.virtualVoices = virtualVoices
        let recorder = EventRecorder()
        let runtime = try GameSoundRuntime(configuration: configuration, system: SimulatedSystem(), soundtrack: nil,
                                           eventObserver: { recorder.append($0) })
        try runtime.preload("hum", sound: Self.hum)
        try runtime.preload("beep", sound: TestAssets.beep)
        return (runtime, recorder)
    }

    @Test("500 looping emitters on a 32-voice pool: the log shows the virtualisation, and a near sound started last is heard")
    func fiveHundredEmitters() throws {
        let (runtime, recorder) = try runtime(voices: 32, virtualVoices: 500)
        var random = SplitMix64(seed: 5)
        for _ in 0..<499 {
            let angle = random.unit() * 2 * Double.pi, distance = 20 + random.unit() * 80
            let place = SIMDPosition(x: Float(cos(angle) * distance), y: 0, z: Float(sin(angle) * distance))
            #expect(try runtime.play("hum", options: .init(position: place, loop: true)).voice != nil)
        }
        _ = try runtime.render(frames: 4_800)
        #expect(runtime.voicesInUse == 499, "every emitter is a live voice")
        let near = try #require(try runtime.play("beep", options: .init(position: SIMDPosition(x: 0, y: 0, z: -1), loop: true)).voice)
        let rendered = try runtime.render(frames: 9_600)
        let left = Signal.channel(0, of: rendered, channelCount: 2)
        #expect(Signal.power(at: 880, in: Array(left.suffix(4_800)), sampleRate: 48_000) > 0.01, "the near beep is real and heard")
        #expect(try runtime.state(of: near) == .playing)
        let virtualised = recorder.events.filter { $0.name == "voiceVirtualised" }.count
        #expect(virtualised >= 499 - 32 + 1, "\(virtualised) voices made virtual")
        #expect(runtime.liveOpenALObjects.sources <= 32 + 8, "no more sources than the pool")
    }

    @Test("by default, 500 placed emitters on 32 voices: the 32 nearest are heard and the rest virtual; opted out with 0, the last started steal them",
          arguments: [nil, 0])
    func defaultHearsTheNearest(virtualVoices: Int?) throws {
        var configuration = GameSoundConfiguration(policy: .effectsOnly, output: .headless)
        if let virtualVoices { configuration.virtualVoices = virtualVoices }
        let recorder = EventRecorder()
        let runtime = try GameSoundRuntime(configuration: configuration, system: SimulatedSystem(), soundtrack: nil,
                                           eventObserver: { recorder.append($0) })
        try runtime.preload("hum", sound: Self.hum)
        try runtime.preload("beep", sound: TestAssets.beep)
        var random = SplitMix64(seed: 30)
        func around(_ distance: ClosedRange<Double>) -> SIMDPosition {
            let angle = random.unit() * 2 * Double.pi, radius = distance.lowerBound + random.unit() * (distance.upperBound - distance.lowerBound)
            return SIMDPosition(x: Float(cos(angle) * radius), y: 0, z: Float(sin(angle) * radius))
        }
        // The 32 near beeps start first, so that without virtual voices the far hums steal them all.
        for _ in 0..<32 { _ = try runtime.play("beep", options: .init(position: around(1...3), loop: true)) }
        for _ in 0..<468 { _ = try runtime.play("hum", options: .init(position: around(40...100), loop: true)) }
        let rendered = try runtime.render(frames: 9_600)
        let left = Array(Signal.channel(0, of: rendered, channelCount: 2).suffix(4_800))
        let near = Signal.power(at: 880, in: left, sampleRate: 48_000), far = Signal.power(at: 440, in: left, sampleRate: 48_000)
        if virtualVoices == nil {
            #expect(configuration.virtualVoices == GameSoundConfiguration.defaultVirtualVoices)
            #expect(runtime.voicesInUse == 500, "every emitter keeps a live voice")
            #expect(near > 0.01, "the near beeps are heard: \(near)")
            #expect(far < 1e-6, "the far hums are virtual, silent: \(far)")
            #expect(recorder.events.filter { $0.name == "voiceVirtualised" }.count == 468)
        } else {
            #expect(runtime.voicesInUse == 32)
            #expect(near < 1e-6, "opted out, the near beeps were stolen: \(near)")
            #expect(far > 1e-5, "and far hums are what is heard: \(far)")
            #expect(recorder.events.filter { $0.name == "voiceVirtualised" }.isEmpty)
        }
        #expect(runtime.liveOpenALObjects.sources <= 32 + 8, "no more sources than the pool")
    }

    @Test("a voice stopped during an interruption makes no OpenAL call, and its source serves again after it",
          arguments: GameSoundConfiguration.InterruptionStrategy.allCases)
    func stopWhileInterrupted(strategy: GameSoundConfiguration.InterruptionStrategy) throws {
        let (runtime, _) = try runtime(voices: 1, virtualVoices: 4, strategy: strategy)
        let errors = OpenALProcess.errorCountOnCurrentThread
        let hum = try #require(try runtime.play("hum", options: .init(loop: true)).voice)
        _ = try runtime.render(frames: 4_800)
        try runtime.perform(.phoneRing)
        _ = try runtime.render(frames: 4_800)
        try runtime.stop(hum)
        try runtime.stopAllEffects()
        #expect(OpenALProcess.errorCountOnCurrentThread == errors, "no OpenAL call while the context is away")
        try runtime.perform(.phoneDecline)
        _ = try runtime.render(frames: 4_800)
        let beep = try #require(try runtime.play("beep", options: .init(loop: true)).voice)
        let left = Signal.channel(0, of: try runtime.render(frames: 4_800), channelCount: 2)
        #expect(try runtime.state(of: beep) == .playing)
        #expect(Signal.power(at: 880, in: left, sampleRate: 48_000) > 0.01, "the one source was given back and plays the beep")
        #expect(Signal.power(at: 440, in: left, sampleRate: 48_000) < 1e-6, "the stopped hum stays stopped")
        #expect(runtime.liveOpenALObjects.sources == 1)
        #expect(OpenALProcess.errorCountOnCurrentThread == errors)
    }

    @Test("a virtual voice that comes near takes the source of one that went away, at the place it has reached")
    func realisedAtTheRightPlace() throws {
        let (runtime, recorder) = try runtime(voices: 1, virtualVoices: 4)
        let near = SIMDPosition(x: 0, y: 0, z: -1), far = SIMDPosition(x: 0, y: 0, z: -200)
        let first = try #require(try runtime.play("hum", options: .init(position: near, loop: true)).voice)
        _ = try runtime.render(frames: 4_800)
        let second = try #require(try runtime.play("beep", options: .init(position: far, loop: true)).voice)
        let started = runtime.currentFrame
        #expect(recorder.events.last?.name == "voiceVirtualised", "quieter than the real voice: it starts virtual")
        _ = try runtime.render(frames: 24_000)
        try runtime.setVoice(second, position: near)
        try runtime.setVoice(first, position: far)
        _ = try runtime.render(frames: 4_800)
        let realised = try #require(recorder.events.first { $0.name == "voiceRealised" })
        let offset = try #require(realised.details.first { $0.key == "offset" }.map { value -> Int in
            if case .integer(let number) = value.value { return number }
            return -1
        })
        let expected = (realised.frame - started) % TestAssets.beep.frameCount
        #expect(abs(offset - expected) <= 256, "went on from \(offset), expected about \(expected)")
        let rendered = try runtime.render(frames: 4_800)
        let left = Signal.channel(0, of: rendered, channelCount: 2)
        #expect(Signal.power(at: 880, in: left, sampleRate: 48_000) > 0.01, "the beep is heard now")
        #expect(Signal.power(at: 440, in: left, sampleRate: 48_000) < 1e-4, "the hum is virtual now")
        #expect(try runtime.state(of: first) == .playing, "a virtual voice is still a live voice")
    }

    @Test("a virtual one-shot ends when its time runs out; virtual voices survive a rebuild and a media-services reset")
    func endsAndSurvives() throws {
        let (runtime, recorder) = try runtime(voices: 1, virtualVoices: 4, strategy: .rebuildContext)
        let real = try #require(try runtime.play("hum", options: .init(position: SIMDPosition(x: 0, y: 0, z: -1), loop: true)).voice)
        let oneShot = try #require(try runtime.play("beep", options: .init(position: SIMDPosition(x: 0, y: 0, z: -300))).voice)
        let looped = try #require(try runtime.play("hum", options: .init(position: SIMDPosition(x: 0, y: 0, z: -300), loop: true)).voice)
        _ = try runtime.render(frames: 24_000)  // the 0.3 s beep is over
        #expect(try runtime.state(of: oneShot) == .ended)
        #expect(recorder.events.contains { $0.name == "voiceEnded" && $0.details.contains { $0.value == .string("finished") } })
        for (begin, end) in [(SystemAction.phoneRing, SystemAction.phoneDecline), (.mediaServicesLose, .mediaServicesReset)] {
            try runtime.perform(begin)
            _ = try runtime.render(frames: 4_800)
            try runtime.perform(end)
            _ = try runtime.render(frames: 4_800)
            #expect(try runtime.state(of: looped) == .playing)
        }
        try runtime.setVoice(looped, position: SIMDPosition(x: 0, y: 0, z: -0.5))
        try runtime.setVoice(real, position: SIMDPosition(x: 0, y: 0, z: -300))
        _ = try runtime.render(frames: 9_600)
        #expect(recorder.events.contains { $0.name == "voiceRealised" }, "it comes back when it comes near")
    }
}

#if canImport(Glibc)
import Glibc
#endif
