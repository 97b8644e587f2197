// SPDX-License-Identifier: Zlib
/// The app's audio session: how the game tells the system what kind of audio it makes, and
/// how the system tells the game about calls, alarms, other apps and devices.
///
/// A session starts inactive, in the `soloAmbient` category. Set a category, activate the
/// session before making sound, observe its notifications, and deactivate it when done.
/// The system may refuse a request (see ``AudioSessionError``) and may deactivate the
/// session at any time (an interruption). Unlike iOS, which has one session per app, any
/// number of sessions may be bound to one ``SystemAudio``; ``shared`` is a convenience
/// instance bound to its own ``SimulatedSystem``.
///
/// Every method may be called from any thread. Reads return the system's current answer.
public final class AudioSession: Sendable {
    /// A session bound to a fresh ``SimulatedSystem`` in its launch defaults, reachable as ``system``.
    public static let shared = AudioSession(system: SimulatedSystem())

    /// The system this session asks and listens to.
    public let system: any SystemAudio

    private let id: SessionID
    private let hub: NotificationHub

    /// Creates a session attached to a system, inactive and in the default category.
    ///
    /// - Parameter system: The system that grants this session's requests, for example a ``SimulatedSystem``.
    public init(system: any SystemAudio) {
        let hub = NotificationHub()
        self.system = system
        self.hub = hub
        self.id = system.attachSession(deliver: { hub.deliver($0) })
    }

    deinit {
        system.detachSession(id)
        hub.finish()
    }

    /// Everything the session can read about itself, taken at one instant.
    public var status: SessionStatus { system.status(of: id) }

    /// Calls `moved` whenever the system's ``SystemAudio/statusVersion`` moves, until the session
    /// ends, on the thread that moved it; it must return at once (signal a thread, say).
    ///
    /// - Parameter moved: What to call; a later call replaces it.
    /// - Returns: Whether the system can tell (``SystemAudio/whenStatusMoves(for:_:)``); when it
    ///   cannot, look at ``status`` now and then.
    public func whenStatusMoves(_ moved: @escaping @Sendable () -> Void) -> Bool {
        system.whenStatusMoves(for: id, moved)
    }

    /// Sets what kind of audio the app makes.
    ///
    /// Replaces the previous category, mode, route-sharing policy and options entirely: options not
    /// given are cleared. Reading ``categoryOptions`` back shows the options given plus those they
    /// imply (`duckOthers` brings `mixWithOthers`; ambient always reads as mixing). While the
    /// session is active the change takes effect at once and observers get
    /// ``AudioSessionNotification/routeChanged(reason:previous:)`` with reason `categoryChange`.
    /// Changing the category also drops an output override.
    ///
    /// - Parameters:
    ///   - category: The category, for example `.ambient` for a game that lets the player's music play.
    ///   - mode: The mode; `.default` suits a game.
    ///   - policy: How the route is shared; anything but `.default` only with `playback`.
    ///   - options: The options; they must be allowed for the category (see ``CategoryRules``).
    /// - Throws: ``AudioSessionError/badParam`` for a combination ``CategoryRules`` forbids,
    ///   ``AudioSessionError/mediaServicesFailed`` while media services are lost. Nothing changes on error.
    public func setCategory(
        _ category: Category, mode: Mode = .default, policy: RouteSharingPolicy = .default,
        options: CategoryOptions = []
    ) throws(AudioSessionError) {
        guard CategoryRules.isValid(category, mode: mode, policy: policy, options: options) else {
            throw .badParam
        }
        try system.setCategory(category, mode: mode, policy: policy, options: options, for: id)
    }

    /// Sends a `playAndRecord` session's output to the built-in speaker, or back to the route its
    /// category chooses.
    ///
    /// While the session is active and the route moves, observers get
    /// ``AudioSessionNotification/routeChanged(reason:previous:)`` with reason `override`. The
    /// override lasts until it is set back to `.none` or the category changes.
    ///
    /// - Parameter port: `.speaker`, or `.none` to undo the override.
    /// - Throws: ``AudioSessionError/badParam`` when the category is not `playAndRecord`,
    ///   ``AudioSessionError/mediaServicesFailed`` while media services are lost. Nothing changes on error.
    public func overrideOutputAudioPort(_ port: OutputPortOverride) throws(AudioSessionError) {
        try system.overrideOutputAudioPort(port, for: id)
    }

