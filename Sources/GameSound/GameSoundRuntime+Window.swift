// SPDX-License-Identifier: Zlib
import AudioSession

extension GameSoundRuntime {
    /// Tells the runtime what the game's window is doing: call it from the toolkit's window events
    /// (SDL's `SDL_WINDOWEVENT_FOCUS_GAINED`/`_LOST`, `_MINIMIZED`, `_HIDDEN`, `_RESTORED`,
    /// `_SHOWN`; GLFW's focus and iconify callbacks), and once at start if the window may open
    /// unfocused.
    ///
    /// Under ``GameSoundConfiguration/backgroundPolicy`` the window puts the app in the background
    /// or brings it back, exactly as `app.background` and `app.foreground` do on the simulated
    /// system (`AudioSession.AppLifecycleSystem`): off screen, ambient and soloAmbient go silent
    /// and the app is suspended (its session deactivated), unless it plays with a category that
    /// plays in the background; back on screen, the runtime recovers an interruption that never
    /// ended, reads the other audio and the hint afresh, and decides the category and the
    /// soundtrack again, as at launch. The log has `windowChanged` (with `window` and `onScreen`), then
    /// what followed (`outputSilenced` with cause `background`, `interruptionBegan` with reason
    /// `appWasSuspended` on the way back, ...).
    ///
    /// Cheap and safe from any thread; reporting the state the window is already in changes nothing.
    /// On a system that does not follow an app's lifecycle (a bare `PulseSystem`, a system of your
    /// own) the window is logged and nothing else happens.
    ///
    /// - Parameter window: The window's state now.
    public func windowChanged(_ window: WindowState) {
        let onScreen = !configuration.backgroundPolicy.isBackground(window)
        guard core.with({ $0.noteWindow(window, onScreen: onScreen) }),
              let lifecycle = system as? any AppLifecycleSystem else { return }
        Self.change(lifecycle.appState, core: core) { () -> AppState in
            lifecycle.moveApp(onScreen: onScreen)
            return lifecycle.appState
        }
    }

    /// Where the app stands in its lifecycle (``windowChanged(_:)``, or the simulated system's
    /// `app.background`/`app.foreground`); `.foreground` on a system that does not follow one.
    public var appState: AppState { (system as? any AppLifecycleSystem)?.appState ?? .foreground }
}
