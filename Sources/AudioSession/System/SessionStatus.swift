// SPDX-License-Identifier: Zlib
/// Everything a session can read about itself, taken at one instant.
///
/// ``AudioSession`` reads its properties from this snapshot; comparing two snapshots shows
/// whether anything changed.
public struct SessionStatus: Sendable, Hashable {
    /// The category last set (soloAmbient by default).
    public var category: Category
    /// The mode last set.
    public var mode: Mode
    /// The options last set.
    public var categoryOptions: CategoryOptions
    /// Whether the session is active.
    public var isActive: Bool
    /// Whether the system interrupted the session and neither an interruption end nor a
    /// reactivation has come since.
    public var isInterrupted: Bool
    /// Whether another app's audio plays now, mixable or not.
    public var isOtherAudioPlaying: Bool
    /// Whether another app's non-mixable audio plays now, so secondary audio (a soundtrack) should be muted.
    public var secondaryAudioShouldBeSilencedHint: Bool
    /// The devices the session's audio uses now.
    public var currentRoute: RouteDescription
    /// The system output volume, 0 to 1.
    public var outputVolume: Double
    /// The sample rate asked for, or 0 for no preference.
    public var preferredSampleRate: Double
    /// The sample rate granted, in hertz.
    public var sampleRate: Double
    /// The I/O buffer duration asked for, in seconds, or 0 for no preference.
    public var preferredIOBufferDuration: Double
    /// The I/O buffer duration granted, in seconds.
    public var ioBufferDuration: Double
    /// The latency of the current output route, in seconds.
    public var outputLatency: Double
    /// Whether the engine reported running audio I/O.
    public var isAudioIORunning: Bool
    /// Whether the session asked to be interrupted when its output device goes away.
    public var prefersInterruptionOnRouteDisconnect: Bool
    /// Why output is silenced now, or `nil` when it is audible (a simulation extension).
    public var outputSilenceCause: OutputSilenceCause?
    /// Whether the engine may run its output now (a simulation extension).
    public var mayRunOutput: Bool
    /// The route-sharing policy last set.
    public var routeSharingPolicy: RouteSharingPolicy
    /// Whether another app's `duckOthers` session lowers this session's output now (a simulation
    /// extension: iOS ducks an app without telling it).
    public var isDucked: Bool
    /// What the session published for the media controls, or `nil`.
    public var nowPlayingInfo: NowPlayingInfo?
    /// Whether the session is the Now Playing one now: it published ``nowPlayingInfo`` and plays with
    /// the `playback` category, so pulling its output device interrupts it (iOS 17 and later).
    public var isNowPlaying: Bool

    /// Creates a snapshot; used by ``SystemAudio`` implementations.
    ///
    /// - Parameters:
    ///   - category: The category.
    ///   - mode: The mode.
    ///   - categoryOptions: The options.
    ///   - isActive: Whether the session is active.
    ///   - isInterrupted: Whether the session is interrupted.
    ///   - isOtherAudioPlaying: Whether other audio plays.
    ///   - secondaryAudioShouldBeSilencedHint: Whether non-mixable other audio plays.
    ///   - currentRoute: The route.
    ///   - outputVolume: The output volume.
    ///   - preferredSampleRate: The preferred sample rate.
    ///   - sampleRate: The granted sample rate.
    ///   - preferredIOBufferDuration: The preferred buffer duration.
    ///   - ioBufferDuration: The granted buffer duration.
    ///   - outputLatency: The output latency.
    ///   - isAudioIORunning: Whether I/O runs.
    ///   - prefersInterruptionOnRouteDisconnect: The route-disconnect preference.
    ///   - outputSilenceCause: The silence cause.
    ///   - mayRunOutput: Whether output may run.
    ///   - routeSharingPolicy: The route-sharing policy.
    ///   - isDucked: Whether another app ducks this session.
    ///   - nowPlayingInfo: What the session published for the media controls.
    ///   - isNowPlaying: Whether it is the Now Playing session.
    public init(
        category: Category, mode: Mode, categoryOptions: CategoryOptions, isActive: Bool, isInterrupted: Bool,
        isOtherAudioPlaying: Bool, secondaryAudioShouldBeSilencedHint: Bool, currentRoute: RouteDescription,
        outputVolume: Double, preferredSampleRate: Double, sampleRate: Double, preferredIOBufferDuration: Double,
        ioBufferDuration: Double, outputLatency: Double, isAudioIORunning: Bool,
        prefersInterruptionOnRouteDisconnect: Bool, outputSilenceCause: OutputSilenceCause?, mayRunOutput: Bool,
        routeSharingPolicy: RouteSharingPolicy = .default, isDucked: Bool = false,
        nowPlayingInfo: NowPlayingInfo? = nil, isNowPlaying: Bool = false
    ) {
        self.category = category
        self.mode = mode
        self.categoryOptions = categoryOptions
        self.isActive = isActive
        self.isInterrupted = isInterrupted
        self.isOtherAudioPlaying = isOtherAudioPlaying
        self.secondaryAudioShouldBeSilencedHint = secondaryAudioShouldBeSilencedHint
        self.currentRoute = currentRoute
        self.outputVolume = outputVolume
        self.preferredSampleRate = preferredSampleRate
        self.sampleRate = sampleRate
        self.preferredIOBufferDuration = preferredIOBufferDuration
        self.ioBufferDuration = ioBufferDuration
        self.outputLatency = outputLatency
        self.isAudioIORunning = isAudioIORunning
        self.prefersInterruptionOnRouteDisconnect = prefersInterruptionOnRouteDisconnect
        self.outputSilenceCause = outputSilenceCause
        self.mayRunOutput = mayRunOutput
        self.routeSharingPolicy = routeSharingPolicy
        self.isDucked = isDucked
        self.nowPlayingInfo = nowPlayingInfo
        self.isNowPlaying = isNowPlaying
    }
}
