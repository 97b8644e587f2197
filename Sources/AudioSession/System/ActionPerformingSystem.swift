// SPDX-License-Identifier: Zlib
/// A system that lets the game make things happen to it: every action on ``SimulatedSystem``, and
/// only the ones a real desktop has no signal for on ``SimulatedSwitchesOverlay``.
///
/// `GameSoundRuntime.perform(_:)` drives any system of this kind, so a game's debug keys and a
/// setting of its own (a "mute when silenced" toggle, say) work the same on the simulation and on
/// the desktop.
public protocol ActionPerformingSystem: SystemAudio {
    /// Makes something happen, as a scenario's `system` event does.
    ///
    /// - Parameter action: The action, for example `.silentSwitchOn`.
    /// - Throws: ``SystemActionError`` when the action makes no sense now, or when this system does
    ///   not take it (reason ``SystemActionError/Reason/reportedBySystem`` for what a real system
    ///   reports itself); nothing changes then.
    func perform(_ action: SystemAction) throws(SystemActionError)

    /// Whether the app is in the foreground, in the background, or suspended.
    var appState: AppState { get }
}

extension SimulatedSystem: ActionPerformingSystem {}
