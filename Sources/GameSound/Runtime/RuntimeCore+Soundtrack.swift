// SPDX-License-Identifier: Zlib
import AudioSession
import Logging

/// The soundtrack: what the game asked for, reconciled with what the system allows.
extension RuntimeCore {
    /// Whether the soundtrack should be heard now, all things considered.
    var soundtrackWanted: Bool {
        model.soundtrackRequest.isWanted(policyAllows: policyAllowsSoundtrack, musicBusPaused: model.buses.isPaused(BusTree.music))
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
            let request = model.soundtrackRequest
            if soundtrackWanted, let path = request.path {
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
                    var record = StreamRecord(id: model.newStreamID(), path: path, loop: request.loop, bus: BusTree.music, gain: request.volume)
                    if fadeFrames > 0 { record.fade = .toFull(from: 0, at: now, frames: fadeFrames) }
                    model.soundtrack = nil
                    if let file = mirror.takeFileStillDecoding(path: path, loop: request.loop, wake: wakeForUpdate) {
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
                let completion: Fade.Completion = request.intent == .stopped ? .stop : .pause
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
            } else if request.intent == .stopped, let record = model.soundtrack, record.paused {
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

    func soundtrackFailed(_ error: GameSoundError) {
        log(.engine, "soundtrackFailed", [.init("error", .string(String(describing: error)))])
        logger.error("the soundtrack cannot play: \(error)", metadata: LogCode.soundtrackCannotPlay.metadata)
        discard(model.soundtrack)
        model.soundtrack = nil
        model.soundtrackRequest.set(.stopped)
    }

    /// The soundtrack played to its end (it does not loop): stopped, as the game would stop it.
    private func soundtrackEnded(_ record: StreamRecord) {
        log(.game, "soundtrackStopped", soundtrackDetails(record))
        discard(record)
        model.soundtrack = nil
        model.soundtrackRequest.set(.stopped)
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

    /// The soundtrack's first blocks, decoding since the call that started it, are there: it gets
    /// its player now, paused if the game paused it meanwhile. The update's first step.
    private func startSoundtrackIfReady() {
        guard var record = model.soundtrack, let file = takeFileWithFirstBlocks(record) else { return }
        do throws(GameSoundError) {
            try mirror.offering(file) { () throws(GameSoundError) in try startPlayer(&record, cued: record.paused) }
            model.soundtrack = record
        } catch {
            soundtrackFailed(error)
        }
    }
}
