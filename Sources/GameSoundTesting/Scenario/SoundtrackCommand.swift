// SPDX-License-Identifier: Zlib
/// What a scenario's `soundtrack` event asks of the game's soundtrack.
///
/// Each case is one call on `GameSoundRuntime`; the JSON spells the case as the value of
/// the `soundtrack` key and its parameters as keys beside it, for example
/// `{"at": 2, "soundtrack": "crossfade", "track": "boss", "duration": 1.5}`.
public enum SoundtrackCommand: Sendable, Hashable {
    /// `"play"`, with an optional `"track"` and `"fadeIn"`: start the soundtrack (a new track, or the
    /// current one from where it is), as `GameSoundRuntime.playSoundtrack(_:loop:fadeIn:)` does.
    ///
    /// `track` is an asset name or a file path; nil keeps the current track. `fadeIn` is in seconds;
    /// nil means 0 (full volume at once).
    case play(track: String? = nil, fadeIn: Double? = nil)
    /// `"pause"`: pause the soundtrack at once, keeping its position.
    case pause
    /// `"resume"`, with an optional `"fadeIn"` in seconds: resume a paused soundtrack where it stopped,
    /// as `GameSoundRuntime.resumeSoundtrack(fadeIn:)` does.
    case resume(fadeIn: Double? = nil)
    /// `"stop"`, with an optional `"fadeOut"` in seconds: stop the soundtrack; the next play starts
    /// from the top.
    case stop(fadeOut: Double? = nil)
    /// `"crossfade"`, with a required `"track"` and an optional `"duration"` in seconds (2 when
    /// omitted): fade the current track out while `track` fades in from its start.
    case crossfade(track: String, duration: Double? = nil)
    /// `"volume"`, with a required `"value"` within 0...1: set the soundtrack's volume.
    case volume(Float)

    /// The command as the `soundtrack` key spells it, for example `"crossfade"`.
    public var verb: String {
        switch self {
        case .play: "play"
        case .pause: "pause"
        case .resume: "resume"
        case .stop: "stop"
        case .crossfade: "crossfade"
        case .volume: "volume"
        }
    }

    /// The track this command switches to, if it names one (`play` with a track, or `crossfade`).
    public var track: String? {
        switch self {
        case .play(let track, _): track
        case .crossfade(let track, _): track
        case .pause, .resume, .stop, .volume: nil
        }
    }

    /// Every verb the `soundtrack` key accepts, in the order the documentation lists them.
    public static let verbs = ["play", "pause", "resume", "stop", "crossfade", "volume"]
}
