// SPDX-License-Identifier: Zlib
/// A system built on another one: it adds or changes a little and passes the rest through.
///
/// Conform, give ``base``, and implement only what the wrapper changes; every other request of
/// ``SystemAudio`` goes to ``base`` unchanged. ``SimulatedSwitchesOverlay`` is one: it changes the
/// status (the simulated switches) and passes everything else on.
public protocol WrappingSystem: SystemAudio {
    /// The system underneath.
    var base: any SystemAudio { get }
}

extension WrappingSystem {
    /// Passed to ``base``.
    ///
    /// - Parameter deliver: Called once per notification for the session, in order.
    /// - Returns: The session's handle.
    public func attachSession(deliver: @escaping @Sendable (AudioSessionNotification) -> Void) -> SessionID {
        base.attachSession(deliver: deliver)
    }

    /// Passed to ``base``.
    ///
    /// - Parameter session: The session.
    public func detachSession(_ session: SessionID) {
        base.detachSession(session)
    }

    /// Passed to ``base``.
    ///
    /// - Parameters:
    ///   - category: The category.
    ///   - mode: The mode.
    ///   - policy: The route-sharing policy.
    ///   - options: The options.
    ///   - session: The session.
    /// - Throws: What ``base`` throws.
    public func setCategory(
        _ category: Category, mode: Mode, policy: RouteSharingPolicy, options: CategoryOptions, for session: SessionID
    ) throws(AudioSessionError) {
        try base.setCategory(category, mode: mode, policy: policy, options: options, for: session)
    }

    /// Passed to ``base``.
    ///
    /// - Parameters:
    ///   - port: `.speaker` or `.none`.
    ///   - session: The session.
    /// - Throws: What ``base`` throws.
    public func overrideOutputAudioPort(_ port: OutputPortOverride, for session: SessionID) throws(AudioSessionError) {
        try base.overrideOutputAudioPort(port, for: session)
    }

    /// Passed to ``base``.
    ///
    /// - Parameters:
    ///   - active: `true` to activate.
    ///   - options: Deactivation options.
    ///   - session: The session.
    /// - Throws: What ``base`` throws.
    public func setActive(_ active: Bool, options: SetActiveOptions, for session: SessionID) throws(AudioSessionError) {
        try base.setActive(active, options: options, for: session)
    }

    /// Passed to ``base``.
    ///
    /// - Parameters:
    ///   - hertz: The rate, or 0 for no preference.
    ///   - session: The session.
    /// - Throws: What ``base`` throws.
    public func setPreferredSampleRate(_ hertz: Double, for session: SessionID) throws(AudioSessionError) {
        try base.setPreferredSampleRate(hertz, for: session)
    }

    /// Passed to ``base``.
    ///
    /// - Parameters:
    ///   - seconds: The duration, or 0 for no preference.
    ///   - session: The session.
    /// - Throws: What ``base`` throws.
    public func setPreferredIOBufferDuration(_ seconds: Double, for session: SessionID) throws(AudioSessionError) {
        try base.setPreferredIOBufferDuration(seconds, for: session)
    }

    /// Passed to ``base``.
    ///
    /// - Parameters:
    ///   - running: Whether I/O runs.
    ///   - session: The session.
    public func setAudioIORunning(_ running: Bool, for session: SessionID) {
        base.setAudioIORunning(running, for: session)
    }

    /// Passed to ``base``.
    ///
    /// - Parameters:
    ///   - sampleRate: The output's rate.
    ///   - ioBufferDuration: The output's period in seconds.
    ///   - session: The session.
    public func outputOpened(sampleRate: Double, ioBufferDuration: Double, for session: SessionID) {
        base.outputOpened(sampleRate: sampleRate, ioBufferDuration: ioBufferDuration, for: session)
    }

    /// Passed to ``base``.
    ///
    /// - Parameters:
    ///   - prefers: Whether to be interrupted.
    ///   - session: The session.
    public func setPrefersInterruptionOnRouteDisconnect(_ prefers: Bool, for session: SessionID) {
        base.setPrefersInterruptionOnRouteDisconnect(prefers, for: session)
    }

    /// Passed to ``base``.
    ///
    /// - Parameters:
    ///   - info: What plays, or `nil` to withdraw.
    ///   - session: The session.
    public func setNowPlayingInfo(_ info: NowPlayingInfo?, for session: SessionID) {
        base.setNowPlayingInfo(info, for: session)
    }
}
