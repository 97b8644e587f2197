// SPDX-License-Identifier: Zlib
/// What a session publishes about the audio it plays, for the system's media controls (the lock
/// screen and Control Center on iOS, an MPRIS player on the Linux desktop).
///
/// Publishing it (``AudioSession/setNowPlayingInfo(_:)``) is what makes a playing `playback`
/// session the Now Playing session, the one that hears a headphone disconnect as an interruption.
/// The counterpart on iOS is `MPNowPlayingInfoCenter.default().nowPlayingInfo`.
public struct NowPlayingInfo: Sendable, Hashable {
    /// The title the media controls show, for example the soundtrack's name.
    public var title: String
    /// Whether it plays now, or is paused: the media controls show a pause or a play button
    /// (`MPNowPlayingInfoPropertyPlaybackRate` 1 or 0 on iOS, `PlaybackStatus` over MPRIS).
    public var isPlaying: Bool

    /// Creates now-playing information.
    ///
    /// - Parameters:
    ///   - title: The title to show.
    ///   - isPlaying: Whether it plays now.
    public init(title: String, isPlaying: Bool = true) {
        self.title = title
        self.isPlaying = isPlaying
    }
}
