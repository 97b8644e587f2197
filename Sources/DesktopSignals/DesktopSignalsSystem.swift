// SPDX-License-Identifier: Zlib
import AudioSession
import Dispatch
import Logging
import Synchronization

/// A desktop system with the signals the sound server does not carry: the player's music over
/// MPRIS on the session bus, and the screen lock and sleep from logind on the system bus.
///
/// It wraps the sound server's system (a `PulseSystem`) and adds, as an iOS session would hear them:
/// - an MPRIS player whose `PlaybackStatus` is `Playing` makes other audio play and raises the
///   secondary-audio hint (the game's own process never counts);
/// - activating a non-mixable category pauses every playing player, and deactivating with
///   ``AudioSession/SetActiveOptions/notifyOthersOnDeactivation`` resumes those this game paused,
///   if they are still paused;
/// - the game's logind session locked is the screen lock: ambient and soloAmbient sessions are
///   silenced (`outputSilenceCause` ``AudioSession/OutputSilenceCause/screenLocked``); where
///   logind cannot be reached (a sandbox with no system bus), the desktop portal's
///   `org.freedesktop.portal.Inhibit` monitor (`screensaver-active`) is the screen lock instead;
/// - `PrepareForSleep(true)` interrupts active sessions, `PrepareForSleep(false)` ends the
///   interruption with "should resume".
///
/// - a session that publishes now-playing information (`AudioSession.setNowPlayingInfo(_:)`)
///   appears as the game's own MPRIS player (`org.mpris.MediaPlayer2.gamesound.instance<pid>`), and
///   its `Play`, `Pause`, `PlayPause` and `Next` reach the session as
///   ``AudioSession/AudioSessionNotification/remoteCommand(_:)``; playing with the `playback`
///   category, the session is then the Now Playing one, interrupted when its output is unplugged.
///
/// Each watcher is optional: one whose bus is missing or goes away says so once in the log and is
/// off, and the rest carry on. Notifications arrive in order, never on the game's thread for what
/// the buses report, and every D-Bus call is bounded and made on a bus thread. Safe to use from any
/// thread. Wrap it in a `SimulatedSwitchesOverlay` for the silent switch, which the desktop lacks.
///
/// ```swift
/// let desktop = DesktopSignalsSystem(wrapping: try PulseSystem(), logger: Logger(label: "game"))
/// ```
public final class DesktopSignalsSystem: AppLifecycleSystem, WrappingSystem, Sendable {
    /// The sound server's system underneath.
    public let base: any SystemAudio
    private let model: SignalsModel
    private let mpris: MPRISWatcher?
    private let logind: LogindWatcher?
    /// The screen lock from the desktop portal, when logind cannot be reached (inside Flatpak).
    private let portal: PortalLockWatcher?
    private let logger: Logger
    /// The game's own MPRIS player, connected when a session first publishes now-playing information.
    private let player = Mutex<(publisher: MPRISPublisher?, tried: Bool)>((nil, false))

    /// Wraps a system and starts the watchers whose buses answer.
    ///
    /// Returns once each watcher knows the present (which players play, whether the session is
    /// locked), or after about two seconds when a bus is slow: the two watchers start side by side,
    /// so a slow session bus and a slow system bus cost the longer of their waits, not the sum.
    ///
    /// - Parameters:
    ///   - base: The sound server's system, for example a `PulseSystem`.
    ///   - logger: Where a watcher that is off says why, with a stable code in the metadata "code".
    ///   - watchPlayers: Whether to watch (and pause and resume) MPRIS players.
    ///   - watchLogind: Whether to watch logind for the lock and sleep.
    public init(wrapping base: any SystemAudio, logger: Logger, watchPlayers: Bool = true, watchLogind: Bool = true) {
        self.base = base
        self.logger = logger
        let model = SignalsModel(base: base)
        self.model = model
        // MPRIS and the portal on threads of their own while logind starts on this one: a slow
        // session bus and a slow system bus cost the longer wait, not the sum. The portal's monitor
        // is kept only when logind cannot be reached (a sandbox with no system bus), and says it is
        // off only then.
        let players = Mutex<MPRISWatcher?>(nil)
        let portalWatcher = Mutex<PortalLockWatcher?>(nil)
        let started = DispatchGroup()
        if watchPlayers {
            DispatchQueue.global().async(group: started) {
                let watcher = MPRISWatcher.start(model: model, logger: logger)
                players.withLock { $0 = watcher }
            }
        }
        if watchLogind {
            DispatchQueue.global().async(group: started) {
                let watcher = PortalLockWatcher.start(model: model, logger: logger)
                portalWatcher.withLock { $0 = watcher }
            }
        }
        logind = watchLogind ? LogindWatcher.start(model: model, logger: logger) : nil
        started.wait()
        mpris = players.withLock { $0 }
        let monitor = portalWatcher.withLock { $0 }
        if logind == nil, let monitor {
            monitor.keep()
            portal = monitor.isOn ? monitor : nil
            if portal == nil { monitor.close() }
        } else {
            monitor?.close()
            portal = nil
        }
    }

