// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioFiles
import AudioSession
import Foundation
import GameSound
import OpenAL
import Testing

/// The model's clock (issue 27): recovery starts a voice where the model says it is, never where
/// OpenAL says. Headless, the two must agree to the frame, block after block, at every pitch and
/// rate, through ramps, pauses, odd render sizes and interruptions.
@Suite("The model's voice clock", .serialized)
struct VoiceClockTests {
    /// A looping mono or stereo tone at `rate`, 1.5 s long.
    private static func tone(rate: Int, channels: Int) -> PCMBuffer<Float> {
        let frames = rate * 3 / 2
        let mono = Signal.sine(frequency: 330, amplitude: 0.2, frameCount: frames, sampleRate: rate)
        return PCMBuffer(format: PCMFormat(sampleRate: rate, channelCount: channels),
                         samples: channels == 1 ? mono : mono.flatMap { [$0, $0] })
    }

    private static func runtime(strategy: GameSoundConfiguration.InterruptionStrategy = .suspendContext) throws
        -> (GameSoundRuntime, SimulatedSystem) {
        OpenALProcess.setDrivers("null")
        let system = SimulatedSystem()
        let runtime = try GameSoundRuntime(configuration: .init(output: .headless, voices: 16, interruptionStrategy: strategy),
                                           system: system)
        for rate in [22_050, 44_100, 48_000] {
            for channels in [1, 2] { try runtime.preload("tone-\(rate)-\(channels)", sound: tone(rate: rate, channels: channels)) }
        }
        return (runtime, system)
    }

    /// A 0.7 s loop at 22.05 kHz, as a WAV file: it wraps several times, across buffer boundaries of a queue.
    private static let loopAt22k: String = {
        let wave = Signal.sine(frequency: 440, amplitude: 0.3, frameCount: 15_435, sampleRate: 22_050)
        let path = TestAssets.directory + "/clock-stream.wav"
        _ = FileManager.default.createFile(atPath: path, contents: Data(WAVEncoder.encode(
            PCMBuffer(format: PCMFormat(sampleRate: 22_050, channelCount: 1), samples: wave), as: .pcm16)))
        return path
    }()

