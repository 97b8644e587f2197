import AudioSession

/// One step of a storm: something the system or the game does, then a few frames rendered.
enum StormAction: Hashable, Sendable, CustomStringConvertible {
    case system(SystemAction)
    case fire(String, loop: Bool, priority: Int)
    /// Fires the looping probe (priority 100, so no other effect can steal its voice).
    case fireProbe
    case stopLastVoice
    case stopAllEffects
    case playSoundtrack(String?)
    case pauseSoundtrack
    case resumeSoundtrack
    case stopSoundtrack(fade: Double)
    case crossfade(String, duration: Double)
    case preload(String)
    case unload(String)
    case effectsVolume(Float)
    /// The mixing layer: a bus's volume (never 0, so the probe stays audible), ramped.
    case busVolume(String, Float, over: Double)
    /// The last voice played: its gain ramped, paused, resumed, or faded out and stopped.
    case setLastVoiceGain(Float, over: Double)
    case pauseLastVoice
    case resumeLastVoice
    case stopLastVoiceFade(Double)

    var description: String {
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
        }
    }
}

/// A step and the frames rendered after it.
struct StormStep: Hashable, Sendable {
    var action: StormAction
    var framesAfter: Int
}
