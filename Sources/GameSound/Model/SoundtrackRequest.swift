// SPDX-License-Identifier: Zlib
/// What the game asked of the soundtrack (the track, whether it loops, its volume, play, pause or
/// stop) and what holds it back (other audio at activation, the secondary-audio hint): a plain
/// value of the model (``MixModel/soundtrackRequest``), changed only by its own functions, kept
/// across interruptions and rebuilds.
///
/// It decides nothing about players: the track's record (``MixModel/soundtrack``) and its player
/// follow it in ``RuntimeCore/reconcileSoundtrack(fadeFrames:afterRestore:)``, which asks
/// ``isWanted(policyAllows:musicBusPaused:)``.
struct SoundtrackRequest: Equatable {
    /// What the game asked of the track.
    enum Intent: Equatable {
        case playing
        case paused
        case stopped
    }

    /// The track: the last one the game played or crossfaded to (or the configuration's); nil
    /// before there was one.
    private(set) var path: String?
    private(set) var loop = true
    /// The game's volume for the track (≥ 0).
    private(set) var volume: Float = 1
    private(set) var intent: Intent = .stopped
    /// Held back because other audio was playing when the session (re)activated, under
    /// ``GameSoundConfiguration/Policy-swift.enum/effectsPlusSoundtrackIfNoOtherAudio``.
    private(set) var heldBack = false
    /// Paused by the secondary-audio hint (another app's audio asks games to keep theirs quiet).
    private(set) var pausedByHint = false

    /// The track the runtime starts with (the configuration's), not playing until ``playIfChosen()``.
    init(path: String? = nil) {
        self.path = path
    }

    // MARK: - Reading it

    /// Whether the track should be heard now, all things considered: the game plays it, nothing
    /// holds it back, the session's policy has a soundtrack and the music bus is not paused.
    func isWanted(policyAllows: Bool, musicBusPaused: Bool) -> Bool {
        intent == .playing && !isHeld && policyAllows && path != nil && !musicBusPaused
    }

    /// The system holds the track back (other audio at activation, or the hint).
    var isHeld: Bool { heldBack || pausedByHint }

    // MARK: - The game's calls

    /// The runtime starts: the configuration's track plays, if it named one.
    mutating func playIfChosen() {
        if path != nil { intent = .playing }
    }

    /// The game plays `newPath`, or the track it has when nil.
    /// - Returns: Whether the track changed (the old one's record goes).
    /// - Throws: ``GameSoundError/noSoundtrack`` when `newPath` is nil and there never was a
    ///   track; nothing changes then.
    mutating func play(_ newPath: String?, loop: Bool) throws(GameSoundError) -> Bool {
        var changed = false
        if let newPath, newPath != path {
            path = newPath
            changed = true
        }
        guard path != nil else { throw .noSoundtrack }
        self.loop = loop
        intent = .playing
        return changed
    }

    /// The game crossfades to `newPath`: it is the track now, and plays.
    mutating func crossfade(to newPath: String, loop: Bool) {
        path = newPath
        self.loop = loop
        intent = .playing
    }

    /// The game resumes, pauses or stops the track it has (a resume only when there is one:
    /// ``GameSoundRuntime/resumeSoundtrack(fadeIn:)`` says `noSoundtrack` first), or the track
    /// ended or failed (stopped).
    mutating func set(_ newIntent: Intent) {
        intent = newIntent
    }

    /// The game's volume for the track.
    /// - Throws: ``GameSoundError/invalidArgument(_:)`` for a negative or non-finite volume;
    ///   nothing changes then.
    mutating func setVolume(_ newVolume: Float) throws(GameSoundError) {
        guard newVolume.isFinite, newVolume >= 0 else { throw .invalidArgument("soundtrack volume must be ≥ 0") }
        volume = newVolume
    }

    // MARK: - What the system does

    /// The output device the track played on went away and the route policy pauses the soundtrack then.
    /// - Returns: Whether it was playing (and is paused now).
    mutating func pauseForLostDevice() -> Bool {
        guard intent == .playing else { return false }
        intent = .paused
        return true
    }

    /// The session (re)activated: whether other audio holds the track back, under the policy that
    /// plays a soundtrack only when no other audio plays.
    mutating func holdBack(_ held: Bool) {
        heldBack = held
    }

    /// The secondary-audio hint began or ended (or was read after an activation). Its end also lets
    /// a track held back by other audio at activation play, under that policy
    /// (`releasesHeldBack`): the other audio has stopped.
    mutating func followHint(active: Bool, releasesHeldBack: Bool = false) {
        pausedByHint = active
        if !active, releasesHeldBack { heldBack = false }
    }
}
