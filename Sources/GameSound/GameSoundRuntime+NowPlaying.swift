// SPDX-License-Identifier: Zlib
import AudioSession

/// Now Playing: the game shown in the system's media controls, like a music app.
extension GameSoundRuntime {
    /// Publishes the soundtrack's title for the system's media controls, or withdraws it.
    ///
    /// While the game plays with the `playback` category (``GameSoundConfiguration/Policy/mediaPlayback``)
    /// and has published a title, its session is the Now Playing session: as on iOS 17 and later,
    /// pulling the headphones it plays on interrupts it (the event log shows `interruptionBegan`
    /// with reason `routeDisconnected`, and the output is silent until the app becomes active again,
    /// see ``applicationDidBecomeActive()``), not only changes its route. In any other category the
    /// title is kept and takes effect once the category is `playback`.
    ///
    /// On the Linux desktop (`DesktopSignalsSystem`) the game then appears as an MPRIS player,
    /// `org.mpris.MediaPlayer2.gamesound.instance<pid>`, showing the title and whether the soundtrack
    /// is heard. Its `Play`, `Pause` and `PlayPause` (media keys, a headset's button, `playerctl`)
    /// resume and pause the soundtrack (a play while an interruption never ended recovers it first),
    /// and `Next` is logged as the event `remoteCommand` with `command` `nextTrack` for the game to
    /// act on (see ``addEventObserver(_:)``); every command is logged so.
    ///
    /// The runtime logs `nowPlaying` with the title (or without one when withdrawn). The
    /// corresponding session call is `AudioSession.setNowPlayingInfo(_:)`.
    ///
    /// - Parameter title: What the media controls show, for example the soundtrack's name; `nil`
    ///   withdraws the game from the media controls.
    /// - Throws: ``GameSoundError/stopped`` after ``shutdown()``.
    public func setNowPlaying(title: String?) throws(GameSoundError) {
        try core.with { (core) throws(GameSoundError) in try core.setNowPlaying(title: title) }
    }

    /// The title last published with ``setNowPlaying(title:)``, or `nil`.
    public var nowPlayingTitle: String? { session.nowPlayingInfo?.title }
}
