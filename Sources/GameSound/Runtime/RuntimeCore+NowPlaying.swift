import AudioSession

/// Now Playing: what the game publishes for the system's media controls.
extension RuntimeCore {
    func setNowPlaying(title: String?) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        log(.game, "nowPlaying", title.map { [.init("title", .string($0))] } ?? [])
        session.setNowPlayingInfo(title.map { NowPlayingInfo(title: $0) })
    }
}
