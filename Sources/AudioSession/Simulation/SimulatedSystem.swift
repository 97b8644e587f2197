// SPDX-License-Identifier: Zlib
import Synchronization

/// A simulated phone operating system: the control tower that tests, scenarios and the demo drive.
///
/// It owns the peers (the music player, the phone, an alarm clock and one other app), the
/// silent switch, the screen lock, the audio route, the output volume, the media server and
/// the app's lifecycle, and it grants or refuses the requests of the ``AudioSession``s bound
/// to it. Drive it with ``perform(_:)``, whose actions are exactly the `system` vocabulary of
/// scenario files. Nothing happens on its own: no threads, no timers, same result every run.
///
/// Safe to use from any thread. Notifications an action causes are delivered to the
/// sessions' observers before ``perform(_:)`` returns, with no lock held.
public final class SimulatedSystem: SystemAudio, Sendable {
    private let state: Mutex<SimulatedState>
    /// Each session's status as last worked out, cleared by every change of the state: a game reads
    /// its status once per audio block, and working it out (route, silencing, ducking) costs far
    /// more than the lookup. Only touched with `state`'s lock held.
    private let statusCache = Mutex<[SessionID: SessionStatus]>([:])
    /// Moves on with every change of the state (see ``statusVersion``).
    private let version = Atomic<UInt64>(0)

    /// Changes with every change of the simulated system's state.
    public var statusVersion: UInt64? { version.load(ordering: .acquiring) }
    private let deliveries = DeliveryQueue()
    private let watchers = StatusWatchers()

    /// Creates a system in the given launch state.
    ///
    /// - Parameter launch: Other audio, switch, lock and route at launch; the app starts in the foreground.
    public init(launch: LaunchState = .init()) {
        state = Mutex(SimulatedState(launch: launch))
    }

    /// Makes something happen, as a scenario's `system` event does.
    ///
    /// - Parameter action: The action, for example `.phoneRing` or `.routePlug(port: .headphones)`.
    /// - Throws: ``SystemActionError`` when the action makes no sense now (declining a call
    ///   that is not ringing, unplugging a port that is not plugged in, ...); nothing changes then.
    public func perform(_ action: SystemAction) throws(SystemActionError) {
        try transaction { (draft: inout SimulatedState) throws(SystemActionError) in
            try draft.perform(action)
        }
    }

    /// Runs `body` on a copy of the state; keeps the copy and delivers its notifications
    /// only if `body` succeeds. Posts the secondary-audio hint when it flipped.
    private func transaction<Result: Sendable, Failure: Error>(
        _ body: (inout SimulatedState) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let result = try state.withLock { (current: inout SimulatedState) throws(Failure) -> Result in
            var draft = current
            draft.outbox = []
            let hintBefore = draft.secondaryAudioHint
            let result = try body(&draft)
            draft.postHintIfFlipped(from: hintBefore)
            deliveries.enqueue(draft.outbox)
            draft.outbox = []
            current = draft
            statusCache.withLock { $0.removeAll(keepingCapacity: true) }
            version.add(1, ordering: .releasing)
            return result
        }
        deliveries.drain()
        watchers.statusMoved()
        return result
    }

    func read<Value: Sendable>(_ body: (SimulatedState) -> Value) -> Value {
        state.withLock { body($0) }
    }

    // MARK: SystemAudio

    /// Registers a new session in its default state.
    ///
    /// - Parameter deliver: Called once per notification for the session, in order.
    /// - Returns: The session's handle.
    public func attachSession(deliver: @escaping @Sendable (AudioSessionNotification) -> Void) -> SessionID {
        transaction { (draft: inout SimulatedState) -> SessionID in draft.attach(deliver: deliver) }
    }

    /// Forgets a session, releasing the peers it held without letting them resume.
    ///
    /// - Parameter session: The session's handle.
    public func detachSession(_ session: SessionID) {
        watchers.forget(session)
        transaction { (draft: inout SimulatedState) in draft.detach(session) }
    }

    /// Calls `moved` after every change of the state (``statusVersion``), until `session` detaches.
    ///
    /// - Parameters:
    ///   - session: The session.
    ///   - moved: What to call, on the thread that changed the state.
    /// - Returns: true.
    public func whenStatusMoves(for session: SessionID, _ moved: @escaping @Sendable () -> Void) -> Bool {
        watchers.watch(session, moved)
        return true
    }

