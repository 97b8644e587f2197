// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioFiles
import AudioSession
import GameSound
import Testing

/// Defined sounds: variants, random pitch and gain from the seeded generator, cooldowns, instance limits.
@Suite("Sound definitions")
struct SoundDefinitionTests {
    /// A runtime with three 0.1 s tones (440, 660 and 990 Hz) loaded as variants.
    private func harness(seed: UInt64 = 0) throws -> GameSoundRuntime {
        let runtime = try GameSoundRuntime(configuration: .init(policy: .effectsOnly, output: .headless, seed: seed),
                                           system: SimulatedSystem(), soundtrack: nil)
        for (name, frequency) in [("a", 440.0), ("b", 660.0), ("c", 990.0)] {
            try runtime.preload(name, sound: PCMBuffer(format: PCMFormat(sampleRate: 48_000, channelCount: 1),
                                                       samples: Signal.sine(frequency: frequency, frameCount: 4_800, sampleRate: 48_000)))
        }
        return runtime
    }

    private func startedVariants(_ runtime: GameSoundRuntime, plays: Int, _ definition: SoundDefinition) throws -> [String] {
        let recorder = EventRecorder()
        let token = runtime.addEventObserver { recorder.append($0) }
        defer { token.cancel() }
        try runtime.defineSound("shot", definition)
        for _ in 0..<plays {
            try runtime.play("shot")
            _ = try runtime.render(frames: 256)
        }
        return recorder.events.filter { $0.name == "voiceStarted" }.compactMap { event in
            event.details.first { $0.key == "variant" }.map { "\($0.value)" }
        }
    }

    @Test("avoidRepeat: 200 plays never pick the same variant twice running, and every variant is used")
    func avoidRepeat() throws {
        let variants = try startedVariants(try harness(), plays: 200, SoundDefinition(variants: ["a", "b", "c"], avoidRepeat: true))
        #expect(variants.count == 200)
        #expect(zip(variants, variants.dropFirst()).allSatisfy { $0 != $1 })
        #expect(Set(variants).count == 3)
        let repeats = try startedVariants(try harness(), plays: 200, SoundDefinition(variants: ["a", "b", "c"]))
        #expect(zip(repeats, repeats.dropFirst()).contains { $0 == $1 }, "without avoidRepeat a variant does come twice")
    }

    /// Renders 40 plays of a varied sound, one every 0.05 s.
    private func render(seed: UInt64) throws -> [Float] {
        let runtime = try harness(seed: seed)
        try runtime.defineSound("shot", SoundDefinition(variants: ["a", "b", "c"], pitch: 0.8...1.25, gain: 0.5...1))
        var samples: [Float] = []
        for _ in 0..<40 {
            try runtime.play("shot")
            samples += try runtime.render(frames: 2_400)
        }
        return samples
    }

    @Test("a render is byte-identical for one seed and differs for another")
    func seeded() throws {
        let first = try render(seed: 7), again = try render(seed: 7), other = try render(seed: 8)
        #expect(first == again)
        #expect(first != other)
        #expect(!Signal.isExactlySilent(first))
    }

    @Test("the pitch and gain are drawn within their ranges: measured on each rendered shot")
    func ranges() throws {
        let runtime = try harness(seed: 3)
        try runtime.defineSound("shot", SoundDefinition(variants: ["a"], pitch: 0.5...2, gain: 0.25...0.5))
        var frequencies: [Double] = []
        for _ in 0..<20 {
            try runtime.play("shot")
            let left = Signal.channel(0, of: try runtime.render(frames: 10_000), channelCount: 2)  // a shot lasts 0.2 s at most
            frequencies.append(Signal.dominantFrequency(Array(left.prefix(2_400)), sampleRate: 48_000))
            // 0.5 amplitude × 0.25...0.5 × the centre pan's 0.596 per side
            let peak = Signal.peak(left)
            #expect(peak > 0.5 * 0.25 * 0.59 * 0.95 && peak < 0.5 * 0.5 * 0.6 * 1.05)
        }
        #expect(frequencies.allSatisfy { $0 > 440 * 0.5 - 2 && $0 < 440 * 2 + 2 })
        #expect(Set(frequencies.map { Int($0) }).count > 10, "the pitch varies")
    }

