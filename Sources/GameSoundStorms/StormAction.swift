// SPDX-License-Identifier: Zlib
import AudioSession
import GameSound
import GameSoundTesting

/// One step of a storm: something the system or the game does, then a few frames rendered.
public enum StormAction: Hashable, Sendable, CustomStringConvertible {
    /// The simulated system acts (a call, a route change, the silent switch...).
    case system(SystemAction)
    /// Fires an effect with no place in the world.
    case fire(String, loop: Bool, priority: Int)
    /// Fires the looping probe (priority 100, so no other effect can steal its voice).
    case fireProbe
    /// Stops the last voice played at once.
    case stopLastVoice
    /// Stops every effect.
    case stopAllEffects
    /// Plays a soundtrack, or the current one for nil.
    case playSoundtrack(String?)
    /// Pauses the soundtrack.
    case pauseSoundtrack
    /// Resumes the soundtrack.
    case resumeSoundtrack
    /// Stops the soundtrack, fading out over `fade` seconds (at once for 0).
    case stopSoundtrack(fade: Double)
    /// Crossfades to another track.
    case crossfade(String, duration: Double)
    /// Loads an effect.
    case preload(String)
    /// Forgets an effect.
    case unload(String)
    /// Sets the effects volume.
    case effectsVolume(Float)
    /// The mixing layer: a bus's volume (never 0, so the probe stays audible), ramped.
    case busVolume(String, Float, over: Double)
    /// The last voice played: its gain ramped.
    case setLastVoiceGain(Float, over: Double)
    /// The last voice played: paused.
    case pauseLastVoice
    /// The last voice played: resumed.
    case resumeLastVoice
    /// The last voice played: faded out over the seconds given, and stopped.
    case stopLastVoiceFade(Double)
    /// The space layer: fires an effect placed in the world (position, velocity, reverb send, occlusion).
    case fireInSpace(String, loop: Bool, priority: Int, StormPlacement)
    /// The space layer: moves the last voice played, giving it a velocity at once or not.
    case moveLastVoice(to: SIMDPosition, velocity: SIMDPosition?, over: Double)
    /// The space layer: moves, turns or speeds the listener (at least one of the three).
    case listener(position: SIMDPosition?, orientation: ListenerOrientation?, velocity: SIMDPosition?, over: Double)
    /// The space layer: crossfades the reverb to another environment.
    case environment(Environment, over: Double)
    /// The mixing layer: mutes or unmutes a bus (never the probe's, `effects`, nor `master`).
    case busMute(String, Bool)
    /// The mixing layer: pauses or resumes a bus and what plays on it (`music` holds the soundtrack).
    case busPause(String, Bool)
    /// Streams a soundtrack file on the ambience bus (one storm stream at a time: skipped while one
    /// plays); the stream becomes the last voice, so the voice steps reach it.
    case playStream(String, loop: Bool)
    /// Plays the defined sound ``StormAssets/definedSound`` (variants, random pitch and gain).
    case fireDefined(loop: Bool, priority: Int)

    /// The step in words, for a failure report.
    public var description: String {
        switch self {
        case .system(let action): "system \(action)"
        case .fire(let name, let loop, let priority): "fire \(name) loop=\(loop) priority=\(priority)"
        case .fireProbe: "fire probe (looping)"
        case .stopLastVoice: "stop the last voice played"
        case .stopAllEffects: "stopAllEffects"
        case .playSoundtrack(let track): "playSoundtrack \(track ?? "(current)")"
        case .pauseSoundtrack: "pauseSoundtrack"
        case .resumeSoundtrack: "resumeSoundtrack"
        case .stopSoundtrack(let fade): "stopSoundtrack fadeOut=\(fade)"
        case .crossfade(let track, let duration): "crossfade to \(track) over \(duration) s"
        case .preload(let name): "preload \(name)"
        case .unload(let name): "unload \(name)"
        case .effectsVolume(let volume): "effectsVolume \(volume)"
        case .busVolume(let bus, let volume, let over): "bus \(bus) volume \(volume) over \(over) s"
        case .setLastVoiceGain(let gain, let over): "set the last voice's gain to \(gain) over \(over) s"
        case .pauseLastVoice: "pause the last voice"
        case .resumeLastVoice: "resume the last voice"
        case .stopLastVoiceFade(let fade): "stop the last voice with a \(fade) s fade"
        case .fireInSpace(let name, let loop, let priority, let placement):
            "fire \(name) loop=\(loop) priority=\(priority) \(placement)"
        case .moveLastVoice(let position, let velocity, let over):
            "move the last voice to \(Self.words(position)) over \(over) s" + (velocity.map { ", velocity \(Self.words($0))" } ?? "")
        case .listener(let position, let orientation, let velocity, let over):
            "listener" + (position.map { " to \(Self.words($0))" } ?? "")
                + (orientation.map { " facing \(Self.words($0.at)) up \(Self.words($0.up))" } ?? "")
                + (velocity.map { " velocity \(Self.words($0))" } ?? "") + " over \(over) s"
        case .environment(let environment, let over): "environment \(environment.rawValue) over \(over) s"
        case .busMute(let bus, let muted): "bus \(bus) \(muted ? "muted" : "unmuted")"
        case .busPause(let bus, let paused): "bus \(bus) \(paused ? "paused" : "resumed")"
        case .playStream(let track, let loop): "stream \(track) loop=\(loop)"
        case .fireDefined(let loop, let priority): "fire the defined \(StormAssets.definedSound) loop=\(loop) priority=\(priority)"
        }
    }

    /// A vector as `(x, y, z)`.
    static func words(_ vector: SIMDPosition) -> String { "(\(vector.x), \(vector.y), \(vector.z))" }
}
