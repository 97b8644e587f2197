// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioFiles
import AudioSession
import Foundation
import GameSound
import Testing

/// Space on the rendered audio: panning and HRTF by route, the listener, Doppler, reverb, occlusion.
@Suite("Space")
struct SpaceTests {
    /// A 20 ms click of 1 kHz, for reverb tails.
    static let click = PCMBuffer(format: PCMFormat(sampleRate: 48_000, channelCount: 1),
                                 samples: Signal.sine(frequency: 1_000, amplitude: 0.8, frameCount: 960, sampleRate: 48_000))

    private func harness(strategy: GameSoundConfiguration.InterruptionStrategy = .suspendContext) throws -> Harness {
        let h = try Harness(policy: .effectsOnly, soundtrack: false, strategy: strategy)
        try h.runtime.preload("click", sound: Self.click)
        return h
    }

    private func rms(_ h: Harness, channel: Int, _ frames: Range<Int>) -> Float {
        Signal.rms(frames.map { h.samples[$0 * 2 + channel] })
    }

    private func last(_ h: Harness, _ frames: Int = 4_800) -> Range<Int> { (h.frame - frames)..<h.frame }

    private let right = SIMDPosition(x: 3, y: 0, z: 0)

    @Test("on speakers a source at +X is in the right channel only; plugging headphones switches to HRTF (both ears, the near one louder) with no gap, and back")
    func hrtfFollowsTheRoute() throws {
        let h = try harness()
        try h.runtime.play("beep", options: .init(position: right, loop: true))
        try h.render(seconds: 0.3)
        #expect(rms(h, channel: 0, last(h)) == 0 && rms(h, channel: 1, last(h)) > 0.05, "speakers: right only")
        #expect(!h.runtime.isHRTFActive)
        let plugged = h.frame
        try h.perform("route.plug", ["port": .string("headphones")])
        try h.render(seconds: 0.3)
        let event = try #require(h.firstEvent("spatializationChanged"))
        #expect(event.frame == plugged)
        #expect(event.details.first { $0.key == "mode" }?.value == .string("hrtf"))
        #expect(event.details.contains { $0.key == "hrtf" }, "names the HRTF set")
        let left = rms(h, channel: 0, last(h)), rightEar = rms(h, channel: 1, last(h))
        #expect(left > 0.01 && rightEar > left * 1.3, "HRTF: both ears, the right louder (\(left), \(rightEar))")
        #expect(h.runtime.isHRTFActive)
        // No gap longer than a block around the switch.
        let around = (plugged - 256)..<(plugged + 512)
        var silentRun = 0, longest = 0
        for frame in around {
            silentRun = h.samples[frame * 2] == 0 && h.samples[frame * 2 + 1] == 0 ? silentRun + 1 : 0
            longest = max(longest, silentRun)
        }
        #expect(longest < 256, "a gap of \(longest) frames")
        try h.perform("route.unplug", ["port": .string("headphones")])
        try h.render(seconds: 0.3)
        #expect(rms(h, channel: 0, last(h)) == 0, "speakers again: right only")
        #expect(h.events.filter { $0.name == "spatializationChanged" }.count == 2)
    }

    @Test("turning the listener 180° swaps the sides; a ramped turn passes through the middle")
    func listenerTurns() throws {
        let h = try harness()
        try h.runtime.play("beep", options: .init(position: right, loop: true))
        try h.render(seconds: 0.2)
        #expect(rms(h, channel: 0, last(h)) == 0)
        try h.runtime.setListener(at: SIMDPosition(x: 0, y: 0, z: 1), over: 1)
        try h.render(seconds: 0.5)
        let halfway = last(h, 480)
        #expect(rms(h, channel: 0, halfway) > 0.01 && rms(h, channel: 1, halfway) > 0.01, "facing +X halfway: the sound ahead")
        try h.render(seconds: 0.6)
        #expect(rms(h, channel: 1, last(h)) == 0 && rms(h, channel: 0, last(h)) > 0.05, "turned round: left only")
        #expect(h.runtime.listener.at == SIMDPosition(x: 0, y: 0, z: 1))
        try h.runtime.setListener(position: SIMDPosition(x: 6, y: 0, z: 0), at: SIMDPosition(x: 0, y: 0, z: -1))
        try h.render(seconds: 0.2)
        #expect(rms(h, channel: 1, last(h)) == 0 && rms(h, channel: 0, last(h)) > 0.05, "walked past it: now on the left")
    }

