// SPDX-License-Identifier: Zlib
import AudioAnalysis

/// Sound definitions: variants, random pitch and gain, cooldowns and instance limits.
extension RuntimeCore {
    func defineSound(_ name: String, _ definition: SoundDefinition) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        guard !definition.variants.isEmpty else { throw .invalidArgument("sound '\(name)' needs at least one variant") }
        for variant in definition.variants where bank[variant] == nil { throw .unknownEffect(variant) }
        let pitch = definition.pitch, gain = definition.gain
        guard pitch.lowerBound.isFinite, pitch.upperBound.isFinite, pitch.lowerBound > 0 else {
            throw .invalidArgument("sound '\(name)': the pitch range must be finite and above 0")
        }
        guard gain.lowerBound.isFinite, gain.upperBound.isFinite, gain.lowerBound >= 0 else {
            throw .invalidArgument("sound '\(name)': the gain range must be finite and at least 0")
        }
        guard definition.cooldown.isFinite, definition.cooldown >= 0 else {
            throw .invalidArgument("sound '\(name)': the cooldown must be a finite number of seconds ≥ 0")
        }
        if let most = definition.maxInstances, most < 1 { throw .invalidArgument("sound '\(name)': maxInstances must be at least 1") }
        if let bus = definition.bus { _ = try model.buses.index(of: bus) }
        model.definitions[name] = DefinedSound(definition: definition)
    }

    /// Plays a defined sound: checks its cooldown and instance limit, draws a variant, a pitch and a
    /// gain (always all three, so one seed gives one sequence whatever is refused), and plays it.
    func playDefined(_ name: String, options: PlayOptions) throws(GameSoundError) -> PlayOutcome {
        guard var sound = model.definitions[name] else { throw .unknownEffect(name) }
        let definition = sound.definition
        let count = definition.variants.count
        var variant = Int(random.next() % UInt64(count))
        if definition.avoidRepeat, count > 1, variant == sound.lastVariant {
            variant = (variant + 1 + Int(random.next() % UInt64(count - 1))) % count
        } else {
            _ = random.next()  // the same draws either way
        }
        let pitch = Self.draw(definition.pitch, &random), gain = Self.draw(definition.gain, &random)
        let now = currentFrame
        if let last = sound.lastStart, Double(now - last) < definition.cooldown * Double(configuration.sampleRate) {
            return refuse(name, reason: .cooldown)
        }
        let instances = model.allocator.slots.indices.filter { model.allocator.slots[$0].busy && model.voices[$0].definition == name }
        // A play that will be dropped anyway (during a call, say) must not cost the oldest its voice.
        if let most = definition.maxInstances, instances.count >= most, dropReasonNow == nil {
            guard definition.whenFull == .stealOldest,
                  let oldest = instances.min(by: { model.allocator.slots[$0].startedAt < model.allocator.slots[$1].startedAt }) else {
                return refuse(name, reason: .maxInstances)
            }
            _ = try stop(Voice(slot: oldest, generation: model.allocator.slots[oldest].generation, runtime: runtimeTag), reason: .stolen)
        }
        var played = options
        played.gain *= gain
        played.pitch *= pitch
        if let bus = definition.bus { played.bus = bus }
        let outcome = try play(definition.variants[variant], options: played, as: (name, definition.variants[variant]))
        if let voice = outcome.voice {
            model.voices[voice.slot].definition = name
            sound.lastVariant = variant
            sound.lastStart = now
            model.definitions[name] = sound
        }
        return outcome
    }

    private func refuse(_ name: String, reason: DropReason) -> PlayOutcome {
        log(.game, "voiceRefused", [.init("sound", .string(name)), .init("reason", .string(reason.rawValue))])
        return .dropped(reason)
    }

    private static func draw(_ range: ClosedRange<Float>, _ random: inout SplitMix64) -> Float {
        range.lowerBound + (range.upperBound - range.lowerBound) * Float(random.unit())
    }
}
