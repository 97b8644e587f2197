/// The checks that do not depend on JSON: they hold for scenarios built in code as well as parsed ones.
extension Scenario {
    /// Checks the scenario's values and timeline, and optionally that every fired sound exists.
    ///
    /// - Parameter sounds: The effect names available, or nil to skip that check.
    /// - Throws: ``ScenarioError`` for the first problem: a sample rate not in
    ///   ``supportedSampleRates``, a duration not in (0, ``maximumDuration``], voices outside
    ///   1...255, an event with a negative or non-finite time, one before the previous event or
    ///   past the duration, a fire option out of range, or an unknown sound.
    public func validate(sounds: Set<String>? = nil) throws(ScenarioError) {
        try validateSettings()
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
        switch event.kind {
        case .fire(let name, let gain, let pitch, let pan, _, _):
            if let sounds, !sounds.contains(name) {
                let known = sounds.isEmpty ? "none are available" : "available: " + sounds.sorted().joined(separator: ", ")
                throw failure("fire", "unknown sound '\(name)' (\(known))")
            }
            if let gain, !(gain.isFinite && gain >= 0) { throw failure("gain", "field \"gain\" (\(gain)) must be 0 or more") }
            if let pitch, !(pitch.isFinite && pitch > 0) { throw failure("pitch", "field \"pitch\" (\(pitch)) must be more than 0") }
            if let pan, !(pan.isFinite && (-1...1).contains(pan)) {
                throw failure("pan", "field \"pan\" (\(pan)) must be within -1...1")
            }
        case .soundtrack(let command, let track):
            if track != nil, command != .play { throw failure("track", "field \"track\" is only allowed with \"play\"") }
            if command == .play, track == nil, soundtrack == nil, !hasEarlierTrack(before: index) {
                throw failure("track", "\"play\" needs a \"track\": the scenario has no soundtrack")
            }
        case .system:
            break
        }
    }

    /// Whether an earlier `soundtrack` event named a track, so that a bare `play` has one to play.
    private func hasEarlierTrack(before index: Int) -> Bool {
        events[..<index].contains { event in
            if case .soundtrack(.play, let track?) = event.kind { track.isEmpty == false } else { false }
        }
    }
}