    @Test("a fly-by is higher in pitch while it approaches than after it has passed")
    func dopplerFlyBy() throws {
        let h = try harness()
        let speed: Float = 60
        let start = SIMDPosition(x: -60, y: 0, z: -2), end = SIMDPosition(x: 60, y: 0, z: -2)
        let voice = try #require(try h.runtime.play("beep", options: .init(position: start, loop: true,
                                                                          velocity: SIMDPosition(x: speed, y: 0, z: 0))).voice)
        try h.runtime.setVoice(voice, position: end, over: 2)
        try h.render(seconds: 2)
        let approaching = Signal.dominantFrequency(h.left(12_000..<24_000), sampleRate: 48_000)
        let receding = Signal.dominantFrequency(h.right(72_000..<84_000), sampleRate: 48_000)
        #expect(approaching > 880 * 1.1, "approaching: \(approaching) Hz")
        #expect(receding < 880 * 0.9, "receding: \(receding) Hz")
    }

    @Test("a reverb tail lasts after a short dry sound ends; a dry control has none", arguments: [true, false])
    func reverbTail(wet: Bool) throws {
        let h = try harness()
        if wet { try h.runtime.setEnvironment(.hall) }
        try h.render(seconds: 0.1)
        let start = h.frame
        try h.runtime.play("click", options: .init(reverbSend: 1))
        try h.render(seconds: 1)
        let tail = (start + 960 + 2_400)..<(start + 960 + 24_000)
        if wet {
            #expect(rms(h, channel: 0, tail) > 0.002, "a tail after the click")
            #expect(h.firstEvent("environmentChanged") != nil)
        } else {
            #expect(h.isSilent(tail), "dry: nothing after the click")
        }
    }

    @Test("an environment set during a call is heard after it, with either strategy",
          arguments: GameSoundConfiguration.InterruptionStrategy.allCases)
    func environmentSetDuringACall(strategy: GameSoundConfiguration.InterruptionStrategy) throws {
        let h = try harness(strategy: strategy)
        try h.runtime.setEnvironment(.room)
        try h.render(seconds: 0.1)
        try h.perform("phone.ring")
        try h.runtime.setEnvironment(.hangar)
        try h.render(seconds: 0.2)
        try h.perform("phone.decline")
        try h.render(seconds: 0.1)
        let start = h.frame
        try h.runtime.play("click", options: .init(reverbSend: 1))
        try h.render(seconds: 1.5)
        // The room's tail is gone within 0.4 s; the hangar's rings for seconds.
        #expect(rms(h, channel: 0, (start + 48_000)..<(start + 72_000)) > 0.0005, "the hangar after the call")
    }

    @Test("an environment loaded after renders of odd lengths does not crash OpenAL Soft, and renders of any chunk lengths sound alike",
          arguments: [Environment.hangar, .hall, .cave, .underwater, .corridor])
    func environmentAfterOddRenders(environment: Environment) throws {
        // Storm seed 3 shrunk: 2 753 frames, then a reverb, then more frames crashed inside
        // alcRenderSamplesSOFT (OpenAL Soft 1.19.1's reverb fade, which needs mixes in groups of 4).
        func run(_ chunks: [Int]) throws -> [Float] {
            let h = try harness()
            try h.runtime.play("beep", options: .init(loop: true, reverbSend: 1))
            var samples = try h.runtime.render(frames: 2_753)
            try h.runtime.setEnvironment(environment)
            for chunk in chunks { samples += try h.runtime.render(frames: chunk) }
            return samples
        }
        let chunks = [1, 2, 3, 5, 63, 65, 127, 129, 255, 3_790, 7, 1]
        let odd = try run(chunks)
        let whole = try run([chunks.reduce(0, +)])
        #expect(odd.count == whole.count)
        // Not sample for sample: OpenAL Soft ramps a changed gain over each mix call, so where the
        // calls fall shapes the crossfade's steps. The level after it is the same.
        let heard = Signal.rms(Array(odd.suffix(4_000))), reference = Signal.rms(Array(whole.suffix(4_000)))
        #expect(heard > 0.01 && abs(heard - reference) < reference * 0.1, "\(heard) against \(reference)")
    }

    @Test("frames mixed ahead by a render of odd length are silent if a call starts before they are handed out")
    func carriedFramesFollowSilence() throws {
        let h = try harness()
        try h.runtime.play("beep", options: .init(loop: true))
        try h.render(seconds: 0.1)
        let before = try h.runtime.render(frames: 1)   // mixes a group of 4 frames: 3 are carried
        #expect(before.contains { $0 != 0 })
        try h.perform("phone.ring")
        let after = try h.runtime.render(frames: 512)
        #expect(after.allSatisfy { $0 == 0 }, "silent from the first frame after the call began")
    }

    @Test("occlusion lowers the direct sound by at least 5 dB at its fullest")
    func occlusion() throws {
        let h = try harness()
        let voice = try #require(try h.runtime.play("beep", options: .init(loop: true)).voice)
        try h.render(seconds: 0.2)
        let open = rms(h, channel: 0, last(h))
        try h.runtime.setVoice(voice, occlusion: 1)
        try h.render(seconds: 0.2)
        let occluded = rms(h, channel: 0, last(h))
        #expect(20 * log10(occluded / open) < -5, "\(open) → \(occluded)")
    }

    enum Trouble: String, CaseIterable { case callSuspend, callRebuild, mediaServicesReset }

    @Test("the listener, the environment and HRTF survive an interruption with either strategy and a media-services reset",
          arguments: Trouble.allCases)
    func survivesTheSession(trouble: Trouble) throws {
        let h = try harness(strategy: trouble == .callRebuild ? .rebuildContext : .suspendContext)
        try h.perform("route.plug", ["port": .string("headphones")])
        try h.runtime.setEnvironment(.hangar)
        try h.runtime.setListener(at: SIMDPosition(x: 0, y: 0, z: 1))
        try h.runtime.play("beep", options: .init(position: right, loop: true, reverbSend: 0))
        try h.render(seconds: 0.3)
        let before = (left: rms(h, channel: 0, last(h)), right: rms(h, channel: 1, last(h)))
        #expect(before.left > before.right * 1.3, "turned round on headphones: the left ear is nearer")
        try h.perform(trouble == .mediaServicesReset ? "mediaServices.lose" : "phone.ring")
        try h.render(seconds: 0.5)
        try h.perform(trouble == .mediaServicesReset ? "mediaServices.reset" : "phone.decline")
        try h.render(seconds: 0.3)
        let after = (left: rms(h, channel: 0, last(h)), right: rms(h, channel: 1, last(h)))
        #expect(h.runtime.isHRTFActive)
        #expect(abs(after.left - before.left) < before.left * 0.05 && abs(after.right - before.right) < before.right * 0.05,
                "the same sound in each ear: \(before) then \(after)")
        #expect(h.runtime.environment == .hangar)
        let start = h.frame
        try h.runtime.play("click", options: .init(reverbSend: 1))
        try h.render(seconds: 1)
        #expect(Signal.rms(h.left((start + 4_000)..<(start + 24_000))) > before.left, "the hangar's tail is still there")
    }

    @Test("bad input: NaN or infinite numbers, a zero or parallel orientation, an out-of-range send — an error, nothing changed")
    func badInput() throws {
        let h = try harness()
        let voice = try #require(try h.runtime.play("beep", options: .init(loop: true)).voice)
        #expect(throws: GameSoundError.self) { try h.runtime.setListener(position: SIMDPosition(x: .nan, y: 0, z: 0)) }
        #expect(throws: GameSoundError.self) { try h.runtime.setListener(at: SIMDPosition(x: 0, y: 0, z: 0)) }
        #expect(throws: GameSoundError.self) { try h.runtime.setListener(at: SIMDPosition(x: 0, y: 2, z: 0)) }
        #expect(throws: GameSoundError.self) { try h.runtime.setListener(velocity: SIMDPosition(x: .infinity, y: 0, z: 0)) }
        #expect(throws: GameSoundError.self) { try h.runtime.play("beep", options: .init(position: SIMDPosition(x: .nan, y: 0, z: 0))) }
        #expect(throws: GameSoundError.self) { try h.runtime.play("beep", options: .init(reverbSend: 2)) }
        #expect(throws: GameSoundError.self) { try h.runtime.play("beep", options: .init(referenceDistance: 0)) }
        #expect(throws: GameSoundError.self) { try h.runtime.setVoice(voice, velocity: SIMDPosition(x: .nan, y: 0, z: 0)) }
        #expect(throws: GameSoundError.self) { try h.runtime.setVoice(voice, occlusion: -1) }
        #expect(throws: GameSoundError.self) { try h.runtime.setDoppler(factor: -1) }
        #expect(h.runtime.listener == Listener())
        #expect(h.runtime.voicesInUse == 1)
    }
}

extension Harness {
    func right(_ frames: Range<Int>) -> [Float] { frames.map { samples[$0 * 2 + 1] } }
}
