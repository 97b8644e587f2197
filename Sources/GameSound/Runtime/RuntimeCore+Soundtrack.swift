// SPDX-License-Identifier: Zlib
import AudioSession
import Logging

/// The soundtrack: what the game asked for, reconciled with what the system allows.
extension RuntimeCore {
    /// Whether the soundtrack should be heard now, all things considered.
    var soundtrackWanted: Bool {
        soundtrackIntent == .playing && policyAllowsSoundtrack && !soundtrackHeldBack && !pausedByHint
            && soundtrackPath != nil && !model.buses.isPaused(BusTree.music)
    }

    func soundtrackDetails(_ record: StreamRecord?) -> [GameSoundEvent.Detail] {
        [.init("position", .integer(record.map(position(of:)) ?? 0))]
    }

    /// Makes the soundtrack's record and player match ``soundtrackWanted``: starts, resumes, pauses or
    /// stops it, logging each change, and gives a record that plays and has lost its player (a
    /// rebuilt context) a new one where it was. Only while running; during an interruption the
    /// intent waits for the end.
    ///
    /// - Parameters:
    ///   - fadeFrames: How long a start, resume, pause or stop asked for now takes (0: at once, which
    ///     also cuts a fade-out under way).
    ///   - afterRestore: Called because the output came back (an interruption ended, a rebuild), not
    ///     because anything was asked: a fade-out under way goes on where it is by now, as every ramp does.
    func reconcileSoundtrack(fadeFrames: Int, afterRestore: Bool = false) {
        guard phase == .running, useContext() else { return }
        let now = currentFrame
        // It reached its end as its player went (a rebuild at the block whose update would have
        // ended it): it ends now. A player made at the end would start the track over.
        if let record = model.soundtrack, player(record) == nil, record.playedOut { soundtrackEnded(record) }
        do throws(GameSoundError) {
            if soundtrackWanted, let path = soundtrackPath {
                if var record = model.soundtrack, record.path == path {
                    // Paused, or fading out (to a pause, or to a stop the game has taken back): it comes back from where it is.
                    if record.paused || record.fade?.completion == .pause || record.fade?.completion == .stop {
                        let from = record.paused ? 0 : (record.fade?.ramp.value(at: now) ?? 1)
                        record.fade = fadeFrames > 0 ? .toFull(from: from, at: now, frames: fadeFrames) : nil
                        record.paused = false
                        try play(&record)
                        model.soundtrack = record
                        log(.game, "soundtrackResumed", soundtrackDetails(record))
                    } else if player(record) == nil, !isAwaitingFirstBlocks(record) {
                        // It played when its context went: it goes on where it was.
                        try play(&record)
                        model.soundtrack = record
                        log(.game, "soundtrackResumed", soundtrackDetails(record) + [.init("track", .string(path))])
                    }
                } else {
                    discard(model.soundtrack)
                    var record = StreamRecord(id: model.newStreamID(), path: path, loop: soundtrackLoop, bus: BusTree.music, gain: soundtrackVolume)
                    if fadeFrames > 0 { record.fade = .toFull(from: 0, at: now, frames: fadeFrames) }
                    model.soundtrack = nil
                    if let file = mirror.takeFileStillDecoding(path: path, loop: soundtrackLoop, wake: wakeForUpdate) {
                        // Real time, its file opened by the game's call: nobody waits for its first
                        // blocks; the update gives it its player when they are there, its clock
                        // starting then (``startSoundtrackIfReady()``), as a stream voice's does.
                        mirror.streamsAwaitingFirstBlocks[record.id] = file
                    } else {
                        try startPlayer(&record)
                    }
                    model.soundtrack = record
                    log(.game, "soundtrackStarted", soundtrackDetails(record) + [.init("track", .string(path))])
                }
            } else if var record = model.soundtrack, !record.paused, afterRestore, let fade = record.fade, fade.completion != .none {
                // A fade-out under way when the output went: it goes on where it is now, or is over.
                if fade.ramp.isFinished(at: now) {
                    record.fade = nil
                    if fade.completion == .stop {
                        discard(record)
                        model.soundtrack = nil
                        return
                    }
                    record.resumeAt = position(of: record)
                    do { try player(record)?.pause() } catch { throw .openAL(error) }
                    setClock(&record, playing: false)
                    record.paused = true
                } else if player(record) == nil {
                    try startPlayer(&record)
                }
                model.soundtrack = record
            } else if var record = model.soundtrack, !record.paused,
                      fadeFrames <= 0 || (record.fade?.completion != .pause && record.fade?.completion != .stop) {
                // A stop or pause without a fade also cuts a fade-out already under way: "now" means now.
                let completion: Fade.Completion = soundtrackIntent == .stopped ? .stop : .pause
                if record.fade?.completion != completion {
                    log(.game, completion == .stop ? "soundtrackStopped" : "soundtrackPaused", soundtrackDetails(record))
                }
                if fadeFrames > 0 {
                    record.fade = .toSilence(from: record.fade, at: now, frames: fadeFrames, then: completion)
                    model.soundtrack = record
                } else if completion == .stop {
                    discard(record)
                    model.soundtrack = nil
                } else {
                    record.resumeAt = position(of: record)
                    do { try player(record)?.pause() } catch { throw .openAL(error) }
                    setClock(&record, playing: false)
                    record.paused = true
                    record.fade = nil
                    model.soundtrack = record
                }
            } else if soundtrackIntent == .stopped, let record = model.soundtrack, record.paused {
                discard(record)
                model.soundtrack = nil
            }
        } catch {
            soundtrackFailed(error)
        }
    }

