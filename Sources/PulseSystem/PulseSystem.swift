// SPDX-License-Identifier: Zlib
import AudioSession
import Glibc
import Logging

/// The real Linux desktop as an audio session sees it, through the PulseAudio sound server (or
/// PipeWire's PulseAudio-compatible server, which speaks the same protocol).
///
/// Pass one to `GameSoundRuntime(system:)` (or `AudioSession(system:)`) instead of the simulated
/// system, and your game hears the player's desktop:
/// - another program's playing stream makes other audio play; music, video or a stream with no
///   role also raises the secondary-audio hint (so your soundtrack steps aside);
/// - a stream with the `phone` media role (a voice call) interrupts your session until the last
///   such stream is gone, and then ends the interruption with "should resume";
/// - a new default output, or its port unplugged or plugged, is a route change;
/// - the sound server going away is "media services lost", and coming back is "media services reset".
///
/// The desktop has no silent switch and no screen lock that silences games: the status never
/// reports those causes. The system listens to the server's events on libpulse's own thread (no
/// polling) and delivers notifications in order on a private queue, never on your thread and
/// never on libpulse's. Your own requests (activation, category) are answered at once from what
/// the system last heard. Creating one also advertises your game's own streams as
/// `media.role=game` (see ``advertiseGameRole()``). Safe to use from any thread.
///
/// ```swift
/// let desktop = try PulseSystem()
/// let audio = try GameSoundRuntime(system: desktop, soundtrack: "assets/music/theme.ogg")
/// ```
public final class PulseSystem: SystemAudio, Sendable {
    private let model: PulseModel
    private let connection: PulseConnection

    /// Connects to the sound server and loads what it plays and where.
    ///
    /// Returns once the server's streams and devices are known, so that a session created next
    /// sees whether the player's music already plays. Never starts a server of its own.
    ///
    /// - Parameters:
    ///   - server: A server address (`unix:/run/user/1000/pulse/native`, `tcp:host`), or nil for the
    ///     usual one (`PULSE_SERVER`, else the user's runtime directory).
    ///   - timeout: Seconds to wait for the server to answer and describe itself: a server that
    ///     accepts the connection and then hangs (a stopped process) fails creation after this long.
    ///   - logger: Where the system says what happened to the server, one line per event, each with
    ///     a stable short code in the metadata key `code`: `desktop.connected`, `desktop.no-server`,
    ///     `desktop.server-timeout`, `desktop.main-loop-failed`, `desktop.no-libpulse`, `desktop.server-lost`,
    ///     `desktop.server-back`, `desktop.odd-property` (see docs/linux-system.md).
    /// - Throws: ``PulseSystemError/serverUnreachable(server:reason:)`` when no server answers (the
    ///   simulated system and the null output remain usable), ``PulseSystemError/timedOut(server:seconds:)``,
    ///   ``PulseSystemError/mainLoopFailed``, ``PulseSystemError/libraryUnavailable(library:reason:)``
    ///   (libpulse is loaded with `dlopen` by the first system created, not linked).
    public init(server: String? = nil, timeout: Double = 5,
                logger: Logger = Logger(label: "gamesound.desktop")) throws(PulseSystemError) {
        Self.advertiseGameRole()
        let model = PulseModel(ownProcessID: getpid())
        do {
            let connection = try PulseConnection(server: server, model: model, logger: logger)
            try connection.start(timeout: timeout)
            self.model = model
            self.connection = connection
        } catch {
            logger.warning("\(error); the desktop is off (the simulated system remains usable)",
                           metadata: ["code": .string(error.logCode)])
            throw error
        }
    }

    deinit {
        connection.close()
    }

    // MARK: - What the desktop looks like

    /// Whether the sound server is connected now (false between "lost" and "reset").
    public var isServerAvailable: Bool { model.read { $0.serverAvailable } }

    /// Other programs' playback streams as last reported, oldest first; your own process's never appear.
    public var otherStreams: [PulseStream] { model.read { $0.otherStreams } }

    /// Whether a `phone`-role stream exists: a call that interrupts the game.
    public var isCallInProgress: Bool { model.read { $0.callInProgress } }

    /// Whether another program is audible, or a call is in progress.
    public var isOtherAudioPlaying: Bool { model.read { $0.isOtherAudioPlaying } }

