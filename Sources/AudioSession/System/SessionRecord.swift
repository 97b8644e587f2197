// SPDX-License-Identifier: Zlib
/// What a system keeps for one attached session: the category it asked for, whether it is active,
/// who interrupted it, and its preferences. The simulated system and the PulseAudio system both
/// keep one per session; `Interrupter` is each system's own list of reasons for an interruption.
package struct SessionRecord<Interrupter: Equatable & Sendable>: Sendable {
    /// Hands a notification to the session (through the system's delivery queue).
    package let deliver: @Sendable (AudioSessionNotification) -> Void
    package var category: Category = .soloAmbient { didSet { noteNowPlaying() } }
    package var mode: Mode = .default
    /// The options in effect: those asked for plus those they imply (see ``CategoryRules/effectiveOptions(_:_:)``).
    package var options: CategoryOptions = []
    package var routeSharingPolicy: RouteSharingPolicy = .default
    /// A `playAndRecord` session's output override; back to `.none` when the category changes.
    package var outputOverride: OutputPortOverride = .none
    package var isActive = false { didSet { noteNowPlaying() } }
    package var interruptedBy: Interrupter?
    /// A suspended app's interruption, to be posted (with `wasSuspended`) when it comes back.
    package var pendingSuspendedBegan = false
    package var preferredSampleRate: Double = 0
    package var preferredIOBufferDuration: Double = 0
    /// The sample rate the system granted at the last activation; 0 before the first.
    package var grantedSampleRate: Double = 0
    /// The I/O buffer duration the system granted at the last activation; 0 before the first.
    package var grantedIOBufferDuration: Double = 0
    package var isAudioIORunning = false { didSet { noteNowPlaying() } }
    package var prefersInterruptionOnRouteDisconnect = false
    /// What the session published for the media controls, or `nil`.
    package var nowPlayingInfo: NowPlayingInfo? { didSet { noteNowPlaying() } }
    /// Whether the session has played (audio I/O running) since it last became active in the
    /// `playback` category with now-playing information: then it qualifies as Now Playing, and stays
    /// so while its I/O stops for a moment (a device reopened after a route change), as a paused
    /// music app stays in iOS's media controls.
    package private(set) var hasPlayedAsNowPlaying = false
    /// When the session last published ``nowPlayingInfo``, in the system's own count: of several
    /// sessions that qualify, the latest to publish is the Now Playing one.
    package var nowPlayingSerial: UInt64 = 0

    package init(deliver: @escaping @Sendable (AudioSessionNotification) -> Void) {
        self.deliver = deliver
    }

    /// Whether the category and options let other audio play alongside.
    package var isMixable: Bool { CategoryRules.isMixable(category, options: options) }

    /// Takes a new category, mode, route-sharing policy and options (read back with what they imply);
    /// a change of category drops the output override.
    ///
    /// - Returns: Whether anything changed.
    package mutating func setCategory(
        _ category: Category, mode: Mode, policy: RouteSharingPolicy, options: CategoryOptions
    ) -> Bool {
        let options = CategoryRules.effectiveOptions(category, options)
        guard (self.category, self.mode, routeSharingPolicy, self.options) != (category, mode, policy, options) else {
            return false
        }
        if self.category != category { outputOverride = .none }
        self.category = category
        self.mode = mode
        routeSharingPolicy = policy
        self.options = options
        return true
    }

    /// Whether the session could be the Now Playing one: it published what it plays, is active with
    /// the `playback` category, and has played (audio I/O ran) since it became so.
    package var qualifiesForNowPlaying: Bool {
        hasPlayedAsNowPlaying && nowPlayingInfo != nil && isActive && category == .playback
    }

    /// Keeps ``hasPlayedAsNowPlaying``: earned by playing while active in `playback` with information
    /// published, lost by deactivating (an interruption too), another category or withdrawing.
    private mutating func noteNowPlaying() {
        guard nowPlayingInfo != nil, isActive, category == .playback else {
            if hasPlayedAsNowPlaying { hasPlayedAsNowPlaying = false }
            return
        }
        if isAudioIORunning, !hasPlayedAsNowPlaying { hasPlayedAsNowPlaying = true }
    }

    /// Back to the state of a newly attached session (after media services come back). What it
    /// published for the media controls stays: that belongs to the app, not to its audio session.
    package mutating func resetToDefaults() {
        let (info, serial) = (nowPlayingInfo, nowPlayingSerial)
        self = SessionRecord(deliver: deliver)
        (nowPlayingInfo, nowPlayingSerial) = (info, serial)
    }

    /// Publishes, changes or withdraws the session's now-playing information. Publishing afresh
    /// takes the lead among the sessions that qualify; changing the title keeps the session's place.
    ///
    /// - Parameters:
    ///   - info: What plays, or `nil` to withdraw.
    ///   - publications: The system's count of publications, moved on by a fresh one.
    package mutating func setNowPlayingInfo(_ info: NowPlayingInfo?, publications: inout UInt64) {
        if nowPlayingInfo == nil, info != nil {
            publications += 1
            nowPlayingSerial = publications
        }
        nowPlayingInfo = info
    }

    /// The Now Playing session among `records`: of those that qualify (see
    /// ``qualifiesForNowPlaying``), the one that published its information last.
    ///
    /// - Parameter records: Every session a system keeps.
    /// - Returns: Its handle, or `nil` when none qualifies.
    package static func nowPlayingSession(among records: [SessionID: SessionRecord]) -> SessionID? {
        records.filter { $0.value.qualifiesForNowPlaying }
            .max { ($0.value.nowPlayingSerial, $0.key.rawValue) < ($1.value.nowPlayingSerial, $1.key.rawValue) }?.key
    }

    /// Whether pulling its output device interrupts this session: it asked for it, or it is the Now
    /// Playing session (iOS 17 and later).
    ///
    /// - Parameters:
    ///   - id: This session's handle.
    ///   - nowPlaying: The Now Playing session's handle, if any.
    package func isInterruptedByRouteDisconnect(_ id: SessionID, nowPlaying: SessionID?) -> Bool {
        prefersInterruptionOnRouteDisconnect || id == nowPlaying
    }

    /// Records a preferred hardware sample rate; 0 means no preference.
    ///
    /// - Throws: ``AudioSessionError/badParam`` for a negative or non-finite rate; nothing changes then.
    package mutating func setPreferredSampleRate(_ hertz: Double) throws(AudioSessionError) {
        guard hertz.isFinite, hertz >= 0 else { throw .badParam }
        preferredSampleRate = hertz
    }

    /// Records a preferred I/O buffer duration in seconds; 0 means no preference.
    ///
    /// - Throws: ``AudioSessionError/badParam`` for a negative or non-finite duration; nothing changes then.
    package mutating func setPreferredIOBufferDuration(_ seconds: Double) throws(AudioSessionError) {
        guard seconds.isFinite, seconds >= 0 else { throw .badParam }
        preferredIOBufferDuration = seconds
    }
}
