import AudioSession
import GameSound

/// One timed step of a ``Scenario``: the game fires an effect, drives its soundtrack, or the
/// system does something (a call rings, headphones are pulled).
///
/// The event takes effect at the exact audio frame `round(at × sampleRate)`; events at the same
/// time happen in the order the scenario lists them.
public struct ScenarioEvent: Sendable, Hashable {
    /// What happens.
    public enum Kind: Sendable, Hashable {
        /// `{"fire": NAME, ...}`: the game plays the effect `NAME`. Omitted options keep
        /// ``GameSound/PlayOptions``' defaults (gain 1, pitch 1, centred, once, priority 0).
        case fire(String, gain: Float? = nil, pitch: Float? = nil, pan: Float? = nil, loop: Bool? = nil,
                  priority: Int? = nil)
        /// `{"soundtrack": "play" | "pause" | "stop", "track"?}`: the game drives its soundtrack;
        /// `track` (an asset name or a path, only with `play`) switches to another track.
        case soundtrack(SoundtrackCommand, track: String? = nil)
        /// `{"system": NAME, ...parameters}`: the simulated system performs an action.
        case system(SystemAction)
    }

    /// When the event happens, in seconds from the start of the scenario.
    public var at: Double
    /// What happens.
    public var kind: Kind

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - at: The time in seconds from the start; zero or more, within the scenario's duration.
    ///   - kind: What happens.
    public init(at: Double, _ kind: Kind) {
        self.at = at
        self.kind = kind
    }

    /// The event's kind and subject as a scenario file spells them, for example `"fire": "laser"`.
    public var summary: String {
        switch kind {
        case .fire(let name, _, _, _, _, _): "\"fire\": \"\(name)\""
        case .soundtrack(let command, _): "\"soundtrack\": \"\(command.rawValue)\""
        case .system(let action): "\"system\": \"\(action.name)\""
        }
    }

    /// The play options of a `fire` event with its omitted values at their defaults; nil for other kinds.
    public var playOptions: PlayOptions? {
        guard case .fire(_, let gain, let pitch, let pan, let loop, let priority) = kind else { return nil }
        let defaults = PlayOptions()
        return PlayOptions(gain: gain ?? defaults.gain, pitch: pitch ?? defaults.pitch, pan: pan ?? defaults.pan,
                           loop: loop ?? defaults.loop, priority: priority ?? defaults.priority)
    }
}
