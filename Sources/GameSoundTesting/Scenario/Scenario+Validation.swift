// SPDX-License-Identifier: Zlib
import GameSound

/// The checks that do not depend on JSON: they hold for scenarios built in code as well as parsed ones.
extension Scenario {
    /// Checks the scenario's values and timeline, and optionally that every effect it names exists.
    ///
    /// - Parameter sounds: The effect names available, or nil to skip that check.
    /// - Throws: ``ScenarioError`` for the first problem: a sample rate not in
    ///   ``supportedSampleRates``, a duration not in (0, ``maximumDuration``], voices outside
    ///   1...255, virtual voices outside 0...``maximumVirtualVoices``, an unknown sound in
    ///   ``preloadedEffects``; in ``buses`` an unknown parent, a loop,
    ///   a negative volume or reserve, a limit below 1 or more voices reserved than the pool has; in
    ///   ``ducking`` an unknown bus, a negative depth or time, or a bus ducking one it plays through;
    ///   in ``sounds`` no variants, an unknown variant or one missing from ``preloadedEffects``, a
    ///   pitch range not above 0, a negative gain or cooldown, or `maxInstances` below 1; an event
    ///   with a negative or non-finite time, one before the previous event or past the duration, an
    ///   option or ramp out of range, an unknown sound or bus, a `stop`, `pause`, `resume` or `set`
    ///   of a voice label no earlier `fire` or `stream` gave, a `set` of a stream's pitch, pan or
    ///   position, or a soundtrack step that needs a track when the scenario has none; in space, a
    ///   position or velocity that is not three finite numbers within ±``maximumCoordinate``, a fire's
    ///   velocity without a position, a reverb send or occlusion outside 0...1, a `move` of a label no
    ///   earlier `fire` gave or that a `stream` gave, a `listener` event that changes nothing, a zero
    ///   orientation vector or `at` along `up`, or a negative `over`.
    public func validate(sounds: Set<String>? = nil) throws(ScenarioError) {
        try validateSettings()
        try validateLaunchEffects(sounds: sounds)
        try validateMixing(effects: sounds)
        var previous = 0.0
        for (index, event) in events.enumerated() {
            try validate(event, index: index, after: previous, sounds: sounds)
            previous = event.at
        }
    }

    /// Checks the values outside the events: rate, duration, voices and virtual voices.
    func validateSettings() throws(ScenarioError) {
        guard Self.supportedSampleRates.contains(sampleRate) else {
            let rates = Self.supportedSampleRates.map(String.init).joined(separator: ", ")
            throw ScenarioError(field: "sampleRate", message: "field \"sampleRate\" (\(sampleRate)) is not one of \(rates)")
        }
        guard duration.isFinite, duration > 0, duration <= Self.maximumDuration else {
            throw ScenarioError(field: "duration",
                                message: "field \"duration\" (\(duration)) must be more than 0 and at most \(Self.maximumDuration) seconds")
        }
        guard (1...255).contains(voices) else {
            throw ScenarioError(field: "voices", message: "field \"voices\" (\(voices)) must be within 1...255")
        }
        guard (0...Self.maximumVirtualVoices).contains(virtualVoices) else {
            throw ScenarioError(field: "virtualVoices",
                                message: "field \"virtualVoices\" (\(virtualVoices)) must be within 0...\(Self.maximumVirtualVoices)")
        }
    }

    /// Checks the names of the effects loaded at launch (the `preload` list).
    func validateLaunchEffects(sounds: Set<String>?) throws(ScenarioError) {
        for name in preloadedEffects ?? [] {
            guard !name.isEmpty else {
                throw ScenarioError(field: "preload", message: "field \"preload\" must list non-empty effect names")
            }
            if let sounds, !sounds.contains(name) {
                throw ScenarioError(field: "preload", message: Self.unknownSound(name, sounds: sounds))
            }
        }
    }