    deinit {
        mpris?.close()
        logind?.close()
        portal?.close()
        player.withLock { $0.publisher?.close() }
    }

    /// Whether MPRIS players are watched (there was a session bus, and it has not gone away since).
    public var watchesPlayers: Bool { mpris != nil }

    /// Whether logind is watched (it answered on the system bus).
    public var watchesLogind: Bool { logind != nil }

    /// Whether the screen lock is watched through the desktop portal's monitor instead, because
    /// logind could not be reached (inside a sandbox with no system bus).
    public var watchesPortal: Bool { portal != nil }

    /// Whether an MPRIS player other than the game plays now.
    public var isPlayerMusicPlaying: Bool { model.read { $0.musicPlaying } }

    /// Whether logind says the game's session is locked.
    public var isSessionLocked: Bool { model.read { $0.locked } }

    /// Whether logind said the machine is going to sleep and has not said it woke.
    public var isAsleep: Bool { model.read { $0.asleep } }

    /// Waits until everything the buses reported so far, and every pause or resume asked for, has
    /// been carried out and handed to the sessions. For tests and tools; a game has no need for it.
    /// Must not be called from inside a session observer.
    public func waitForDeliveries() {
        player.withLock { $0.publisher }?.waitUntilIdle()
        mpris?.waitUntilIdle()
        logind?.waitUntilIdle()
        portal?.waitUntilIdle()
        model.waitForDeliveries()
    }

    // MARK: - SystemAudio

    /// Registers a session with the wrapped system; its notifications come through this system's queue.
    ///
    /// - Parameter deliver: Called once per notification for the session, in order.
    /// - Returns: The session's handle.
    public func attachSession(deliver: @escaping @Sendable (AudioSessionNotification) -> Void) -> SessionID {
        // The wrapped system's notifications join the watchers' in the one queue; its hint is merged.
        // Attaching posts nothing, so the session's number is known before its first notification.
        let attached = Mutex<SessionID?>(nil)
        let id = base.attachSession { [weak model] notification in
            guard let model, let id = attached.withLock({ $0 }) else { return }
            model.change { (signals: inout DesktopSignals) -> Void in signals.fromBase(notification, for: id) }
        }
        attached.withLock { $0 = id }
        model.change { (signals: inout DesktopSignals) -> Void in
            signals.listeners[id] = DesktopSignals.Listener(deliver: deliver)
        }
        return id
    }

    /// Forgets a session.
    ///
    /// - Parameter session: The session's handle.
    public func detachSession(_ session: SessionID) {
        model.watchers.forget(session)
        base.detachSession(session)
        let shown = model.change { (signals: inout DesktopSignals) -> NowPlayingInfo? in
            signals.listeners[session] = nil
            return signals.setNowPlayingInfo(nil, for: session)
        }
        publisher(connecting: false)?.show(shown)
    }

    /// Publishes, changes or withdraws what a session plays: the wrapped system learns it (for the
    /// Now Playing rule), and the game's own MPRIS player shows it, from the first publication on.
    ///
    /// With no session bus the player is not published (one log line, code
    /// `mpris.player-unpublished`); the Now Playing rule holds all the same.
    ///
    /// - Parameters:
    ///   - info: What plays, or `nil` to withdraw.
    ///   - session: The session.
    public func setNowPlayingInfo(_ info: NowPlayingInfo?, for session: SessionID) {
        base.setNowPlayingInfo(info, for: session)
        let shown = model.change { (signals: inout DesktopSignals) -> NowPlayingInfo? in
            signals.setNowPlayingInfo(info, for: session)
        }
        publisher(connecting: shown != nil)?.show(shown)
    }

    /// The game's MPRIS player, connected the first time one is needed.
    private func publisher(connecting: Bool) -> MPRISPublisher? {
        player.withLock { player in
            if connecting, !player.tried {
                player.tried = true
                player.publisher = MPRISPublisher.start(logger: logger) { [weak model] command in
                    model?.report { signals, _ in signals.remoteCommand(command) }
                }
            }
            return player.publisher
        }
    }