    /// Plays the soundtrack's record: its paused player, or a new one where it was.
    ///
    /// A player still playing (the track was fading out) is only given its gain: `alSourcePlay` on a
    /// playing source starts it again from its first queued buffer, up to four buffers back.
    private func play(_ record: inout StreamRecord) throws(GameSoundError) {
        if let player = player(record) {
            let gain = sourceGain(record, at: currentFrame)
            do {
                if player.state == .playing { try player.setGain(gain) } else { try player.play(gain: gain) }
                setClock(&record, playing: true)
            } catch {
                throw .openAL(error)
            }
        } else if !isAwaitingFirstBlocks(record) {
            try startPlayer(&record)
        }
        // Else its player comes with its first blocks (``startSoundtrackIfReady()``), playing unless
        // the track is paused again by then.
    }

    /// A track started by a game's call in real time whose first blocks are still decoding.
    private func isAwaitingFirstBlocks(_ record: StreamRecord) -> Bool {
        mirror.streamsAwaitingFirstBlocks[record.id] != nil
    }

    private func soundtrackFailed(_ error: GameSoundError) {
        log(.engine, "soundtrackFailed", [.init("error", .string(String(describing: error)))])
        logger.error("the soundtrack cannot play: \(error)", metadata: LogCode.soundtrackCannotPlay.metadata)
        discard(model.soundtrack)
        model.soundtrack = nil
        soundtrackIntent = .stopped
    }

    /// The soundtrack played to its end (it does not loop): stopped, as the game would stop it.
    private func soundtrackEnded(_ record: StreamRecord) {
        log(.game, "soundtrackStopped", soundtrackDetails(record))
        discard(record)
        model.soundtrack = nil
        soundtrackIntent = .stopped
    }

    /// Per-block work for the soundtrack and the tracks fading out of a crossfade: gain, fades,
    /// refills, fade-outs that finished, tracks that ended.
    func updateSoundtrack() {
        startSoundtrackIfReady()
        let now = currentFrame
        if var record = model.soundtrack, let player = player(record) {
            let underrunsBefore = player.underruns
            let progress = advance(&record, at: now)
            model.soundtrack = record
            if player.underruns > underrunsBefore {
                logger.warning("the soundtrack ran dry and restarted (underrun \(player.underruns)): the update fell behind", metadata: LogCode.soundtrackUnderrun.metadata)
            }
            switch progress {
            case .playing, .pausedByFade:
                break
            case .stoppedByFade:
                discard(record)
                model.soundtrack = nil
            case .ended:
                soundtrackEnded(record)
            case .failed(let error):
                soundtrackFailed(.decoding(error))
            }
        }
        // Not removeAll on an empty array: that allocated a new buffer at every block.
        guard !model.outgoingTracks.isEmpty else { return }
        for index in model.outgoingTracks.indices {
            switch advance(&model.outgoingTracks[index], at: now) {
            case .playing, .pausedByFade: continue
            case .stoppedByFade, .ended, .failed: model.outgoingTracks[index].live = false
            }
        }
        model.outgoingTracks.removeAll { record in
            guard !record.live else { return false }
            discard(record)
            return true
        }
    }