    /// Sets a session's category, mode, route-sharing policy and options.
    ///
    /// - Parameters:
    ///   - category: The category.
    ///   - mode: The mode.
    ///   - policy: The route-sharing policy.
    ///   - options: The options.
    ///   - session: The session.
    /// - Throws: ``AudioSessionError/mediaServicesFailed`` while media services are lost.
    public func setCategory(
        _ category: Category, mode: Mode, policy: RouteSharingPolicy, options: CategoryOptions, for session: SessionID
    ) throws(AudioSessionError) {
        try transaction { (draft: inout SimulatedState) throws(AudioSessionError) in
            try draft.setCategory(category, mode: mode, policy: policy, options: options, for: session)
        }
    }

    /// Moves a `playAndRecord` session's output to the speaker or back.
    ///
    /// - Parameters:
    ///   - port: `.speaker` or `.none`.
    ///   - session: The session.
    /// - Throws: ``AudioSessionError/badParam`` for another category, ``AudioSessionError/mediaServicesFailed``.
    public func overrideOutputAudioPort(_ port: OutputPortOverride, for session: SessionID) throws(AudioSessionError) {
        try transaction { (draft: inout SimulatedState) throws(AudioSessionError) in
            try draft.overrideOutput(port, for: session)
        }
    }

    /// Activates or deactivates a session.
    ///
    /// - Parameters:
    ///   - active: `true` to activate.
    ///   - options: Deactivation options.
    ///   - session: The session.
    /// - Throws: ``AudioSessionError`` when refused; nothing changes then.
    public func setActive(_ active: Bool, options: SetActiveOptions, for session: SessionID) throws(AudioSessionError) {
        try transaction { (draft: inout SimulatedState) throws(AudioSessionError) in
            try draft.setActive(active, options: options, for: session)
        }
    }

    /// Records a session's preferred sample rate.
    ///
    /// - Parameters:
    ///   - hertz: The rate, or 0 for no preference.
    ///   - session: The session.
    /// - Throws: ``AudioSessionError/badParam`` or ``AudioSessionError/mediaServicesFailed``.
    public func setPreferredSampleRate(_ hertz: Double, for session: SessionID) throws(AudioSessionError) {
        try transaction { (draft: inout SimulatedState) throws(AudioSessionError) in
            try draft.setPreferredSampleRate(hertz, for: session)
        }
    }

    /// Records a session's preferred I/O buffer duration.
    ///
    /// - Parameters:
    ///   - seconds: The duration, or 0 for no preference.
    ///   - session: The session.
    /// - Throws: ``AudioSessionError/badParam`` or ``AudioSessionError/mediaServicesFailed``.
    public func setPreferredIOBufferDuration(_ seconds: Double, for session: SessionID) throws(AudioSessionError) {
        try transaction { (draft: inout SimulatedState) throws(AudioSessionError) in
            try draft.setPreferredIOBufferDuration(seconds, for: session)
        }
    }

    /// Records whether a session's engine runs audio I/O.
    ///
    /// - Parameters:
    ///   - running: Whether I/O runs.
    ///   - session: The session.
    public func setAudioIORunning(_ running: Bool, for session: SessionID) {
        transaction { (draft: inout SimulatedState) in draft.sessions[session]?.isAudioIORunning = running }
    }

    /// Records a session's route-disconnect preference.
    ///
    /// - Parameters:
    ///   - prefers: Whether to be interrupted when the output device goes away.
    ///   - session: The session.
    public func setPrefersInterruptionOnRouteDisconnect(_ prefers: Bool, for session: SessionID) {
        transaction { (draft: inout SimulatedState) in
            draft.sessions[session]?.prefersInterruptionOnRouteDisconnect = prefers
        }
    }

    /// Publishes or withdraws what a session plays, for the simulated media controls.
    ///
    /// - Parameters:
    ///   - info: What plays, or `nil` to withdraw.
    ///   - session: The session.
    public func setNowPlayingInfo(_ info: NowPlayingInfo?, for session: SessionID) {
        transaction { (draft: inout SimulatedState) in draft.setNowPlayingInfo(info, for: session) }
    }

    /// A snapshot of a session's state.
    ///
    /// - Parameter session: The session; it must be attached.
    /// - Returns: Its status.
    public func status(of session: SessionID) -> SessionStatus {
        state.withLock { current in
            if let cached = statusCache.withLock({ $0[session] }) { return cached }
            let status = current.status(of: session)
            statusCache.withLock { $0[session] = status }
            return status
        }
    }
}