    /// Checks one event against the scenario and the events before it (`previous` is the last one's time).
    func validate(_ event: ScenarioEvent, index: Int, after previous: Double,
                  sounds: Set<String>?) throws(ScenarioError) {
        func failure(_ field: String, _ message: String) -> ScenarioError {
            ScenarioError(eventIndex: index, field: field, message: message, event: event.summary)
        }
        guard event.at.isFinite, event.at >= 0 else {
            throw failure("at", "field \"at\" (\(event.at)) must be a time of zero or more seconds")
        }
        guard event.at <= duration else {
            throw failure("at", "field \"at\" (\(event.at)) is past the scenario's duration (\(duration))")
        }
        guard event.at >= previous else {
            throw failure("at", "field \"at\" (\(event.at)) comes before the previous event's (\(previous)); events must be in time order")
        }
        if let name = event.effectName, let sounds, !sounds.contains(name) {
            switch event.kind {
            case .preload: throw failure("preload", Self.unknownSound(name, sounds: sounds))
            case .unload: throw failure("unload", Self.unknownSound(name, sounds: sounds))
            default:
                // A fire may name a sound the scenario defines as well as an effect.
                if self.sounds[name] == nil {
                    throw failure("fire", Self.unknownSound(name, sounds: sounds.union(self.sounds.keys)))
                }
            }
        }
        if let label = event.voiceLabel, label.isEmpty {
            let field = switch event.kind {
            case .fire, .stream: "voice" case .stop: "stop" case .pause: "pause" case .resume: "resume" case .move: "move" default: "set"
            }
            throw failure(field, "field \"\(field)\" must be a non-empty label")
        }
        switch event.kind {
        case .fire(_, let gain, let pitch, let pan, _, _, _, let bus, let position, let velocity, let reverbSend, let occlusion):
            try checkVoiceValues(gain: gain, pitch: pitch, pan: pan, position: position, failure: failure)
            if let bus, !busNames.contains(bus) { throw failure("bus", Self.unknownBus(bus, known: busNames)) }
            try checkPlacement(position: position, velocity: velocity, reverbSend: reverbSend, occlusion: occlusion, failure: failure)
        case .stream(let asset, _, let bus, _, let gain):
            if asset.isEmpty { throw failure("stream", "field \"stream\" must be a non-empty asset name or path") }
            try checkVoiceValues(gain: gain, pitch: nil, pan: nil, position: nil, failure: failure)
            if let bus, !busNames.contains(bus) { throw failure("bus", Self.unknownBus(bus, known: busNames)) }
        case .stop(let voice, let fade):
            try checkLabel(voice, field: "stop", before: index, failure: failure)
            try checkFade(fade, field: "fade", failure: failure)
        case .pause(let voice):
            try checkLabel(voice, field: "pause", before: index, failure: failure)
        case .resume(let voice):
            try checkLabel(voice, field: "resume", before: index, failure: failure)
        case .set(let voice, let gain, let pitch, let pan, let position, let over):
            try checkLabel(voice, field: "set", before: index, failure: failure)
            guard gain != nil || pitch != nil || pan != nil || position != nil else {
                throw failure("set", "a set event changes at least one of \"gain\", \"pitch\", \"pan\" and \"position\"")
            }
            try checkVoiceValues(gain: gain, pitch: pitch, pan: pan, position: position, failure: failure)
            try checkFade(over, field: "over", failure: failure)
            if let stream = streamGiving(voice, before: index),
               let field = [("pitch", pitch != nil), ("pan", pan != nil), ("position", position != nil)].first(where: \.1)?.0 {
                throw failure(field, "the label '\(voice)' names the stream of event \(stream): a stream's gain can change, "
                                  + "not its \"\(field)\"")
            }
        case .move(let voice, let position, let velocity, let over):
            try checkLabel(voice, field: "move", before: index, failure: failure)
            if let stream = streamGiving(voice, before: index) {
                throw failure("move", "the label '\(voice)' names the stream of event \(stream): a stream has no place in the world, "
                                  + "so it cannot move")
            }
            try Self.checkVector(position, field: "position", failure: failure)
            try Self.checkVector(velocity, field: "velocity", failure: failure)
            try checkFade(over, field: "over", failure: failure)
        case .listener(let position, let orientation, let velocity, let over):
            guard position != nil || orientation != nil || velocity != nil else {
                throw failure("listener", "a listener event changes at least one of \"position\", \"orientation\" and \"velocity\"")
            }
            try Self.checkVector(position, field: "listener.position", failure: failure)
            if let orientation { try Self.check(orientation, failure: failure) }
            try Self.checkVector(velocity, field: "listener.velocity", failure: failure)
            try checkFade(over, field: "over", failure: failure)
        case .environment(_, let over):
            try checkFade(over, field: "over", failure: failure)
        case .bus(let bus, let command):
            guard busNames.contains(bus) else { throw failure("bus", Self.unknownBus(bus, known: busNames)) }
            if case .volume(let volume, let over) = command {
                if !(volume.isFinite && volume >= 0) { throw failure("volume", "field \"volume\" (\(volume)) must be 0 or more") }
                try checkFade(over, field: "over", failure: failure)
            }
        case .effects(.volume(let value)), .soundtrack(.volume(let value)):
            if !(value.isFinite && (0...1).contains(value)) { throw failure("value", "field \"value\" (\(value)) must be within 0...1") }
        case .effects(.stopAll), .preload, .unload, .system, .soundtrack(.pause):
            break
        case .soundtrack(.play(let track, let fadeIn)):
            try checkFade(fadeIn, field: "fadeIn", failure: failure)
            if track == nil, !hasTrack(before: index) {
                throw failure("track", "\"play\" needs a \"track\": the scenario has no soundtrack")
            }
        case .soundtrack(.resume(let fadeIn)):
            try checkFade(fadeIn, field: "fadeIn", failure: failure)
            if !hasTrack(before: index) {
                throw failure("soundtrack", "\"resume\" needs a soundtrack: the scenario has none, and no earlier event names a track")
            }
        case .soundtrack(.stop(let fadeOut)):
            try checkFade(fadeOut, field: "fadeOut", failure: failure)
        case .soundtrack(.crossfade(let track, let fadeDuration)):
            if track.isEmpty { throw failure("track", "field \"track\" must be a non-empty track") }
            try checkFade(fadeDuration, field: "duration", failure: failure)
        }
    }