    /// Whether another program's primary audio (music, video, no role) plays, or a call is in progress.
    public var secondaryAudioShouldBeSilencedHint: Bool { model.read { $0.secondaryAudioHint } }

    /// The server's name for the default output device, or nil while the server is away.
    public var defaultOutputName: String? { model.read { $0.defaultSinkName } }

    /// The route a plain playback session would use now.
    public var currentRoute: RouteDescription {
        model.read { $0.route(for: PulseSessionRecord(deliver: { _ in })) }
    }

    /// Waits until every notification the server has caused so far has been handed to the sessions.
    ///
    /// Useful in tests and tools that need the observers to have run; a game has no need for it.
    /// Must not be called from inside a session observer (it would wait for itself).
    public func waitForDeliveries() {
        model.waitForBackgroundDeliveries()
    }

    // MARK: - SystemAudio

    /// Registers a new session in its default state (inactive, soloAmbient).
    ///
    /// - Parameter deliver: Called once per notification for the session, in order.
    /// - Returns: The session's handle.
    public func attachSession(deliver: @escaping @Sendable (AudioSessionNotification) -> Void) -> SessionID {
        model.request { (desktop: inout PulseDesktop) -> SessionID in desktop.attach(deliver: deliver) }
    }

    /// Forgets a session.
    ///
    /// - Parameter session: The session's handle.
    public func detachSession(_ session: SessionID) {
        model.watchers.forget(session)
        model.request { (desktop: inout PulseDesktop) in desktop.detach(session) }
    }

    /// Sets a session's category, mode, route-sharing policy and options; an active session hears a
    /// category route change.
    ///
    /// - Parameters:
    ///   - category: The category.
    ///   - mode: The mode.
    ///   - policy: The route-sharing policy (recorded; the desktop routes every program alike).
    ///   - options: The options.
    ///   - session: The session.
    /// - Throws: ``AudioSession/AudioSessionError/mediaServicesFailed`` while the server is away.
    public func setCategory(
        _ category: Category, mode: Mode, policy: RouteSharingPolicy, options: CategoryOptions, for session: SessionID
    ) throws(AudioSessionError) {
        try model.request { (desktop: inout PulseDesktop) throws(AudioSessionError) in
            try desktop.setCategory(category, mode: mode, policy: policy, options: options, for: session)
        }
    }

    /// Records a `playAndRecord` session's output override.
    ///
    /// A desktop has no built-in speaker to force: output stays on the default sink, so no route
    /// change follows. The call is still refused for other categories, as on a phone.
    ///
    /// - Parameters:
    ///   - port: `.speaker` or `.none`.
    ///   - session: The session.
    /// - Throws: ``AudioSession/AudioSessionError/badParam`` for another category,
    ///   ``AudioSession/AudioSessionError/mediaServicesFailed`` while the server is away.
    public func overrideOutputAudioPort(_ port: OutputPortOverride, for session: SessionID) throws(AudioSessionError) {
        try model.request { (desktop: inout PulseDesktop) throws(AudioSessionError) in
            try desktop.requireServer()
            guard desktop.sessions[session]?.category == .playAndRecord else { throw .badParam }
            desktop.sessions[session]?.outputOverride = port
        }
    }

    /// Activates or deactivates a session.
    ///
    /// Other programs are never paused for you: a non-mixable category only gets the hint.
    ///
    /// - Parameters:
    ///   - active: `true` to activate.
    ///   - options: Deactivation options (other programs decide for themselves when to resume).
    ///   - session: The session.
    /// - Throws: ``AudioSession/AudioSessionError/insufficientPriority`` during a call,
    ///   ``AudioSession/AudioSessionError/isBusy`` when deactivating with I/O running,
    ///   ``AudioSession/AudioSessionError/mediaServicesFailed`` while the server is away.
    public func setActive(_ active: Bool, options: SetActiveOptions, for session: SessionID) throws(AudioSessionError) {
        try model.request { (desktop: inout PulseDesktop) throws(AudioSessionError) in
            try desktop.setActive(active, for: session)
        }
    }

    /// Records a session's preferred sample rate; the granted rate is the default output's own.
    ///
    /// - Parameters:
    ///   - hertz: The rate, or 0 for no preference.
    ///   - session: The session.
    /// - Throws: ``AudioSession/AudioSessionError/badParam`` or ``AudioSession/AudioSessionError/mediaServicesFailed``.
    public func setPreferredSampleRate(_ hertz: Double, for session: SessionID) throws(AudioSessionError) {
        try model.request { (desktop: inout PulseDesktop) throws(AudioSessionError) in
            try desktop.setPreferredSampleRate(hertz, for: session)
        }
    }

