// SPDX-License-Identifier: Zlib
/// A command from the system's media controls (media keys, a headset's button, a desktop's
/// player applet) for the Now Playing app.
///
/// The counterpart on iOS is `MPRemoteCommandCenter`; on the Linux desktop the commands are the
/// MPRIS methods `Play`, `Pause`, `PlayPause` and `Next` called on the game's player.
public enum RemoteCommand: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Start or resume playing.
    case play
    /// Pause, keeping the position.
    case pause
    /// Pause if playing, play if paused.
    case togglePlayPause
    /// Skip to the next track: the app decides what that means.
    case nextTrack

    /// The command's name: `play`, `pause`, `togglePlayPause` or `nextTrack`.
    public var description: String { rawValue }
}
