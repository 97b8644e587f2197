// SPDX-License-Identifier: Zlib
import Synchronization

/// A real system with the switches it has no signal for simulated on top: the silent switch and
/// the screen lock.
///
/// A Linux desktop reports calls, the player's music, routes and its sound server, but it has no
/// silent switch, and (until a lock watcher is added) no screen lock that silences games. Wrap the
/// desktop in an overlay and the game, or a setting of its own such as "mute when the switch is
/// on", can still flip them through ``perform(_:)``; the session is silenced by category exactly as
/// on the simulated system (ambient and soloAmbient obey, playback and playAndRecord do not).
///
/// Everything else passes through to the wrapped system unchanged (``WrappingSystem``). Actions the wrapped system
/// reports itself (a call, music, a plug, media services, the volume) are refused with
/// ``SystemActionError/Reason/reportedBySystem``; the app's lifecycle, which on the desktop is the
/// game's own window (reported with ``moveApp(onScreen:)``, passed to the wrapped system), with
/// ``SystemActionError/Reason/systemNotSimulated``. Safe to use from any thread.
///
/// ```swift
/// let desktop = SimulatedSwitchesOverlay(wrapping: try PulseSystem())
/// try desktop.perform(.silentSwitchOn)
/// ```
public final class SimulatedSwitchesOverlay: ActionPerformingSystem, AppLifecycleSystem, WrappingSystem, Sendable {
    /// The system underneath, which reports everything but the switches.
    public let base: any SystemAudio
    private let switches: Mutex<Switches>
    private let watchers = StatusWatchers()

    private struct Switches {
        var silentSwitchOn: Bool
        var screenLocked: Bool
        /// Moves on with every flip, so that ``statusVersion`` moves too.
        var version: UInt64 = 0
    }

    /// Wraps a system.
    ///
    /// - Parameters:
    ///   - base: The real system, for example a `PulseSystem`.
    ///   - silentSwitch: Whether the silent switch is on at launch.
    ///   - screenLocked: Whether the screen is locked at launch.
    public init(wrapping base: any SystemAudio, silentSwitch: Bool = false, screenLocked: Bool = false) {
        self.base = base
        switches = Mutex(Switches(silentSwitchOn: silentSwitch, screenLocked: screenLocked))
    }

    /// Whether the simulated silent switch is on.
    public var silentSwitchOn: Bool { switches.withLock { $0.silentSwitchOn } }

    /// Whether the simulated screen lock is on.
    public var screenLocked: Bool { switches.withLock { $0.screenLocked } }

    /// The wrapped system's, when it follows the app's lifecycle (on the desktop: the game's
    /// window, ``AppLifecycleSystem``); else always `.foreground`.
    public var appState: AppState { (base as? any AppLifecycleSystem)?.appState ?? .foreground }

    /// Passed to the wrapped system when it follows the app's lifecycle; else nothing happens.
    ///
    /// - Parameter onScreen: Whether the app is on screen now.
    public func moveApp(onScreen: Bool) {
        (base as? any AppLifecycleSystem)?.moveApp(onScreen: onScreen)
    }

    /// Flips a switch, or refuses an action the wrapped system reports itself.
    ///
    /// - Parameter action: `silentSwitch.on`/`.off` or `screen.lock`/`.unlock`.
    /// - Throws: ``SystemActionError`` with reason ``SystemActionError/Reason/reportedBySystem`` for
    ///   calls, alarms, music, other apps, plugs, media services, the volume and output overrides;
    ///   ``SystemActionError/Reason/systemNotSimulated`` for `app.background` and `app.foreground`.
    ///   Nothing changes then.
    public func perform(_ action: SystemAction) throws(SystemActionError) {
        switch action {
        case .silentSwitchOn, .silentSwitchOff:
            flip { $0.silentSwitchOn = action == .silentSwitchOn }
        case .screenLock, .screenUnlock:
            flip { $0.screenLocked = action == .screenLock }
        case .appBackground, .appForeground:
            throw SystemActionError(action: action, reason: .systemNotSimulated)
        case .phoneRing, .phoneDecline, .phoneAccept, .phoneHangUp, .alarmFire, .alarmDismiss, .musicPlay,
             .musicPause, .otherAppActivate, .otherAppDeactivate, .routePlug, .routeUnplug, .mediaServicesLose,
             .mediaServicesReset, .volumeSet, .sessionOverrideOutput:
            throw SystemActionError(action: action, reason: .reportedBySystem)
        }
    }

    private func flip(_ change: (inout Switches) -> Void) {
        switches.withLock { switches in
            change(&switches)
            switches.version &+= 1
        }
        watchers.statusMoved()
    }

    // MARK: - What the overlay changes

    /// The wrapped system's status, silenced by the switches as the category asks.
    ///
    /// - Parameter session: The session.
    /// - Returns: Its status; `outputSilenceCause` is the silent switch, else the screen lock, else
    ///   the wrapped system's own cause.
    public func status(of session: SessionID) -> SessionStatus {
        var status = base.status(of: session)
        let (switchOn, locked) = switches.withLock { ($0.silentSwitchOn, $0.screenLocked) }
        if CategoryRules.traits(of: status.category).silencedBySwitchAndLock == true {
            if switchOn {
                status.outputSilenceCause = .silentSwitch
            } else if locked {
                status.outputSilenceCause = .screenLocked
            }
        }
        return status
    }

    /// Moves whenever the wrapped system's version or a switch moves; nil when the wrapped system
    /// cannot tell.
    public var statusVersion: UInt64? {
        guard let baseVersion = base.statusVersion else { return nil }
        // Both only ever grow, so their sum changes whenever either does.
        return baseVersion &+ switches.withLock { $0.version }
    }

    /// Calls `moved` whenever the wrapped system's status or a switch moves, if the wrapped system
    /// can say when its status moves.
    ///
    /// - Parameters:
    ///   - session: The session.
    ///   - moved: What to call.
    /// - Returns: Whether the wrapped system can say.
    public func whenStatusMoves(for session: SessionID, _ moved: @escaping @Sendable () -> Void) -> Bool {
        guard base.whenStatusMoves(for: session, moved) else { return false }
        watchers.watch(session, moved)
        return true
    }

    /// Forgets a session, here and in the wrapped system.
    ///
    /// - Parameter session: The session's handle.
    public func detachSession(_ session: SessionID) {
        watchers.forget(session)
        base.detachSession(session)
    }
}