    /// Activates or deactivates a session through the wrapped system, and acts on the players.
    ///
    /// Activating a non-mixable category pauses every MPRIS player that plays; deactivating with
    /// ``AudioSession/SetActiveOptions/notifyOthersOnDeactivation`` resumes the players this game
    /// paused, if they are still paused. Both happen on the session bus's thread: this call does not
    /// wait for the players.
    ///
    /// - Parameters:
    ///   - active: `true` to activate.
    ///   - options: Deactivation options.
    ///   - session: The session.
    /// - Throws: ``AudioSession/AudioSessionError/insufficientPriority`` while the machine sleeps,
    ///   ``AudioSession/AudioSessionError/cannotInterruptOthers`` for a non-mixable category while
    ///   the game's window is off screen (``moveApp(onScreen:)``), and what the wrapped system throws.
    public func setActive(_ active: Bool, options: SetActiveOptions, for session: SessionID) throws(AudioSessionError) {
        if active {
            let (asleep, onScreen) = model.read { ($0.asleep, $0.appState == .foreground) }
            if asleep { throw .insufficientPriority }
            let before = base.status(of: session)
            if !onScreen, !CategoryRules.isMixable(before.category, options: before.categoryOptions) {
                throw .cannotInterruptOthers
            }
        }
        try base.setActive(active, options: options, for: session)
        let status = base.status(of: session)
        model.change { (signals: inout DesktopSignals) -> Void in
            if active {
                signals.activated(session, hint: status.secondaryAudioShouldBeSilencedHint)
            } else {
                signals.listeners[session]?.interruptedBySleep = false
            }
        }
        if active, !CategoryRules.isMixable(status.category, options: status.categoryOptions) {
            mpris?.pausePlaying()
        } else if !active, options.contains(.notifyOthersOnDeactivation) {
            mpris?.resumePaused()
        }
    }

    /// The wrapped system's status with what the watchers add: MPRIS players as other audio and the
    /// hint, the lock as ``AudioSession/OutputSilenceCause/screenLocked`` and the window off screen
    /// as ``AudioSession/OutputSilenceCause/background`` (both for ambient and soloAmbient), and
    /// sleep and the app's suspension as interruptions.
    ///
    /// - Parameter session: The session.
    /// - Returns: Its status.
    public func status(of session: SessionID) -> SessionStatus {
        let base = base.status(of: session)
        return model.read { $0.status(base, of: session) }
    }

    // MARK: - The game's window

    /// Where the app stands, as the game's window last said (``moveApp(onScreen:)``).
    public var appState: AppState { model.read { $0.appState } }

    /// The game's window left the screen (minimised or hidden, or unfocused if the game's policy
    /// says so) or came back, as `app.background` and `app.foreground` on the simulated system.
    ///
    /// Leaving, the app keeps running while an active session of a category that plays in the
    /// background (the playback family) runs its audio I/O; otherwise it is suspended: its active
    /// sessions are deactivated and hear `interruptionBegan(reason: .appWasSuspended,
    /// wasSuspended: true)` when the window comes back. Off screen, ambient and soloAmbient are
    /// silenced and the secondary-audio hint is not posted.
    ///
    /// - Parameter onScreen: Whether the game's window is on screen now.
    public func moveApp(onScreen: Bool) {
        let ids = model.read { Array($0.listeners.keys) }
        let statuses = Dictionary(uniqueKeysWithValues: ids.map { ($0, base.status(of: $0)) })
        let keepsRunning = statuses.values.contains {
            $0.isActive && $0.isAudioIORunning && CategoryRules.traits(of: $0.category).keepsRunningInBackground
        }
        model.change { (signals: inout DesktopSignals) -> Void in
            signals.moveApp(onScreen: onScreen, keepsRunning: keepsRunning) { statuses[$0]?.isActive == true }
        }
    }

    /// Moves whenever the wrapped system's version or a watcher's report moves; nil when the wrapped
    /// system cannot tell.
    public var statusVersion: UInt64? {
        guard let baseVersion = base.statusVersion else { return nil }
        // Both only ever grow, so their sum changes whenever either does.
        return baseVersion &+ model.read { $0.version }
    }

    /// Calls `moved` whenever the wrapped system's status or a watcher's report moves, if the
    /// wrapped system can say when its status moves.
    ///
    /// - Parameters:
    ///   - session: The session.
    ///   - moved: What to call.
    /// - Returns: Whether the wrapped system can say.
    public func whenStatusMoves(for session: SessionID, _ moved: @escaping @Sendable () -> Void) -> Bool {
        guard base.whenStatusMoves(for: session, moved) else { return false }
        model.watchers.watch(session, moved)
        return true
    }
}
