// SPDX-License-Identifier: Zlib
/// The operating system as an audio session sees it: the authority that grants or refuses
/// every request and reports what happens.
///
/// The system keeps each attached session's state (as iOS's media server does), so that a
/// request and the events it causes happen atomically. ``SimulatedSystem`` implements this
/// protocol for tests and the demo. An implementation must deliver notifications through the
/// `deliver` closure given at attachment, never while holding a lock of its own, in the order
/// the events happened.
public protocol SystemAudio: AnyObject, Sendable {
    /// Registers a new session in its default state (inactive, soloAmbient, mode default, no options).
    ///
    /// - Parameter deliver: Called once per notification for this session, in order.
    /// - Returns: The handle for the session's later requests.
    func attachSession(deliver: @escaping @Sendable (AudioSessionNotification) -> Void) -> SessionID

    /// Forgets a session; it is deactivated without notifying others.
    ///
    /// - Parameter session: The handle from ``attachSession(deliver:)``.
    func detachSession(_ session: SessionID)

    /// Sets a session's category, mode, route-sharing policy and options (already checked against
    /// ``CategoryRules``).
    ///
    /// - Parameters:
    ///   - category: The category.
    ///   - mode: The mode.
    ///   - policy: The route-sharing policy.
    ///   - options: The options as asked for; the session reads back ``CategoryRules/effectiveOptions(_:_:)``.
    ///   - session: The session.
    /// - Throws: ``AudioSessionError/mediaServicesFailed`` while media services are lost.
    func setCategory(
        _ category: Category, mode: Mode, policy: RouteSharingPolicy, options: CategoryOptions, for session: SessionID
    ) throws(AudioSessionError)
    /// Moves a `playAndRecord` session's output to the speaker, or back to its category's route.
    ///
    /// - Parameters:
    ///   - port: `.speaker` or `.none`.
    ///   - session: The session.
    /// - Throws: ``AudioSessionError/badParam`` for a session in another category,
    ///   ``AudioSessionError/mediaServicesFailed`` while media services are lost.
    func overrideOutputAudioPort(_ port: OutputPortOverride, for session: SessionID) throws(AudioSessionError)
    /// Activates or deactivates a session.
    ///
    /// - Parameters:
    ///   - active: `true` to activate.
    ///   - options: Deactivation options.
    ///   - session: The session.
    /// - Throws: ``AudioSessionError`` when the system refuses; the state is then unchanged.
    func setActive(_ active: Bool, options: SetActiveOptions, for session: SessionID) throws(AudioSessionError)

    /// Records a session's preferred sample rate; the system grants the nearest it supports.
    ///
    /// - Parameters:
    ///   - hertz: The rate, or 0 for no preference.
    ///   - session: The session.
    /// - Throws: ``AudioSessionError/badParam`` for a negative or non-finite rate,
    ///   ``AudioSessionError/mediaServicesFailed`` while media services are lost.
    func setPreferredSampleRate(_ hertz: Double, for session: SessionID) throws(AudioSessionError)

    /// Records a session's preferred I/O buffer duration; the system grants the nearest it supports.
    ///
    /// - Parameters:
    ///   - seconds: The duration, or 0 for no preference.
    ///   - session: The session.
    /// - Throws: ``AudioSessionError/badParam`` for a negative or non-finite duration,
    ///   ``AudioSessionError/mediaServicesFailed`` while media services are lost.
    func setPreferredIOBufferDuration(_ seconds: Double, for session: SessionID) throws(AudioSessionError)

    /// Records what the session's real output runs at, read back from the device once it opened:
    /// on a desktop the server, not the session, has the last word on the rate and the buffer,
    /// and the session then reports these as its granted ``SessionStatus/sampleRate`` and
    /// ``SessionStatus/ioBufferDuration``. The default implementation ignores it (a system that
    /// grants its own values, as the simulated one does).
    ///
    /// - Parameters:
    ///   - sampleRate: The output's rate in hertz.
    ///   - ioBufferDuration: The output's period (the frames mixed at a time) in seconds.
    ///   - session: The session.
    func outputOpened(sampleRate: Double, ioBufferDuration: Double, for session: SessionID)

    /// Records whether the session's engine runs audio I/O.
    ///
    /// - Parameters:
    ///   - running: `true` while the engine's output runs.
    ///   - session: The session.
    func setAudioIORunning(_ running: Bool, for session: SessionID)

    /// Records whether the session wants an interruption when its output device disappears.
    ///
    /// - Parameters:
    ///   - prefers: `true` to opt in.
    ///   - session: The session.
    func setPrefersInterruptionOnRouteDisconnect(_ prefers: Bool, for session: SessionID)

    /// Publishes or withdraws what the session plays, for the system's media controls.
    ///
    /// A session that publishes it, is active and has played (its audio I/O ran) with the `playback`
    /// category since is the Now Playing session: pulling its output device interrupts it with reason
    /// `routeDisconnected`, as ``setPrefersInterruptionOnRouteDisconnect(_:for:)`` does for any
    /// session. The default implementation ignores it (a system without media controls).
    ///
    /// - Parameters:
    ///   - info: What plays, or `nil` to withdraw.
    ///   - session: The session.
    func setNowPlayingInfo(_ info: NowPlayingInfo?, for session: SessionID)

    /// Everything the session can read about itself now.
    ///
    /// - Parameter session: The session.
    /// - Returns: A snapshot of its state.
    func status(of session: SessionID) -> SessionStatus

    /// A number that changes whenever any session's status may have changed, or nil when the
    /// system cannot tell (then a reader must read the status every time).
    ///
    /// A game engine reads its status once per audio block to follow silencing and ducking; with
    /// this it reads one number instead, and the status only when the number moved.
    var statusVersion: UInt64? { get }

    /// Calls `moved` whenever ``statusVersion`` moves, until `session` detaches, on the thread that
    /// moved it and with no lock of the system's held; it must return at once (signal a thread,
    /// say). A reader that waits between its looks at the status (a game's audio thread with
    /// nothing to do) can then wait until it moves.
    ///
    /// - Parameters:
    ///   - session: The session that watches; a later call replaces its handler.
    ///   - moved: What to call.
    /// - Returns: Whether the system will call it; false (the default) when it cannot tell, and
    ///   the reader must look now and then.
    func whenStatusMoves(for session: SessionID, _ moved: @escaping @Sendable () -> Void) -> Bool
}

extension SystemAudio {
    /// Ignored: a system without media controls has no Now Playing session.
    ///
    /// - Parameters:
    ///   - info: What plays, or `nil`.
    ///   - session: The session.
    public func setNowPlayingInfo(_ info: NowPlayingInfo?, for session: SessionID) {}

    /// Ignored: this system grants its own values.
    ///
    /// - Parameters:
    ///   - sampleRate: The output's rate.
    ///   - ioBufferDuration: The output's period in seconds.
    ///   - session: The session.
    public func outputOpened(sampleRate: Double, ioBufferDuration: Double, for session: SessionID) {}

    /// Unknown: read the status every time.
    public var statusVersion: UInt64? { nil }

    /// Cannot tell: look at the status now and then.
    ///
    /// - Parameters:
    ///   - session: The session.
    ///   - moved: Never called.
    /// - Returns: false.
    public func whenStatusMoves(for session: SessionID, _ moved: @escaping @Sendable () -> Void) -> Bool { false }
}
