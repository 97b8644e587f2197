// SPDX-License-Identifier: Zlib
/// A system that follows the app's lifecycle: whether the app is on screen, off screen and still
/// running, or suspended.
///
/// On the simulated system the lifecycle is `app.background` and `app.foreground`; on the desktop
/// it is the game's own window, which the game reports (`GameSoundRuntime.windowChanged(_:)`).
/// Either way the same rules apply: leaving the screen, the app keeps running only while an
/// active session of a category that plays in the background (the playback family) runs its
/// audio I/O; otherwise it is suspended, its active sessions are deactivated, and each hears
/// `interruptionBegan(reason: .appWasSuspended, wasSuspended: true)` when the app comes back.
/// Off screen, ambient and soloAmbient output is silenced (``OutputSilenceCause/background``), a
/// non-mixable category cannot be activated (``AudioSessionError/cannotInterruptOthers``), and
/// the secondary-audio hint is not posted.
public protocol AppLifecycleSystem: SystemAudio {
    /// Where the app stands now.
    var appState: AppState { get }

    /// The app leaves the screen (`false`) or comes back (`true`). Moving to where the app already
    /// is changes nothing.
    ///
    /// - Parameter onScreen: Whether the app is on screen now.
    func moveApp(onScreen: Bool)
}

extension SimulatedSystem: AppLifecycleSystem {
    /// `app.foreground` or `app.background`, unless the app is already there.
    ///
    /// - Parameter onScreen: Whether the app is on screen now.
    public func moveApp(onScreen: Bool) {
        // Both are refused only when the app is already where it is asked to go, and then nothing changes.
        try? perform(onScreen ? .appForeground : .appBackground)
    }
}
