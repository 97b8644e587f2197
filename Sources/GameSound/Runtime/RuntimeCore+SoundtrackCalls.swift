// SPDX-License-Identifier: Zlib
import AudioFiles
import AudioSession
import Logging

/// The soundtrack's calls (play, pause, resume, stop, crossfade, volume), its position, and the
/// display's snapshot. What the soundtrack does once a call has decided (its players, its fades, its
/// updates) is RuntimeCore+Soundtrack.
extension RuntimeCore {
    /// A track's file opened at its first frame on the caller's thread, before the runtime's lock;
    /// `Result.failure` when it does not open, for the call to log (`soundtrackFailed`) without
    /// opening it again.
    /// - Parameter waitingForBlocks: Whether its first blocks are decoded too (headless: the
    ///   player's first play would wait for them under the lock). In real time nobody waits for them.
    static func openAhead(_ path: String, loop: Bool, waitingForBlocks: Bool) -> Result<OpenedStreamFile, GameSoundError> {
        do {
            let file = try OpenedStreamFile.open(path: path, loop: loop, startFrame: 0, framesPerBlock: AudioStream.framesPerBuffer)
            if waitingForBlocks { file.decoding.waitUntilFull() }
            return .success(file)
        } catch {
            return .failure(error)
        }
    }
    /// During a game's call in real time (a command), what needs more than the call's recorded
    /// writes (a soundtrack's player, the reverb's slots) is left to the update thread, after the
    /// writes: the call decides (the track, the intent, the fade, the environment) and it follows
    /// (``followSoundtrack(fadeFrames:opened:)``).
    var leavesWorkToAudioThread: Bool { mirror.defersWrites && !isHeadless }
    func playSoundtrack(path: String?, loop: Bool, fadeIn: Double, opened: Result<OpenedStreamFile, GameSoundError>? = nil) throws(GameSoundError) {
        var unused = try? opened?.get()
        defer { unused?.decoding.cancel() }
        guard phase != .stopped else { throw .stopped }
        if try model.soundtrackRequest.play(path, loop: loop) {
            discard(model.soundtrack)
            model.soundtrack = nil
        }
        if phase == .inactive, !session.isInterrupted {
            let actions = lifecycle.gameWantsOutput()
            // During a game's call in real time the update thread tries, at its next update.
            if !leavesWorkToAudioThread { perform(actions) }
        }
        if failedToOpen(opened) { return }
        let file = unused
        unused = nil
        followSoundtrack(fadeFrames: Int(fadeIn * Double(configuration.sampleRate)), opened: file)
    }

    /// Whether the new track's file, opened ahead by the call, did not open: then it is the track's
    /// failure, logged here as its player's would be when it starts (not opened a second time to find
    /// out again), when the track would start now.
    private func failedToOpen(_ opened: Result<OpenedStreamFile, GameSoundError>?) -> Bool {
        guard case .failure(let error) = opened, phase == .running, soundtrackWanted, model.soundtrack?.path != model.soundtrackRequest.path else {
            return false
        }
        soundtrackFailed(error)
        return true
    }

