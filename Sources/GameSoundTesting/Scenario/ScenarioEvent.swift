// SPDX-License-Identifier: Zlib
import AudioSession
import GameSound

/// One timed step of a ``Scenario``: the game calls the runtime (fires, streams, changes, moves or
/// stops a voice, moves the listener, changes the environment, loads an effect, drives a bus or its
/// soundtrack), or the system does something (a call rings, headphones are pulled).
///
/// The event takes effect at the exact audio frame `round(at × sampleRate)`; events at the same
/// time happen in the order the scenario lists them. In a JSON file the key that names the kind
/// (`fire`, `stream`, `stop`, `pause`, `resume`, `set`, `move`, `listener`, `environment`, `bus`,
/// `effects`, `preload`, `unload`, `soundtrack` or `system`) is the verb.
public struct ScenarioEvent: Sendable, Hashable {
    /// What happens.
    public enum Kind: Sendable, Hashable {
        /// `{"fire": NAME, "gain"?, "pitch"?, "pan"?, "loop"?, "priority"?, "voice"?, "bus"?, "position"?,
        /// "velocity"?, "reverbSend"?, "occlusion"?}`: the game plays the effect or defined sound `NAME`.
        /// Omitted options keep `PlayOptions`' defaults (gain 1, pitch 1, centred, once, priority 0, the
        /// effects bus, no place, still, the bus's reverb send, nothing in the way). `voice` is a label
        /// for the voice this fire gets, so that later events can find it; a later fire with the same
        /// label takes the label over. `position` places the sound in the world (its side then comes
        /// from where it is, not from `pan`), and `velocity`, which needs a `position`, is heard as the
        /// Doppler shift.
        case fire(String, gain: Float? = nil, pitch: Float? = nil, pan: Float? = nil, loop: Bool? = nil,
                  priority: Int? = nil, voice: String? = nil, bus: BusName? = nil, position: SIMDPosition? = nil,
                  velocity: SIMDPosition? = nil, reverbSend: Float? = nil, occlusion: Float? = nil)
        /// `{"stream": ASSET, "voice": LABEL, "bus"?, "loop"?, "gain"?}`: the game streams a file from
        /// disk on a bus (an ambience bed, a long line of dialogue), as
        /// `GameSoundRuntime.playStream(_:bus:loop:gain:)` does. `ASSET` is a stream or soundtrack name
        /// from the assets, or a file path. Omitted options keep `playStream`'s defaults: the ambience
        /// bus, looping, gain 1. The stream's voice gets the label `voice`, so that later `set` (gain
        /// only), `pause`, `resume` and `stop` events can find it.
        case stream(String, voice: String, bus: BusName? = nil, loop: Bool? = nil, gain: Float? = nil)
        /// `{"stop": LABEL, "fade"?}`: the game stops the voice an earlier fire labelled `LABEL`, at once
        /// or fading it out over `fade` seconds. A voice that already ended, was stolen or was never
        /// given (the fire was dropped) is left alone.
        case stop(voice: String, fade: Double? = nil)
        /// `{"pause": LABEL}`: the game pauses the labelled voice where it is.
        case pause(voice: String)
        /// `{"resume": LABEL}`: the game resumes the labelled voice from where it was paused.
        case resume(voice: String)
        /// `{"set": LABEL, "gain"?, "pitch"?, "pan"?, "position"?, "over"?}`: the game changes the
        /// labelled voice while it plays, each value given moving to its new one over `over`
        /// seconds (at once when omitted). At least one value is given; a stream's voice takes only `gain`.
        case set(voice: String, gain: Float? = nil, pitch: Float? = nil, pan: Float? = nil,
                 position: SIMDPosition? = nil, over: Double? = nil)
        /// `{"move": LABEL, "position", "velocity"?, "over"?}`: the game moves the labelled voice to
        /// `position` over `over` seconds (at once when omitted), and gives it the `velocity` (at once)
        /// for the Doppler shift, as `GameSoundRuntime.setVoice(_:gain:pitch:pan:position:velocity:occlusion:reverbSend:over:)`
        /// does. A stream's voice has no place, so it cannot move.
        case move(voice: String, position: SIMDPosition, velocity: SIMDPosition? = nil, over: Double? = nil)
        /// `{"listener": {"position"?, "orientation"?: {"at", "up"}, "velocity"?}, "over"?}`: the game
        /// moves or turns the listener, each value given moving to its new one over `over` seconds (at
        /// once when omitted; a turn goes round on the sphere), as
        /// `GameSoundRuntime.setListener(position:at:up:velocity:over:)` does. At least one value is given.
        case listener(position: SIMDPosition? = nil, orientation: ListenerOrientation? = nil, velocity: SIMDPosition? = nil,
                      over: Double? = nil)
        /// `{"environment": PRESET, "over"?}`: the game puts the listener in another acoustic space,
        /// crossfading the reverb over `over` seconds (at once when omitted), as
        /// `GameSoundRuntime.setEnvironment(_:over:)` does.
        case environment(Environment, over: Double? = nil)
        /// `{"bus": NAME, "volume" | "mute" | "paused": ..., "over"?}`: the game acts on one bus.
        case bus(BusName, BusCommand)
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
        case .fire(let name, _, _, _, _, _, _, _, _, _, _, _): "\"fire\": \"\(name)\""
        case .stream(let asset, _, _, _, _): "\"stream\": \"\(asset)\""
        case .stop(let voice, _): "\"stop\": \"\(voice)\""
        case .pause(let voice): "\"pause\": \"\(voice)\""
        case .resume(let voice): "\"resume\": \"\(voice)\""
        case .set(let voice, _, _, _, _, _): "\"set\": \"\(voice)\""
        case .move(let voice, _, _, _): "\"move\": \"\(voice)\""
        case .listener: "\"listener\": {…}"
        case .environment(let environment, _): "\"environment\": \"\(environment.rawValue)\""
        case .bus(let bus, _): "\"bus\": \"\(bus.name)\""
        case .effects(let command): "\"effects\": \"\(command.verb)\""
        case .preload(let name): "\"preload\": \"\(name)\""
        case .unload(let name): "\"unload\": \"\(name)\""
        case .soundtrack(let command): "\"soundtrack\": \"\(command.verb)\""
        case .system(let action): "\"system\": \"\(action.name)\""
        }
    }

    /// The play options of a `fire` event with its omitted values at their defaults; nil for other kinds.
    public var playOptions: PlayOptions? {
        guard case .fire(_, let gain, let pitch, let pan, let loop, let priority, _, let bus, let position, let velocity,
                         let reverbSend, let occlusion) = kind else { return nil }
        let defaults = PlayOptions()
        return PlayOptions(gain: gain ?? defaults.gain, pitch: pitch ?? defaults.pitch, pan: pan ?? defaults.pan, position: position,
                           loop: loop ?? defaults.loop, priority: priority ?? defaults.priority, bus: bus ?? defaults.bus,
                           velocity: velocity, reverbSend: reverbSend, occlusion: occlusion ?? defaults.occlusion)
    }

    /// The effect or defined sound this event names (`fire`, `preload` or `unload`), or nil for other kinds.
    public var effectName: String? {
        switch kind {
        case .fire(let name, _, _, _, _, _, _, _, _, _, _, _), .preload(let name), .unload(let name): name
        case .stream, .stop, .pause, .resume, .set, .move, .listener, .environment, .bus, .effects, .soundtrack, .system: nil
        }
    }

    /// The voice label this event gives (`fire` with `voice`, `stream`) or acts on (`stop`, `pause`,
    /// `resume`, `set`, `move`), or nil.
    public var voiceLabel: String? {
        switch kind {
        case .fire(_, _, _, _, _, _, let voice, _, _, _, _, _): voice
        case .stream(_, let voice, _, _, _): voice
        case .stop(let voice, _), .pause(let voice), .resume(let voice), .set(let voice, _, _, _, _, _), .move(let voice, _, _, _): voice
        case .listener, .environment, .bus, .effects, .preload, .unload, .soundtrack, .system: nil
        }
    }
}