    /// Activates or deactivates the session.
    ///
    /// Activating a non-mixable session stops other apps' audio; with `duckOthers` it lowers
    /// it; a mixable session lets it play on. Activating an active session, or deactivating an
    /// inactive one, does nothing. Deactivating hands the audio back to the apps this session
    /// interrupted; with ``SetActiveOptions/notifyOthersOnDeactivation`` they are told they may resume.
    ///
    /// - Parameters:
    ///   - active: `true` to activate, `false` to deactivate.
    ///   - options: Deactivation options; ignored when activating.
    /// - Throws: On activation: ``AudioSessionError/mediaServicesFailed`` while media services are lost,
    ///   ``AudioSessionError/insufficientPriority`` during a call or a ringing alarm,
    ///   ``AudioSessionError/cannotInterruptOthers`` for a non-mixable category while the app is in the
    ///   background. On deactivation: ``AudioSessionError/isBusy`` while audio I/O runs (see
    ///   ``setAudioIORunning(_:)``). Nothing changes on error.
    public func setActive(_ active: Bool, options: SetActiveOptions = []) throws(AudioSessionError) {
        try system.setActive(active, options: options, for: id)
    }

    /// Asks for a hardware sample rate; read the granted rate from ``sampleRate`` after the next activation.
    ///
    /// A preference is a request: it takes effect when the session activates, when the simulated
    /// hardware grants 44 100 or 48 000 Hz, whichever is nearer.
    ///
    /// - Parameter hertz: The rate wanted, or 0 for no preference (48 000 Hz).
    /// - Throws: ``AudioSessionError/badParam`` for a negative or non-finite rate,
    ///   ``AudioSessionError/mediaServicesFailed`` while media services are lost.
    public func setPreferredSampleRate(_ hertz: Double) throws(AudioSessionError) {
        try system.setPreferredSampleRate(hertz, for: id)
    }

    /// Asks for an I/O buffer duration; read the granted duration from ``ioBufferDuration`` after
    /// the next activation.
    ///
    /// A preference is a request: it takes effect when the session activates. While the screen is
    /// locked, a session that plays gets 4096 frames instead (to save power), and its own grant back
    /// on unlock. The simulated hardware grants a power-of-two number of frames from 64 to 4096 at the
    /// granted sample rate, the one nearest the request.
    ///
    /// - Parameter seconds: The duration wanted, or 0 for no preference (1024 frames).
    /// - Throws: ``AudioSessionError/badParam`` for a negative or non-finite duration,
    ///   ``AudioSessionError/mediaServicesFailed`` while media services are lost.
    public func setPreferredIOBufferDuration(_ seconds: Double) throws(AudioSessionError) {
        try system.setPreferredIOBufferDuration(seconds, for: id)
    }

    /// Tells the system what the engine's output really runs at, read back from the device once
    /// it opened. A desktop system reports these as the granted ``sampleRate`` and
    /// ``ioBufferDuration`` from then on (the server has the last word on both); the simulated
    /// system grants its own values and ignores it.
    ///
    /// - Parameters:
    ///   - sampleRate: The output's rate in hertz.
    ///   - ioBufferDuration: The output's period (the frames it mixes at a time) in seconds.
    public func outputOpened(sampleRate: Double, ioBufferDuration: Double) {
        system.outputOpened(sampleRate: sampleRate, ioBufferDuration: ioBufferDuration, for: id)
    }

    /// Tells the session whether the engine's audio I/O runs.
    ///
    /// While it runs, ``setActive(_:options:)`` with `false` fails with ``AudioSessionError/isBusy``:
    /// the engine must pause its output before the session is deactivated.
    ///
    /// - Parameter running: `true` when the engine starts its output, `false` when it stops it.
    public func setAudioIORunning(_ running: Bool) {
        system.setAudioIORunning(running, for: id)
    }

    /// Opts in to, or out of, an interruption with reason `routeDisconnected` when the output device goes away.
    ///
    /// Off by default: pulling headphones then only posts a route change.
    ///
    /// - Parameter prefers: `true` to be interrupted when the current output device disappears.
    public func setPrefersInterruptionOnRouteDisconnect(_ prefers: Bool) {
        system.setPrefersInterruptionOnRouteDisconnect(prefers, for: id)
    }

    /// Publishes what the app plays for the system's media controls, or withdraws it.
    ///
    /// A session that is active with the `playback` category and plays (its audio I/O runs) after
    /// publishing is the Now Playing session (``isNowPlaying``); of several, the latest to publish.
    /// It stays so while its I/O stops for a while (a paused soundtrack, a device reopening), until
    /// it is deactivated or interrupted, changes category or withdraws its information.
    ///
    /// As on iOS 17 and later, the Now Playing session hears its output device going away
    /// (headphones pulled) as an interruption with reason ``InterruptionReason/routeDisconnected``
    /// as well as the route change, whether or not it set
    /// ``setPrefersInterruptionOnRouteDisconnect(_:)``. On iOS this is
    /// `MPNowPlayingInfoCenter.default().nowPlayingInfo`; on the Linux desktop the game publishes
    /// itself as an MPRIS player.
    ///
    /// - Parameter info: What plays, or `nil` to withdraw it.
    public func setNowPlayingInfo(_ info: NowPlayingInfo?) {
        system.setNowPlayingInfo(info, for: id)
    }