    /// Records a session's preferred I/O buffer duration. GameSound's runtime asks OpenAL Soft for
    /// it when it opens its output (docs/linux-system.md); until an output reports what it got
    /// (``outputOpened(sampleRate:ioBufferDuration:for:)``), the status reports the preference
    /// within 5 ms...500 ms.
    ///
    /// - Parameters:
    ///   - seconds: The duration, or 0 for no preference.
    ///   - session: The session.
    /// - Throws: ``AudioSession/AudioSessionError/badParam`` or ``AudioSession/AudioSessionError/mediaServicesFailed``.
    public func setPreferredIOBufferDuration(_ seconds: Double, for session: SessionID) throws(AudioSessionError) {
        try model.request { (desktop: inout PulseDesktop) throws(AudioSessionError) in
            try desktop.setPreferredIOBufferDuration(seconds, for: session)
        }
    }

    /// Records the rate and period the session's output really runs at (read back from OpenAL
    /// Soft's device after the server set up its stream): the status reports them from now on.
    ///
    /// - Parameters:
    ///   - sampleRate: The output's rate in hertz.
    ///   - ioBufferDuration: The output's period in seconds.
    ///   - session: The session.
    public func outputOpened(sampleRate: Double, ioBufferDuration: Double, for session: SessionID) {
        model.request { (desktop: inout PulseDesktop) in
            guard sampleRate > 0, ioBufferDuration > 0 else { return }
            desktop.sessions[session]?.grantedSampleRate = sampleRate
            desktop.sessions[session]?.grantedIOBufferDuration = ioBufferDuration
        }
    }

    /// Records whether a session's engine runs audio I/O.
    ///
    /// - Parameters:
    ///   - running: Whether I/O runs.
    ///   - session: The session.
    public func setAudioIORunning(_ running: Bool, for session: SessionID) {
        model.request { (desktop: inout PulseDesktop) in desktop.sessions[session]?.isAudioIORunning = running }
    }

    /// Records whether a session wants an interruption when its output device is unplugged.
    ///
    /// - Parameters:
    ///   - prefers: Whether to be interrupted.
    ///   - session: The session.
    public func setPrefersInterruptionOnRouteDisconnect(_ prefers: Bool, for session: SessionID) {
        model.request { (desktop: inout PulseDesktop) in
            desktop.sessions[session]?.prefersInterruptionOnRouteDisconnect = prefers
        }
    }

    /// Publishes or withdraws what a session plays: a session that plays with the `playback`
    /// category and published it is the Now Playing session, interrupted when its output device is
    /// unplugged. (The MPRIS player that shows it is `DesktopSignalsSystem`'s.)
    ///
    /// - Parameters:
    ///   - info: What plays, or `nil` to withdraw.
    ///   - session: The session.
    public func setNowPlayingInfo(_ info: NowPlayingInfo?, for session: SessionID) {
        model.request { (desktop: inout PulseDesktop) in
            desktop.sessions[session]?.setNowPlayingInfo(info, publications: &desktop.nowPlayingPublications)
        }
    }

    /// Moves whenever anything the sessions' status is made of changed: a session's own request or
    /// an event from the server. A game's update reads this number and the status only when it moved
    /// (reading the status at every 5 ms update was a fifth of a C game's CPU on PulseAudio).
    public var statusVersion: UInt64? { model.version }

    /// Calls `moved` after every change of the desktop's state (``statusVersion``): a session's
    /// request, on its thread, or what the server reported, on libpulse's thread.
    ///
    /// - Parameters:
    ///   - session: The session.
    ///   - moved: What to call.
    /// - Returns: true.
    public func whenStatusMoves(for session: SessionID, _ moved: @escaping @Sendable () -> Void) -> Bool {
        model.watchers.watch(session, moved)
        return true
    }

    /// A snapshot of a session's state; the silence cause is always nil on the desktop.
    ///
    /// - Parameter session: The session; it must be attached.
    /// - Returns: Its status.
    public func status(of session: SessionID) -> SessionStatus {
        model.read { $0.status(of: session) }
    }
}