    /// Checks the values a `fire` or `set` gives a voice.
    private func checkVoiceValues(gain: Float?, pitch: Float?, pan: Float?, position: SIMDPosition?,
                                  failure: (String, String) -> ScenarioError) throws(ScenarioError) {
        if let gain, !(gain.isFinite && gain >= 0) { throw failure("gain", "field \"gain\" (\(gain)) must be 0 or more") }
        if let pitch, !(pitch.isFinite && pitch > 0) { throw failure("pitch", "field \"pitch\" (\(pitch)) must be more than 0") }
        if let pan, !(pan.isFinite && (-1...1).contains(pan)) { throw failure("pan", "field \"pan\" (\(pan)) must be within -1...1") }
        try Self.checkVector(position, field: "position", failure: failure)
    }

    /// Checks that an earlier `fire` or `stream` gave the label an event acts on.
    private func checkLabel(_ label: String, field: String, before index: Int,
                            failure: (String, String) -> ScenarioError) throws(ScenarioError) {
        guard labelsGiven(before: index).contains(label) else {
            throw failure(field, "no earlier \"fire\" or \"stream\" event gave a voice the label '\(label)'")
        }
    }

    private func checkFade(_ seconds: Double?, field: String,
                           failure: (String, String) -> ScenarioError) throws(ScenarioError) {
        guard let seconds else { return }
        guard seconds.isFinite, seconds >= 0, seconds <= Self.maximumDuration else {
            throw failure(field, "field \"\(field)\" (\(seconds)) must be a time of 0 to \(Self.maximumDuration) seconds")
        }
    }

    static func unknownSound(_ name: String, sounds: Set<String>) -> String {
        "unknown sound '\(name)' (\(available(sounds)))"
    }

    static func available(_ names: Set<String>) -> String {
        names.isEmpty ? "none are available" : "available: " + names.sorted().joined(separator: ", ")
    }

    /// Whether the game has a soundtrack by the event at `index`: one at launch, or an earlier
    /// `play` or `crossfade` that named a track.
    private func hasTrack(before index: Int) -> Bool {
        soundtrack != nil || events[..<index].contains { event in
            if case .soundtrack(let command) = event.kind { command.track?.isEmpty == false } else { false }
        }
    }

    /// The voice labels that `fire` and `stream` events before `index` gave.
    private func labelsGiven(before index: Int) -> Set<String> {
        Set(events[..<index].compactMap { event in
            switch event.kind {
            case .fire(_, _, _, _, _, _, let voice?, _, _, _, _, _), .stream(_, let voice, _, _, _): voice
            default: nil
            }
        })
    }

    /// The index of the `stream` event that last gave `label` before `index`, or nil when the last
    /// event to give it was a `fire` (or none did): a later fire with the label takes it over.
    private func streamGiving(_ label: String, before index: Int) -> Int? {
        for earlier in events[..<index].indices.reversed() {
            switch events[earlier].kind {
            case .stream(_, label, _, _, _): return earlier
            case .fire(_, _, _, _, _, _, label?, _, _, _, _, _): return nil
            default: continue
            }
        }
        return nil
    }
}