    /// Calls `observer` with every notification for this session, synchronously and in order.
    ///
    /// The observer runs on the thread whose request caused the notification (a system
    /// action or a session call), before that request returns, and with no lock held: it may
    /// call back into the session or the system, for example reactivate on
    /// ``AudioSessionNotification/interruptionEnded(shouldResume:)``. Notifications caused by
    /// such a nested call are delivered after the current observer returns, keeping the order.
    ///
    /// The session keeps the observer until it is cancelled, so an observer that captures the
    /// session (or its system) strongly keeps both alive for the life of the process: capture
    /// them `weak`, or cancel the token when you are done.
    ///
    /// - Parameter observer: The callback.
    /// - Returns: A token whose ``ObservationToken/cancel()`` unsubscribes. Dropping the token does not.
    @discardableResult
    public func addObserver(_ observer: @escaping @Sendable (AudioSessionNotification) -> Void) -> ObservationToken {
        let observerID = hub.addObserver(observer)
        return ObservationToken { [weak hub] in hub?.removeObserver(observerID) }
    }

    /// A new stream of this session's notifications from now on, for async code.
    ///
    /// Each access returns a separate stream; it ends when the session goes away. Async code
    /// sees notifications after the fact; code that must act before the causing request
    /// returns should use ``addObserver(_:)``.
    public var notifications: AsyncStream<AudioSessionNotification> { hub.makeStream() }

    /// The category last set.
    public var category: Category { status.category }
    /// The mode last set.
    public var mode: Mode { status.mode }
    /// The options in effect: the ones last set plus those they imply.
    public var categoryOptions: CategoryOptions { status.categoryOptions }
    /// The route-sharing policy last set.
    public var routeSharingPolicy: RouteSharingPolicy { status.routeSharingPolicy }
    /// Whether the session is active now.
    public var isActive: Bool { status.isActive }
    /// Whether the system interrupted the session and neither an end nor a reactivation has come since.
    public var isInterrupted: Bool { status.isInterrupted }
    /// Whether another app's audio plays now, mixable or not.
    public var isOtherAudioPlaying: Bool { status.isOtherAudioPlaying }
    /// Whether another app's non-mixable audio plays now: a game in `ambient` should mute its soundtrack.
    public var secondaryAudioShouldBeSilencedHint: Bool { status.secondaryAudioShouldBeSilencedHint }
    /// The devices the session's audio uses now.
    public var currentRoute: RouteDescription { status.currentRoute }
    /// The system output volume, from 0 to 1.
    public var outputVolume: Double { status.outputVolume }
    /// The sample rate asked for, or 0 for no preference.
    public var preferredSampleRate: Double { status.preferredSampleRate }
    /// The sample rate granted at the last activation (48 000 Hz before the first), in hertz.
    public var sampleRate: Double { status.sampleRate }
    /// The I/O buffer duration asked for, in seconds, or 0 for no preference.
    public var preferredIOBufferDuration: Double { status.preferredIOBufferDuration }
    /// The I/O buffer duration in force, in seconds: granted at the last activation (1024 frames
    /// before the first), or 4096 frames while the screen is locked and the session plays.
    public var ioBufferDuration: Double { status.ioBufferDuration }
    /// The latency of the current output route, in seconds (simulated values per port).
    public var outputLatency: Double { status.outputLatency }
    /// Whether the route-disconnect interruption is opted in.
    public var prefersInterruptionOnRouteDisconnect: Bool { status.prefersInterruptionOnRouteDisconnect }
    /// What the session published for the media controls, or `nil` (see ``setNowPlayingInfo(_:)``).
    public var nowPlayingInfo: NowPlayingInfo? { status.nowPlayingInfo }
    /// Whether the session is the Now Playing one now (see ``setNowPlayingInfo(_:)``).
    public var isNowPlaying: Bool { status.isNowPlaying }

    /// Why the system silences this session's output now, or `nil` when it is audible.
    ///
    /// A simulation extension with no iOS counterpart: on iOS the switch is invisible to apps.
    /// Depends only on the category and the system state, not on whether the session is active.
    public var outputSilenceCause: OutputSilenceCause? { status.outputSilenceCause }

    /// Whether another app's `duckOthers` session lowers this session's output now.
    ///
    /// A simulation extension with no iOS counterpart: iOS ducks an app without telling it.
    public var isDucked: Bool { status.isDucked }
    /// Whether the engine may run its hardware output now: the session is active, not
    /// interrupted, and media services are up.
    ///
    /// A simulation extension with no iOS counterpart.
    public var mayRunOutput: Bool { status.mayRunOutput }
}
