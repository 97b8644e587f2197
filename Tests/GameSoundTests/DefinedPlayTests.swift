// SPDX-License-Identifier: Zlib
import AudioAnalysis
@testable import GameSound
import Testing

/// ``MixModel/decidePlay(ofDefined:at:sampleRate:random:playWillBeDropped:)``: a defined sound's
/// cooldown, instance limit, variants and drawn pitch and gain, decided from the model with no
/// device. (SoundDefinitionTests hears what a runtime makes of the decisions.)
@Suite("A defined sound's play, decided by the model")
struct DefinedPlayTests {
    private static let rate = 48_000

    /// A model of 4 voices with `definition` defined as "shot".
    private func model(_ definition: SoundDefinition) -> MixModel {
        var model = MixModel(voiceCount: 4, distanceModel: .inverseClamped)
        model.definitions["shot"] = DefinedSound(definition: definition)
        return model
    }

    /// Slot `slot` busy with an instance of "shot", started after those occupied before it.
    private func occupy(_ model: inout MixModel, _ slot: Int) {
        _ = model.allocator.occupy(slot, priority: 0)
        model.definedSoundStarted("shot", variant: 0, in: slot, at: 0)
    }

    @Test("an unknown name is an error")
    func unknown() {
        var random = SplitMix64(seed: 1)
        #expect(throws: GameSoundError.unknownEffect("nope")) {
            try model(SoundDefinition(variants: ["a"])).decidePlay(ofDefined: "nope", at: 0, sampleRate: Self.rate,
                                                                   random: &random, playWillBeDropped: false)
        }
    }

    @Test("within its cooldown a sound is refused, after it it plays; the draws are the same either way")
    func cooldown() throws {
        var m = model(SoundDefinition(variants: ["a", "b"], pitch: 0.5...2, cooldown: 0.1))
        m.definedSoundStarted("shot", variant: 0, in: 0, at: 10_000)
        var refusedRandom = SplitMix64(seed: 7), playedRandom = SplitMix64(seed: 7)
        let refused = try m.decidePlay(ofDefined: "shot", at: 10_000 + 4_799, sampleRate: Self.rate, random: &refusedRandom,
                                       playWillBeDropped: false)
        #expect(refused == .refused(.cooldown))
        let played = try m.decidePlay(ofDefined: "shot", at: 10_000 + 4_800, sampleRate: Self.rate, random: &playedRandom,
                                      playWillBeDropped: false)
        guard case .play(_, _, let pitch, let gain, let stealing) = played else {
            Issue.record("not played: \(played)")
            return
        }
        #expect((0.5...2).contains(pitch) && gain == 1 && stealing == nil)
        #expect(refusedRandom.next() == playedRandom.next())
    }

    @Test("at its instance limit a sound steals its oldest instance, or is refused when it does not steal, or steals nothing when the play will be dropped anyway")
    func instanceLimit() throws {
        var stealing = model(SoundDefinition(variants: ["a"], maxInstances: 2))
        occupy(&stealing, 2)
        occupy(&stealing, 1)
        var random = SplitMix64(seed: 3)
        var decision = try stealing.decidePlay(ofDefined: "shot", at: 0, sampleRate: Self.rate, random: &random, playWillBeDropped: false)
        #expect(decision == .play(effect: "a", index: 0, pitch: 1, gain: 1, stealing: 2))
        decision = try stealing.decidePlay(ofDefined: "shot", at: 0, sampleRate: Self.rate, random: &random, playWillBeDropped: true)
        #expect(decision == .play(effect: "a", index: 0, pitch: 1, gain: 1, stealing: nil))
        // One instance gone: under the limit again.
        stealing.allocator.release(2)
        decision = try stealing.decidePlay(ofDefined: "shot", at: 0, sampleRate: Self.rate, random: &random, playWillBeDropped: false)
        #expect(decision == .play(effect: "a", index: 0, pitch: 1, gain: 1, stealing: nil))

        var refusing = model(SoundDefinition(variants: ["a"], maxInstances: 1, whenFull: .refuse))
        occupy(&refusing, 0)
        decision = try refusing.decidePlay(ofDefined: "shot", at: 0, sampleRate: Self.rate, random: &random, playWillBeDropped: false)
        #expect(decision == .refused(.maxInstances))
    }

    @Test("a definition that avoids repeats never draws the variant that played last")
    func avoidRepeat() throws {
        var m = model(SoundDefinition(variants: ["a", "b", "c"], avoidRepeat: true))
        var random = SplitMix64(seed: 11)
        var chosen: [Int] = []
        for step in 0..<60 {
            guard case .play(let effect, let index, _, _, _) = try m.decidePlay(ofDefined: "shot", at: step, sampleRate: Self.rate,
                                                                                random: &random, playWillBeDropped: false) else {
                Issue.record("refused at step \(step)")
                return
            }
            #expect(effect == ["a", "b", "c"][index])
            if let last = chosen.last { #expect(index != last, "variant \(index) twice in a row at step \(step)") }
            chosen.append(index)
            m.definedSoundStarted("shot", variant: index, in: 0, at: step)
        }
        #expect(Set(chosen) == [0, 1, 2])
    }
}
