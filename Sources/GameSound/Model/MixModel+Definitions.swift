// SPDX-License-Identifier: Zlib
import AudioAnalysis

/// Defined sounds (``SoundDefinition``): which variant plays, with what pitch and gain, and whether
/// the sound's cooldown or instance limit refuses it, decided from the model alone.
extension MixModel {
    /// What a play of a defined sound comes to (``decidePlay(ofDefined:at:sampleRate:random:playWillBeDropped:)``).
    enum DefinedPlay: Equatable {
        /// Refused: the cooldown has not passed, or the instances are at the limit and the
        /// definition does not steal.
        case refused(DropReason)
        /// Plays the variant `variants[index]` (`effect`), its pitch and gain multiplied by these
        /// factors, after stopping the oldest instance in slot `stealing`, if any.
        case play(effect: String, index: Int, pitch: Float, gain: Float, stealing: Int?)
    }

    /// Decides a play of the defined sound `name` at frame `now`.
    ///
    /// It always draws a variant, a pitch and a gain from `random`, in that order and as many
    /// times whatever it decides, so that one seed gives one sequence whatever is refused. A
    /// definition that avoids repeats draws again away from the variant that last played.
    ///
    /// - Parameters:
    ///   - sampleRate: The frames per second the cooldown's seconds are counted in.
    ///   - playWillBeDropped: Whether the play will be dropped anyway (during an interruption, say):
    ///     then it must not cost the oldest instance its voice. Asked only when the limit is reached.
    /// - Throws: ``GameSoundError/unknownEffect(_:)`` when no sound of that name is defined.
    func decidePlay(ofDefined name: String, at now: Int, sampleRate: Int, random: inout SplitMix64,
                    playWillBeDropped: @autoclosure () -> Bool) throws(GameSoundError) -> DefinedPlay {
        guard let sound = definitions[name] else { throw .unknownEffect(name) }
        let definition = sound.definition
        let count = definition.variants.count
        var variant = Int(random.next() % UInt64(count))
        if definition.avoidRepeat, count > 1, variant == sound.lastVariant {
            variant = (variant + 1 + Int(random.next() % UInt64(count - 1))) % count
        } else {
            _ = random.next()  // the same draws either way
        }
        let pitch = Self.draw(definition.pitch, &random), gain = Self.draw(definition.gain, &random)
        if let last = sound.lastStart, Double(now - last) < definition.cooldown * Double(sampleRate) {
            return .refused(.cooldown)
        }
        var stealing: Int?
        if let most = definition.maxInstances {
            let instances = allocator.slots.indices.filter { allocator.slots[$0].busy && voices[$0].definition == name }
            if instances.count >= most, !playWillBeDropped() {
                guard definition.whenFull == .stealOldest,
                      let oldest = instances.min(by: { allocator.slots[$0].startedAt < allocator.slots[$1].startedAt }) else {
                    return .refused(.maxInstances)
                }
                stealing = oldest
            }
        }
        return .play(effect: definition.variants[variant], index: variant, pitch: pitch, gain: gain, stealing: stealing)
    }

    /// A defined sound's variant `index` started in `slot` at `now`: its voice belongs to the sound
    /// (its instance limit counts it), and its cooldown and repeat avoidance count from here.
    mutating func definedSoundStarted(_ name: String, variant index: Int, in slot: Int, at now: Int) {
        voices[slot].definition = name
        definitions[name]?.lastVariant = index
        definitions[name]?.lastStart = now
    }

    private static func draw(_ range: ClosedRange<Float>, _ random: inout SplitMix64) -> Float {
        range.lowerBound + (range.upperBound - range.lowerBound) * Float(random.unit())
    }
}