    /// Every voice's model offset against OpenAL's, after each render.
    private static func expectInStep(_ runtime: GameSoundRuntime, _ voices: [Voice], tolerance: Int = 0,
                                     sourceLocation: SourceLocation = #_sourceLocation) {
        for voice in voices {
            guard let offsets = runtime.voiceOffsets(voice) else { continue }
            #expect(abs(offsets.model - offsets.openAL) <= tolerance, "\(voice): model \(offsets.model), OpenAL \(offsets.openAL)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test("at every pitch and sound rate, mono and stereo, over renders of odd sizes, the model is where OpenAL is")
    func pitchesAndRates() throws {
        let (runtime, _) = try Self.runtime()
        var voices: [Voice] = []
        for (index, pitch) in [Float(0.5), 0.77, 1, 1.3, 1.999].enumerated() {
            for rate in [22_050, 44_100, 48_000] {
                let channels = 1 + (index + rate) % 2
                guard case .played(let voice, _) = try runtime.play("tone-\(rate)-\(channels)", options: .init(pitch: pitch, loop: true))
                else { continue }
                voices.append(voice)
                if voices.count == 16 { break }
            }
        }
        for size in [256, 3, 1_021, 4_096, 77, 48_000, 5] {
            _ = try runtime.render(frames: size)
            Self.expectInStep(runtime, voices)
        }
    }

    @Test("through pitch ramps, a bus paused and resumed, and voices paused by the game")
    func rampsAndPauses() throws {
        let (runtime, _) = try Self.runtime()
        guard case .played(let a, _) = try runtime.play("tone-44100-1", options: .init(pitch: 0.6, loop: true)),
              case .played(let b, _) = try runtime.play("tone-22050-2", options: .init(pitch: 1.4, loop: true, bus: .ui))
        else { Issue.record("the voices did not play"); return }
        try runtime.setVoice(a, pitch: 1.9, over: 0.7)
        try runtime.setVoice(b, pitch: 0.55, over: 0.33)
        for step in 0..<40 {
            _ = try runtime.render(frames: 997)
            if step == 10 { try runtime.setBusPaused(.ui, true) }
            if step == 17 { try runtime.pause(a) }
            if step == 23 { try runtime.setBusPaused(.ui, false) }
            if step == 31 { try runtime.resume(a) }
            Self.expectInStep(runtime, [a, b])
        }
    }

    @Test("an interruption stops the clock with the mixing; after it, both strategies resume in step", arguments: [
        GameSoundConfiguration.InterruptionStrategy.suspendContext, .rebuildContext,
    ])
    func interruptions(strategy: GameSoundConfiguration.InterruptionStrategy) throws {
        let (runtime, _) = try Self.runtime(strategy: strategy)
        guard case .played(let voice, _) = try runtime.play("tone-48000-2", options: .init(pitch: 1.37, loop: true)) else {
            Issue.record("the voice did not play")
            return
        }
        _ = try runtime.render(frames: 12_345)
        Self.expectInStep(runtime, [voice])
        let before = runtime.voiceOffsets(voice)?.model
        try runtime.perform(SystemAction(name: "phone.ring"))
        _ = try runtime.render(frames: 20_000)
        try runtime.perform(SystemAction(name: "phone.decline"))
        _ = try runtime.render(frames: 3)
        // Three frames after the call the voice is three steps on from where it stopped, in both views.
        let after = try #require(runtime.voiceOffsets(voice))
        let stopped = try #require(before)
        #expect(after.model == after.openAL)
        #expect(after.model >= stopped && after.model <= stopped + 6)
        _ = try runtime.render(frames: 9_999)
        Self.expectInStep(runtime, [voice])
    }

    @Test("a moving voice under Doppler, heard by a turning, moving listener, stays where OpenAL is over five seconds")
    func doppler() throws {
        let (runtime, _) = try Self.runtime()
        guard case .played(let voice, _) = try runtime.play("tone-48000-1", options: .init(
            position: SIMDPosition(x: -30, y: 0, z: -5), loop: true, velocity: SIMDPosition(x: 12, y: 0, z: 0)))
        else { Issue.record("the voice did not play"); return }
        // An orientation whose up is not square to at (OpenAL Soft does not square it either).
        try runtime.setListener(at: SIMDPosition(x: 1, y: 0, z: -1), up: SIMDPosition(x: 1, y: 1, z: 0),
                                velocity: SIMDPosition(x: -0.5, y: 19.5, z: 12), over: 2)
        var largest = 0
        for step in 0..<50 {
            _ = try runtime.render(frames: 4_800)
            try runtime.setVoice(voice, position: SIMDPosition(x: -30 + Float(step) * 1.2, y: 0, z: -5))
            if let offsets = runtime.voiceOffsets(voice) { largest = max(largest, abs(offsets.model - offsets.openAL)) }
        }
        // The model works the shift out as OpenAL Soft does, in the listener's space.
        #expect(largest == 0)
    }

    @Test("a Doppler-shifted voice whose listener, velocity and Doppler settings changed during an interruption resumes in step", arguments: [
        GameSoundConfiguration.InterruptionStrategy.suspendContext, .rebuildContext,
    ])
    func dopplerChangedDuringInterruption(strategy: GameSoundConfiguration.InterruptionStrategy) throws {
        let (runtime, _) = try Self.runtime(strategy: strategy)
        guard case .played(let voice, _) = try runtime.play("tone-48000-1", options: .init(
            position: SIMDPosition(x: 0, y: 0, z: -8), loop: true, velocity: SIMDPosition(x: 0, y: 0, z: 20)))
        else { Issue.record("the voice did not play"); return }
        _ = try runtime.render(frames: 9_600)
        Self.expectInStep(runtime, [voice])
        try runtime.perform(SystemAction(name: "phone.ring"))
        _ = try runtime.render(frames: 4_800)
        // While the context is away the game moves on: the listener walks towards the voice, the
        // voice turns round, and sound is made slower; only the model hears of it.
        try runtime.setListener(velocity: SIMDPosition(x: 0, y: 0, z: -40), over: 0)
        try runtime.setVoice(voice, velocity: SIMDPosition(x: 0, y: 0, z: -15))
        try runtime.setDoppler(factor: 1, speedOfSound: 250)
        try runtime.perform(SystemAction(name: "phone.decline"))
        var largest = 0
        for _ in 0..<10 {
            _ = try runtime.render(frames: 4_800)
            if let offsets = runtime.voiceOffsets(voice) { largest = max(largest, abs(offsets.model - offsets.openAL)) }
        }
        #expect(largest == 0, "the model's clock kept the step it had before the call")
    }

    @Test("a voice's velocity and occlusion changed during an interruption reach its source when the interruption ends: it then plays as one changed without an interruption", arguments: [
        GameSoundConfiguration.InterruptionStrategy.suspendContext, .rebuildContext,
    ])
    func spaceChangedDuringInterruption(strategy: GameSoundConfiguration.InterruptionStrategy) throws {
        // Two games: the first is interrupted and the game changes its voice meanwhile; the second
        // makes the same change without an interruption. Afterwards both sources must move at the
        // same Doppler-shifted rate (OpenAL's own offsets) and sound as loud.
        func playing() throws -> (GameSoundRuntime, Voice) {
            let (runtime, _) = try Self.runtime(strategy: strategy)
            guard case .played(let voice, _) = try runtime.play("tone-48000-1", options: .init(
                position: SIMDPosition(x: 0, y: 0, z: -8), loop: true, velocity: SIMDPosition(x: 0, y: 0, z: 20)))
            else { throw GameSoundError.invalidArgument("the voice did not play") }
            _ = try runtime.render(frames: 9_600)
            return (runtime, voice)
        }
        func change(_ runtime: GameSoundRuntime, _ voice: Voice) throws {
            // The voice turns round (away from the listener) and goes behind a wall.
            try runtime.setVoice(voice, velocity: SIMDPosition(x: 0, y: 0, z: -15), occlusion: 0.8)
        }
        /// How far OpenAL moves the voice in 9 600 frames, and how loud the mix is meanwhile.
        func heard(_ runtime: GameSoundRuntime, _ voice: Voice) throws -> (advance: Int, rms: Float) {
            _ = try runtime.render(frames: 4_800)  // the first mix after the change is past
            let start = try #require(runtime.voiceOffsets(voice)).openAL
            let mix = try runtime.render(frames: 9_600)
            let end = try #require(runtime.voiceOffsets(voice)).openAL
            return ((end - start + 72_000) % 72_000, Signal.rms(mix))
        }
        let (interrupted, voice) = try playing()
        try interrupted.perform(SystemAction(name: "phone.ring"))
        _ = try interrupted.render(frames: 4_800)
        try change(interrupted, voice)
        try interrupted.perform(SystemAction(name: "phone.decline"))
        let (reference, same) = try playing()
        try change(reference, same)
        let after = try heard(interrupted, voice), expected = try heard(reference, same)
        #expect(after.advance == expected.advance, "the source kept its old velocity: \(after.advance) frames, not \(expected.advance)")
        #expect(abs(after.rms - expected.rms) <= expected.rms * 0.02, "the source kept its old occlusion: rms \(after.rms), not \(expected.rms)")
    }

    @Test("a shot raised by Doppler ends when it has played out, not when it would have at its own pitch")
    func dopplerRaisedShotEndsOnTime() throws {
        let h = try Harness(soundtrack: false)
        // Coming at the listener at 100 m/s: OpenAL plays the 0.3 s beep 1.41 times as fast.
        try h.runtime.play("beep", options: .init(position: SIMDPosition(x: 0, y: 0, z: -20),
                                                   velocity: SIMDPosition(x: 0, y: 0, z: 100)))
        try h.render(seconds: 0.5)
        let lastHeard = try #require((0..<h.frame).last { h.samples[$0 * 2] != 0 || h.samples[$0 * 2 + 1] != 0 })
        let ended = try #require(h.firstEvent("voiceEnded"))
        #expect(lastHeard < 14_400 * 3 / 4, "Doppler shortens it: last heard at frame \(lastHeard)")
        #expect(ended.frame > lastHeard && ended.frame - lastHeard <= 512,
                "ended within two blocks of its last sample (\(lastHeard)), not at frame \(ended.frame)")
    }

    @Test("streams: the soundtrack and a looping stream voice at another rate are where their sources are, through pauses and loops")
    func streams() throws {
        OpenALProcess.setDrivers("null")
        let system = SimulatedSystem()
        let runtime = try GameSoundRuntime(configuration: .init(output: .headless, voices: 8), system: system,
                                           soundtrack: TestAssets.soundtrackPath)
        let stream = try runtime.playStream(Self.loopAt22k, bus: .ambience, loop: true)
        var checked = 0
        for step in 0..<60 {
            _ = try runtime.render(frames: 3_001)
            if step == 15 { try runtime.pause(stream) }
            if step == 20 { try runtime.resume(stream) }
            if step == 25 { try runtime.pauseSoundtrack() }
            if step == 33 { try runtime.resumeSoundtrack() }
            for offsets in [runtime.streamOffsets(stream), runtime.streamOffsets(nil)].compactMap({ $0 }) {
                #expect(offsets.model == offsets.openAL, "step \(step): model \(offsets.model), OpenAL \(offsets.openAL)")
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    @Test("voices and a stream that leave a fraction of a frame, rebuilt mid-play, sound exactly as if nothing happened once their first mix is over")
    func rebuildKeepsTheFraction() throws {
        func run(rebuildAt: Int?) throws -> [Float] {
            let (runtime, _) = try Self.runtime()
            _ = try runtime.play("tone-44100-1", options: .init(pitch: 1.37, loop: true))
            _ = try runtime.play("tone-22050-2", options: .init(pitch: 0.83, loop: true))
            _ = try runtime.playStream(Self.loopAt22k, bus: .ambience, loop: true)
            var samples: [Float] = []
            for block in 0..<40 {
                if block == rebuildAt { #expect(runtime.rebuildOutput()) }
                samples += try runtime.render(frames: 256)
            }
            return samples
        }
        let plain = try run(rebuildAt: nil)
        let rebuilt = try run(rebuildAt: 17)
        // The first mix after the rebuild fades the restarted voices in (OpenAL Soft); after it, nothing differs.
        let settled = (18 * 256 * 2)..<plain.count
        #expect(plain[..<(17 * 256 * 2)] == rebuilt[..<(17 * 256 * 2)])
        #expect(zip(plain[settled], rebuilt[settled]).allSatisfy { $0 == $1 })
    }

    @Test("in real time, on a device that mixes on its own thread, the clock follows the device's and is where OpenAL is")
    func realTime() throws {
        OpenALProcess.setDrivers("null")
        let runtime = try GameSoundRuntime(configuration: .init(output: .realtime(), voices: 4), system: SimulatedSystem())
        defer { runtime.shutdown() }
        try runtime.preload("tone", sound: Self.tone(rate: 44_100, channels: 1))
        guard case .played(let voice, _) = try runtime.play("tone", options: .init(pitch: 1.3, loop: true)) else {
            Issue.record("the voice did not play")
            return
        }
        var largest = 0
        for step in 0..<8 {
            Thread.sleep(forTimeInterval: 0.1)
            if step == 3 { try runtime.setVoice(voice, pitch: 0.7) }
            if step == 5 { try runtime.pause(voice) }
            if step == 6 { try runtime.resume(voice) }
            // The mixer may run a period between the two readings (the model's, then OpenAL's): of three
            // readings in a row, the closest.
            let closest = (0..<3).compactMap { _ in runtime.voiceOffsets(voice).map { abs($0.model - $0.openAL) } }.min()
            largest = max(largest, try #require(closest))
        }
        // Measured: 0 frames with the device's clock, 1 225 with the wall clock in its place (a period
        // of OpenAL Soft's mixer, 1 024 frames at 48 kHz, at the voice's rate).
        #expect(largest <= 16)
    }
}