    // MARK: - Game commands

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
        if let path, path != soundtrackPath {
            discard(model.soundtrack)
            model.soundtrack = nil
            soundtrackPath = path
        }
        guard soundtrackPath != nil else { throw .noSoundtrack }
        soundtrackLoop = loop
        soundtrackIntent = .playing
        if phase == .inactive, !session.isInterrupted {
            let actions = lifecycle.gameWantsOutput()
            // During a game's call in real time the update thread tries, at its next update.
            if !leavesWorkToAudioThread { perform(actions) }
        }
        // A file that did not open is the track's failure, logged here as its player's would be when
        // it starts (not opened a second time to find out again).
        if case .failure(let error) = opened, phase == .running, soundtrackWanted, model.soundtrack?.path != soundtrackPath {
            soundtrackFailed(error)
            return
        }
        unused = nil
        followSoundtrack(fadeFrames: Int(fadeIn * Double(configuration.sampleRate)), opened: try? opened?.get())
    }

    /// Follows what a soundtrack call decided: now, or during a game's call in real time on the
    /// update thread after the call's writes, where the player is made, paused or resumed and the
    /// events are logged. `opened`: the new track's file, opened by the caller, on offer to the
    /// player made (its decoding cancelled if none takes it).
    func followSoundtrack(fadeFrames: Int, opened: OpenedStreamFile? = nil) {
        guard leavesWorkToAudioThread else { return mirror.offering(opened) { reconcileSoundtrack(fadeFrames: fadeFrames) } }
        mirror.afterWrites { [unowned self] in mirror.offering(opened) { reconcileSoundtrack(fadeFrames: fadeFrames) } }
    }

    /// The soundtrack's first blocks, decoding since the call that started it, are there: it gets
    /// its player now, paused if the game paused it meanwhile. The update's first step.
    private func startSoundtrackIfReady() {
        guard var record = model.soundtrack, firstBlocksAreReady(record), let file = mirror.streamsAwaitingFirstBlocks.removeValue(forKey: record.id) else { return }
        do throws(GameSoundError) {
            try mirror.offering(file) { () throws(GameSoundError) in try startPlayer(&record, cued: record.paused) }
            model.soundtrack = record
        } catch {
            soundtrackFailed(error)
        }
    }

    func setSoundtrackIntent(_ intent: SoundtrackIntent, fade: Double) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        soundtrackIntent = intent
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
    func crossfade(to path: String, duration: Double, loop: Bool, opened: OpenedStreamFile? = nil) throws(GameSoundError) {
        var unused = opened
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
        soundtrackPath = path
        soundtrackLoop = loop
        soundtrackIntent = .playing
        unused = nil
        followSoundtrack(fadeFrames: frames, opened: opened)
    }

    func setSoundtrackVolume(_ volume: Float) throws(GameSoundError) {
        guard volume.isFinite, volume >= 0 else { throw .invalidArgument("soundtrack volume must be ≥ 0") }
        soundtrackVolume = volume
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
        guard let soundtrack = model.soundtrack else { return soundtrackIntent != .stopped ? 0 : nil }
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
        if soundtrackPath == nil || soundtrackIntent == .stopped || !policyAllowsSoundtrack {
            track = .stopped
        } else if soundtrackIntent == .playing, soundtrackHeldBack || pausedByHint {
            track = .heldForOtherAudio
        } else if phase == .running, let record = model.soundtrack, player(record)?.state == .playing,
                  (record.fade?.completion ?? Fade.Completion.none) == Fade.Completion.none {
            track = .playing
        } else {
            track = .paused
        }
        return RuntimeSnapshot(
            state: state, session: status, silenceCause: silenceCause, isDucked: isDucked,
            soundtrack: track, soundtrackPosition: soundtrackPosition, voicesInUse: voicesInUse,
            voices: configuration.voices, frame: currentFrame, sampleRate: configuration.sampleRate, levels: levels,
            buses: busStatuses)
    }
}

