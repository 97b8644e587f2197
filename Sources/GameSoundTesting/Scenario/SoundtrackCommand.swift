/// What a scenario's `soundtrack` event asks of the game's soundtrack.
public enum SoundtrackCommand: String, Sendable, Hashable, CaseIterable {
    /// `"play"`: start the soundtrack (a new `track`, or the current one), or resume it where it paused.
    case play
    /// `"pause"`: pause the soundtrack, keeping its position.
    case pause
    /// `"stop"`: stop the soundtrack; the next play starts from the top.
    case stop
}
