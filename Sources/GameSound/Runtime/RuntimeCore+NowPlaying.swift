// SPDX-License-Identifier: Zlib
import AudioSession

/// Now Playing: what the game publishes for the system's media controls, and the commands they send.
extension RuntimeCore {
    func setNowPlaying(title: String?) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        log(.game, "nowPlaying", title.map { [.init("title", .string($0))] } ?? [])
        model.nowPlayingTitle = title
        publishNowPlayingIfChanged()
    }

    /// Tells the session the title and whether the soundtrack is heard now, when either changed
    /// since it was last told (called every block: a pause, an interruption or the hint all count).
    func publishNowPlayingIfChanged() {
        let info = model.nowPlayingTitle.map { NowPlayingInfo(title: $0, isPlaying: isSoundtrackHeard) }
        guard info != publishedNowPlaying else { return }
        publishedNowPlaying = info
        session.setNowPlayingInfo(info)
    }

    /// Whether the soundtrack plays and the output runs.
    private var isSoundtrackHeard: Bool {
        phase == .running && model.soundtrackRequest.intent == .playing && !model.soundtrackRequest.isHeld
    }

    /// A command from the media controls: play and pause drive the soundtrack (a play while an
    /// interruption never ended recovers first, as the spec asks of a press of play); next is the
    /// game's to act on, from the logged `remoteCommand` event.
    func remoteCommand(_ command: RemoteCommand) {
        log(.system, "remoteCommand", [.init("command", .string(command.rawValue))])
        let play: Bool
        switch command {
        case .play: play = true
        case .pause: play = false
        case .togglePlayPause: play = model.soundtrackRequest.intent != .playing
        case .nextTrack: return
        }
        if play, phase == .inactive { applicationDidBecomeActive() }
        guard model.soundtrackRequest.path != nil else { return }
        // Throws only GameSoundError.stopped (a stopped runtime has no soundtrack to play or pause).
        try? setSoundtrackIntent(play ? .playing : .paused, fade: 0)
        publishNowPlayingIfChanged()
    }
}
