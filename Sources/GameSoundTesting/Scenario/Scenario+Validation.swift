/// The checks that do not depend on JSON: they hold for scenarios built in code as well as parsed ones.
extension Scenario {
    /// Checks the scenario's values and timeline, and optionally that every effect it names exists.
    ///
    /// - Parameter sounds: The effect names available, or nil to skip that check.
    /// - Throws: ``ScenarioError`` for the first problem: a sample rate not in
    ///   ``supportedSampleRates``, a duration not in (0, ``maximumDuration``], voices outside
    ///   1...255, an unknown sound in ``preloadedEffects``, an event with a negative or non-finite
    ///   time, one before the previous event or past the duration, an option out of range, an
    ///   unknown sound, a `stop` of a voice label no earlier `fire` gave, or a soundtrack step that
    ///   needs a track when the scenario has none.
    public func validate(sounds: Set<String>? = nil) throws(ScenarioError) {
        try validateSettings()
        try validateLaunchEffects(sounds: sounds)
        var previous = 0.0
        for (index, event) in events.enumerated() {
            try validate(event, index: index, after: previous, sounds: sounds)
            previous = event.at
        }
    }

    /// Checks the values outside the events: rate, duration and voices.
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
            let field = switch event.kind { case .preload: "preload" case .unload: "unload" default: "fire" }
            throw failure(field, Self.unknownSound(name, sounds: sounds))
        }
        switch event.kind {
        case .fire(_, let gain, let pitch, let pan, _, _, let voice):
            if let gain, !(gain.isFinite && gain >= 0) { throw failure("gain", "field \"gain\" (\(gain)) must be 0 or more") }
            if let pitch, !(pitch.isFinite && pitch > 0) { throw failure("pitch", "field \"pitch\" (\(pitch)) must be more than 0") }
            if let pan, !(pan.isFinite && (-1...1).contains(pan)) {
                throw failure("pan", "field \"pan\" (\(pan)) must be within -1...1")
            }
            if voice?.isEmpty == true { throw failure("voice", "field \"voice\" must be a non-empty label") }
        case .stop(let voice):
            guard labelsGiven(before: index).contains(voice) else {
                throw failure("stop", "no earlier \"fire\" event gave a voice the label '\(voice)'")
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

    private func checkFade(_ seconds: Double?, field: String,
                           failure: (String, String) -> ScenarioError) throws(ScenarioError) {
        guard let seconds else { return }
        guard seconds.isFinite, seconds >= 0, seconds <= Self.maximumDuration else {
            throw failure(field, "field \"\(field)\" (\(seconds)) must be a time of 0 to \(Self.maximumDuration) seconds")
        }
    }

    private static func unknownSound(_ name: String, sounds: Set<String>) -> String {
        let known = sounds.isEmpty ? "none are available" : "available: " + sounds.sorted().joined(separator: ", ")
        return "unknown sound '\(name)' (\(known))"
    }

    /// Whether the game has a soundtrack by the event at `index`: one at launch, or an earlier
    /// `play` or `crossfade` that named a track.
    private func hasTrack(before index: Int) -> Bool {
        soundtrack != nil || events[..<index].contains { event in
            if case .soundtrack(let command) = event.kind { command.track?.isEmpty == false } else { false }
        }
    }

    /// The voice labels that `fire` events before `index` gave.
    private func labelsGiven(before index: Int) -> Set<String> {
        Set(events[..<index].compactMap { event in
            if case .fire(_, _, _, _, _, _, let voice?) = event.kind { voice } else { nil }
        })
    }
}
