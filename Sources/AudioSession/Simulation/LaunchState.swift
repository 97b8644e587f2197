// SPDX-License-Identifier: Zlib
/// The simulated system's state when the game launches, as a scenario's `launch` object gives it.
public struct LaunchState: Sendable, Hashable {
    /// Which other audio plays at launch.
    public enum OtherAudio: String, Sendable, Hashable, CaseIterable {
        /// Silence.
        case none
        /// The music player plays (non-mixable audio).
        case music
        /// Another app plays mixable audio (playback with mixWithOthers).
        case mixable

        /// Parses the scenario spelling.
        ///
        /// - Parameter name: `"none"`, `"music"` or `"mixable"`.
        /// - Returns: `nil` for anything else.
        public init?(name: String) {
            self.init(rawValue: name)
        }
    }

    /// Which other audio plays.
    public var otherAudio: OtherAudio
    /// Whether the silent switch is on.
    public var silentSwitch: Bool
    /// Whether the screen is locked.
    public var screenLocked: Bool
    /// The output device plugged in at launch; `builtInSpeaker` (or another built-in port) means none.
    public var route: Port

    /// Creates a launch state; the defaults are a quiet unlocked device on its speaker.
    ///
    /// - Parameters:
    ///   - otherAudio: Which other audio plays.
    ///   - silentSwitch: Whether the silent switch is on.
    ///   - screenLocked: Whether the screen is locked.
    ///   - route: The device plugged in, or `builtInSpeaker` for none.
    public init(
        otherAudio: OtherAudio = .none, silentSwitch: Bool = false, screenLocked: Bool = false,
        route: Port = .builtInSpeaker
    ) {
        self.otherAudio = otherAudio
        self.silentSwitch = silentSwitch
        self.screenLocked = screenLocked
        self.route = route
    }
}