    /// Follows what a soundtrack call decided: now, or during a game's call in real time on the
    /// update thread after the call's writes, where the player is made, paused or resumed and the
    /// events are logged. `opened`: the new track's file, opened by the caller, on offer to the
    /// player made (its decoding cancelled if none takes it).
    func followSoundtrack(fadeFrames: Int, opened: OpenedStreamFile? = nil) {
        guard leavesWorkToAudioThread else { return mirror.offering(opened) { reconcileSoundtrack(fadeFrames: fadeFrames) } }
        mirror.afterWrites { [unowned self] in mirror.offering(opened) { reconcileSoundtrack(fadeFrames: fadeFrames) } }
    }
    func setSoundtrackIntent(_ intent: SoundtrackRequest.Intent, fade: Double) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        model.soundtrackRequest.set(intent)
        if intent != .playing, fade <= 0 {
            // A pause or stop at once silences the track still fading out of a crossfade, too.
            for record in model.outgoingTracks { discard(record) }
            model.outgoingTracks = []
        }
        if intent == .stopped, phase != .running {
            // Stopped while the output is away: a later play starts the track from its beginning.
            discard(model.soundtrack)
            model.soundtrack = nil
        }
        followSoundtrack(fadeFrames: Int(fade * Double(configuration.sampleRate)))
    }
    /// Fades the current track out and `path` in over `duration` seconds.
    func crossfade(to path: String, duration: Double, loop: Bool, opened: Result<OpenedStreamFile, GameSoundError>? = nil) throws(GameSoundError) {
        var unused = try? opened?.get()
        defer { unused?.decoding.cancel() }
        guard phase != .stopped else { throw .stopped }
        let frames = max(1, Int(duration * Double(configuration.sampleRate)))
        if phase == .running, mirror.canWrite(), var old = model.soundtrack, player(old)?.state == .playing {
            let now = currentFrame
            old.fade = .toSilence(from: old.fade, at: now, frames: frames, then: .stop)
            log(.game, "soundtrackStopped", soundtrackDetails(old))
            // At most one track fades out at a time: a crossfade during a crossfade cuts the older
            // fade short, so that repeated crossfades cannot pile up streams.
            for record in model.outgoingTracks { discard(record) }
            model.outgoingTracks = [old]
        } else {
            discard(model.soundtrack)
        }
        model.soundtrack = nil
        model.soundtrackRequest.crossfade(to: path, loop: loop)
        // The old track fades out all the same.
        if failedToOpen(opened) { return }
        let file = unused
        unused = nil
        followSoundtrack(fadeFrames: frames, opened: file)
    }

    func setSoundtrackVolume(_ volume: Float) throws(GameSoundError) {
        try model.soundtrackRequest.setVolume(volume)
        model.soundtrack?.gain = volume
        // During a game's call in real time its player takes the new gain with the call's writes,
        // which wake the update thread (a command that records nothing wakes nobody, and the track
        // would wait for the next whole update, a refill away). Otherwise the next update gives it.
        guard leavesWorkToAudioThread else { return }
        mirror.afterWrites { [unowned self] in
            guard phase == .running, let record = model.soundtrack, let player = player(record), useContext() else { return }
            attempt(streamLabel(player.path)) { try player.setGain(sourceGain(record, at: currentFrame)) }
        }
    }

    var soundtrackPosition: Int? {
        // No record: stopped (nil), or asked to play and not started yet (held back, say): at its start.
        guard let soundtrack = model.soundtrack else { return model.soundtrackRequest.intent != .stopped ? 0 : nil }
        if phase == .running, mirror.contextUsable { return position(of: soundtrack) }
        return soundtrack.resumeAt
    }
}

extension RuntimeCore {
    /// The runtime's state for a display, taken in one step.
    var displaySnapshot: RuntimeSnapshot {
        let status = session.status
        let state: RuntimeSnapshot.State =
            switch phase {
            case .running: .running
            case .inactive: status.isInterrupted ? .interrupted : .inactive
            case .lost: .mediaServicesLost
            case .awaitingDevice: .awaitingDevice
            case .stopped: .stopped
            }
        let track: RuntimeSnapshot.SoundtrackState
        let request = model.soundtrackRequest
        if request.path == nil || request.intent == .stopped || !policyAllowsSoundtrack {
            track = .stopped
        } else if request.intent == .playing, request.isHeld {
            track = .heldForOtherAudio
        } else if phase == .running, let record = model.soundtrack, player(record)?.state == .playing,
                  (record.fade?.completion ?? Fade.Completion.none) == Fade.Completion.none {
            track = .playing
        } else {
            track = .paused
        }
        return RuntimeSnapshot(
            state: state, session: status, silenceCause: model.silenceCause, isDucked: isDucked,
            soundtrack: track, soundtrackPosition: soundtrackPosition, voicesInUse: voicesInUse,
            voices: configuration.voices, frame: currentFrame, sampleRate: configuration.sampleRate, levels: levels,
            buses: busStatuses)
    }
}
