import AudioSession
import GameSound

/// One timed step of a ``Scenario``: the game calls the runtime (fires or stops an effect, loads
/// one, drives its soundtrack), or the system does something (a call rings, headphones are pulled).
///
/// The event takes effect at the exact audio frame `round(at × sampleRate)`; events at the same
/// time happen in the order the scenario lists them. In a JSON file the key that names the kind
/// (`fire`, `stop`, `effects`, `preload`, `unload`, `soundtrack` or `system`) is the verb.
public struct ScenarioEvent: Sendable, Hashable {
    /// What happens.
    public enum Kind: Sendable, Hashable {
        /// `{"fire": NAME, "gain"?, "pitch"?, "pan"?, "loop"?, "priority"?, "voice"?}`: the game plays
        /// the effect `NAME`. Omitted options keep ``GameSound/PlayOptions``' defaults (gain 1,
        /// pitch 1, centred, once, priority 0). `voice` is a label for the voice this fire gets, so
        /// that a later ``stop(voice:)`` can stop it; a later fire with the same label takes the label over.
        case fire(String, gain: Float? = nil, pitch: Float? = nil, pan: Float? = nil, loop: Bool? = nil,
                  priority: Int? = nil, voice: String? = nil)
        /// `{"stop": LABEL}`: the game stops the voice an earlier fire labelled `LABEL`. A voice that
        /// already ended, was stolen or was never given (the fire was dropped) is left alone.
        case stop(voice: String)
        /// `{"effects": "stopAll" | "volume", "value"?}`: the game acts on all its effects.
        case effects(EffectsCommand)
        /// `{"preload": NAME}`: the game loads the effect `NAME` from the scenario's assets.
        case preload(String)
        /// `{"unload": NAME}`: the game forgets the effect `NAME`; voices playing it stop.
        case unload(String)
        /// `{"soundtrack": VERB, ...}`: the game drives its soundtrack.
        case soundtrack(SoundtrackCommand)
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
        case .fire(let name, _, _, _, _, _, _): "\"fire\": \"\(name)\""
        case .stop(let voice): "\"stop\": \"\(voice)\""
        case .effects(let command): "\"effects\": \"\(command.verb)\""
        case .preload(let name): "\"preload\": \"\(name)\""
        case .unload(let name): "\"unload\": \"\(name)\""
        case .soundtrack(let command): "\"soundtrack\": \"\(command.verb)\""
        case .system(let action): "\"system\": \"\(action.name)\""
        }
    }

    /// The play options of a `fire` event with its omitted values at their defaults; nil for other kinds.
    public var playOptions: PlayOptions? {
        guard case .fire(_, let gain, let pitch, let pan, let loop, let priority, _) = kind else { return nil }
        let defaults = PlayOptions()
        return PlayOptions(gain: gain ?? defaults.gain, pitch: pitch ?? defaults.pitch, pan: pan ?? defaults.pan,
                           loop: loop ?? defaults.loop, priority: priority ?? defaults.priority)
    }

    /// The effect this event names (`fire`, `preload` or `unload`), or nil for other kinds.
    public var effectName: String? {
        switch kind {
        case .fire(let name, _, _, _, _, _, _), .preload(let name), .unload(let name): name
        case .stop, .effects, .soundtrack, .system: nil
        }
    }
}
