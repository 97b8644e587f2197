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

    /// Plays a defined sound as the model decides (``MixModel/decidePlay(ofDefined:at:sampleRate:random:playWillBeDropped:)``):
    /// refused by its cooldown or instance limit, or a variant with its drawn pitch and gain, after
    /// stopping the oldest instance when the definition steals.
    func playDefined(_ name: String, options: PlayOptions) throws(GameSoundError) -> PlayOutcome {
        let now = currentFrame
        switch try model.decidePlay(ofDefined: name, at: now, sampleRate: configuration.sampleRate, random: &random,
                                    playWillBeDropped: dropReasonNow != nil) {
        case .refused(let reason):
            return refuse(name, reason: reason)
        case .play(let effect, let index, let pitch, let gain, let stealing):
            if let oldest = stealing {
                _ = try stop(Voice(slot: oldest, generation: model.allocator.slots[oldest].generation, runtime: runtimeTag), reason: .stolen)
            }
            var played = options
            played.gain *= gain
            played.pitch *= pitch
            if let bus = model.definitions[name]?.definition.bus { played.bus = bus }
            let outcome = try play(effect, options: played, as: (name, effect))
            if let voice = outcome.voice { model.definedSoundStarted(name, variant: index, in: voice.slot, at: now) }
            return outcome
        }
    }

    private func refuse(_ name: String, reason: DropReason) -> PlayOutcome {
        log(.game, "voiceRefused", [.init("sound", .string(name)), .init("reason", .string(reason.rawValue))])
        return .dropped(reason)
    }
}
