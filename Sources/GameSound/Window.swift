// SPDX-License-Identifier: Zlib
/// What the game's window is doing, as the game's toolkit reports it (SDL's window events, GLFW's
/// focus and iconify callbacks): the desktop's version of an app's lifecycle.
public enum WindowState: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// On screen with the keyboard focus: the player is playing.
    case focused
    /// On screen, but another window has the focus (the player switched to a browser, say).
    case unfocused
    /// Minimised, hidden, or on another workspace: the player cannot see the game.
    case hidden

    /// The state's name: `focused`, `unfocused` or `hidden`.
    public var description: String { rawValue }
}

/// When the game's window counts as "the app is in the background" (``WindowState``).
///
/// In the background the session follows iOS's rules, as on the simulated system's
/// `app.background`: ambient and soloAmbient go silent and the app is suspended (its session is
/// deactivated, and recovers when the window comes back); a game whose category plays in the
/// background (``GameSoundConfiguration/Policy/mediaPlayback``) and is playing keeps playing.
public enum BackgroundPolicy: String, Sendable, Hashable, CaseIterable {
    /// A minimised or hidden window is the background, as on iOS (the default).
    case whenHidden
    /// Also a window that lost the focus: "mute when the game is not focused".
    case whenUnfocused
    /// The window never sends the game to the background: it plays whatever the window does.
    case never

    /// Whether a window in this state is in the background under this policy.
    ///
    /// - Parameter window: The window's state.
    /// - Returns: `true` when the app is off screen.
    public func isBackground(_ window: WindowState) -> Bool {
        switch (self, window) {
        case (.never, _), (_, .focused), (.whenHidden, .unfocused): false
        case (_, .hidden), (.whenUnfocused, .unfocused): true
        }
    }
}