    @Test("a cooldown refuses a play that comes too soon and allows the next one after it")
    func cooldown() throws {
        let runtime = try harness()
        let recorder = EventRecorder()
        let token = runtime.addEventObserver { recorder.append($0) }
        try runtime.defineSound("shot", SoundDefinition(variants: ["a"], cooldown: 0.1))
        #expect(try runtime.play("shot").voice != nil)
        _ = try runtime.render(frames: 2_400)
        #expect(try runtime.play("shot") == .dropped(.cooldown))
        _ = try runtime.render(frames: 2_400)
        #expect(try runtime.play("shot").voice != nil)
        #expect(recorder.events.filter { $0.name == "voiceRefused" }.count == 1)
        token.cancel()
    }

    @Test("maxInstances steals the oldest instance, or refuses, as defined")
    func maxInstances() throws {
        let runtime = try harness()
        try runtime.defineSound("loop", SoundDefinition(variants: ["a"], maxInstances: 2))
        let first = try #require(try runtime.play("loop", options: .init(loop: true)).voice)
        try runtime.play("loop", options: .init(loop: true))
        try runtime.play("loop", options: .init(loop: true))
        #expect(try runtime.state(of: first) == .ended)
        #expect(runtime.voicesInUse == 2)
        try runtime.defineSound("held", SoundDefinition(variants: ["b"], maxInstances: 1, whenFull: .refuse))
        try runtime.play("held", options: .init(loop: true))
        #expect(try runtime.play("held", options: .init(loop: true)) == .dropped(.maxInstances))
        #expect(runtime.voicesInUse == 3)
    }

    @Test("a play at maxInstances during a call is dropped without stealing the oldest instance")
    func noStealWhenDropped() throws {
        let runtime = try harness()
        try runtime.defineSound("loop", SoundDefinition(variants: ["a"], maxInstances: 1))
        let kept = try #require(try runtime.play("loop", options: .init(loop: true)).voice)
        _ = try runtime.render(frames: 2_400)
        try runtime.perform(.phoneRing)
        #expect(try runtime.play("loop", options: .init(loop: true)) == .dropped(.interrupted))
        try runtime.perform(.phoneDecline)
        let after = try runtime.render(frames: 4_800)
        #expect(try runtime.state(of: kept) == .playing)
        #expect(Signal.rms(Signal.channel(0, of: after, channelCount: 2)) > 0.1, "the kept instance is heard after the call")
    }

    @Test("bad definitions are refused and replace nothing")
    func badDefinitions() throws {
        let runtime = try harness()
        try runtime.defineSound("shot", SoundDefinition(variants: ["a"]))
        #expect(throws: GameSoundError.self) { try runtime.defineSound("shot", SoundDefinition(variants: [])) }
        #expect(throws: GameSoundError.unknownEffect("nope")) { try runtime.defineSound("shot", SoundDefinition(variants: ["a", "nope"])) }
        #expect(throws: GameSoundError.self) { try runtime.defineSound("shot", SoundDefinition(variants: ["a"], pitch: 0...1)) }
        #expect(throws: GameSoundError.self) { try runtime.defineSound("shot", SoundDefinition(variants: ["a"], cooldown: -1)) }
        #expect(throws: GameSoundError.self) { try runtime.defineSound("shot", SoundDefinition(variants: ["a"], maxInstances: 0)) }
        #expect(throws: GameSoundError.unknownBus("x")) { try runtime.defineSound("shot", SoundDefinition(variants: ["a"], bus: "x")) }
        #expect(try runtime.play("shot").voice != nil, "the first definition still plays")
    }
}
