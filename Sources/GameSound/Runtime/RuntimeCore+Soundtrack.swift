import OpenAL

/// The soundtrack: what the game asked for, reconciled with what the system allows.
extension RuntimeCore {
    /// Whether the soundtrack should be heard now, all things considered.
    var soundtrackWanted: Bool {
        soundtrackIntent == .playing && policyAllowsSoundtrack && !soundtrackHeldBack && !pausedByHint
            && soundtrackPath != nil && !buses.isPaused(BusTree.music)
    }

    func soundtrackDetails(_ stream: AudioStream?) -> [GameSoundEvent.Detail] {
        [.init("position", .integer((try? stream?.position()) ?? pendingSoundtrackStart))]
    }

    /// Makes the stream match ``soundtrackWanted``: starts, resumes, pauses or stops it, logging each
    /// change. Only while running; during an interruption the intent waits for the end.
    func reconcileSoundtrack(fadeFrames: Int) {
        guard phase == .running, let context, (try? makeContextCurrentIfNeeded()) != nil else { return }
        let now = currentFrame
        do {
            if soundtrackWanted, let path = soundtrackPath {
                if let stream = soundtrack, stream.path == path, stream.state != .stopped {
                    if stream.state == .paused || stream.fade?.completion == .pause {
                        let from = stream.state == .paused ? 0 : (stream.fade?.ramp.value(at: now) ?? 1)
                        stream.fade = fadeFrames > 0 ? .toFull(from: from, at: now, frames: fadeFrames) : nil
                        try stream.play(at: now)
                        log(.game, "soundtrackResumed", soundtrackDetails(stream))
                    }
                } else {
                    if let old = soundtrack { old.destroy() }
                    let stream = try AudioStream(path: path, loop: soundtrackLoop, volume: soundtrackVolume,
                                                      startFrame: pendingSoundtrackStart, bus: BusTree.music, context: context)
                    pendingSoundtrackStart = 0
                    stream.busGain = busGains[BusTree.music]
                    if fadeFrames > 0 { stream.fade = .toFull(from: 0, at: now, frames: fadeFrames) }
                    soundtrack = stream
                    try stream.play(at: now)
                    let name = soundtrackRestoring ? "soundtrackResumed" : "soundtrackStarted"
                    soundtrackRestoring = false
                    log(.game, name, soundtrackDetails(stream) + [.init("track", .string(path))])
                }
            } else if let stream = soundtrack, stream.state == .playing,
                      fadeFrames <= 0 || (stream.fade?.completion != .pause && stream.fade?.completion != .stop) {
                // A stop or pause without a fade also cuts a fade-out already under way: "now" means now.
                let completion: Fade.Completion = soundtrackIntent == .stopped ? .stop : .pause
                if stream.fade?.completion != completion {
                    log(.game, completion == .stop ? "soundtrackStopped" : "soundtrackPaused", soundtrackDetails(stream))
                }
                if fadeFrames > 0 {
                    stream.fade = .toSilence(from: stream.fade, at: now, frames: fadeFrames, then: completion)
                } else if completion == .stop {
                    try stream.stop()
                    stream.destroy()
                    soundtrack = nil
                } else {
                    try stream.pause()
                }
            } else if soundtrackIntent == .stopped, let stream = soundtrack, stream.state != .playing {
                stream.destroy()
                soundtrack = nil
            }
        } catch {
            log(.engine, "soundtrackFailed", [.init("error", .string(String(describing: error)))])
            logger.error("the soundtrack cannot play: \(error)", metadata: LogCode.soundtrackCannotPlay.metadata)
            soundtrack?.destroy()
            soundtrack = nil
            soundtrackIntent = .stopped
        }
    }

    /// Every stream that may sound: the soundtrack, the tracks still fading out of a crossfade, and
    /// the streamed voices.
    var streams: [AudioStream] { fadingTracks + (soundtrack.map { [$0] } ?? []) + streamVoices.compactMap(\.stream) }

    /// Per-block work for the streams: fades, refills, fade-outs that finished, tracks that ended.
    func updateSoundtrack() {
        guard soundtrack != nil || !fadingTracks.isEmpty else { return }
        let now = currentFrame
        if let stream = soundtrack {
            let underrunsBefore = stream.underruns
            let finished = try? stream.update(at: now)
            if stream.underruns > underrunsBefore {
                logger.warning("the soundtrack ran dry and restarted (underrun \(stream.underruns)): the update fell behind", metadata: LogCode.soundtrackUnderrun.metadata)
            }
            if finished == .stop || (stream.state == .stopped && finished == nil) {
                if finished == nil { log(.game, "soundtrackStopped", soundtrackDetails(stream)) }
                stream.destroy()
                soundtrack = nil
                if finished == nil { soundtrackIntent = .stopped }
            }
        }
        // Not removeAll on an empty array: that allocated a new buffer at every block.
        guard !fadingTracks.isEmpty else { return }
        fadingTracks.removeAll { track in
            let finished = try? track.update(at: now)
            if finished == .stop || track.state == .stopped {
                track.destroy()
                return true
            }
            return false
        }
    }

    /// Destroys a stream now if the context can be used, else as soon as it is current again.
    func discard(_ stream: AudioStream) {
        if phase != .lost, context != nil, (try? makeContextCurrentIfNeeded()) != nil {
            stream.destroy()
        } else {
            discardedStreams.append(stream)
        }
    }

    // MARK: - Game commands

    func playSoundtrack(path: String?, loop: Bool, fadeIn: Double) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        if let path, path != soundtrackPath {
            if let old = soundtrack { discard(old) }
            soundtrack = nil
            soundtrackPath = path
            pendingSoundtrackStart = 0
            forgetSavedSoundtrackPosition()
        }
        guard soundtrackPath != nil else { throw .noSoundtrack }
        soundtrackLoop = loop
        soundtrackIntent = .playing
        if phase == .inactive, !needsReactivation, !session.isInterrupted { needsReactivation = true; reactivate() }
        reconcileSoundtrack(fadeFrames: Int(fadeIn * Double(configuration.sampleRate)))
    }

    func setSoundtrackIntent(_ intent: SoundtrackIntent, fade: Double) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        soundtrackIntent = intent
        if intent != .playing, fade <= 0 {
            // A pause or stop at once silences the track still fading out of a crossfade, too.
            for track in fadingTracks { discard(track) }
            fadingTracks = []
        }
        if intent == .stopped, phase != .running {
            pendingSoundtrackStart = 0
            soundtrackRestoring = false
            forgetSavedSoundtrackPosition()
        }
        reconcileSoundtrack(fadeFrames: Int(fade * Double(configuration.sampleRate)))
        if intent == .stopped, phase == .running, soundtrack == nil { pendingSoundtrackStart = 0 }
    }

    /// Fades the current track out and `path` in over `duration` seconds.
    func crossfade(to path: String, duration: Double, loop: Bool) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        let frames = max(1, Int(duration * Double(configuration.sampleRate)))
        if phase == .running, (try? makeContextCurrentIfNeeded()) != nil, let old = soundtrack, old.state == .playing {
            let now = currentFrame
            old.fade = .toSilence(from: old.fade, at: now, frames: frames, then: .stop)
            log(.game, "soundtrackStopped", soundtrackDetails(old))
            // At most one track fades out at a time: a crossfade during a crossfade cuts the older
            // fade short, so that repeated crossfades cannot pile up streams.
            for track in fadingTracks { discard(track) }
            fadingTracks = [old]
        } else if let old = soundtrack {
            discard(old)
        }
        soundtrack = nil
        soundtrackPath = path
        soundtrackLoop = loop
        pendingSoundtrackStart = 0
        forgetSavedSoundtrackPosition()
        soundtrackIntent = .playing
        reconcileSoundtrack(fadeFrames: frames)
    }

    /// A stop, a new track or a crossfade asked for while no context exists: the place saved with
    /// what was playing no longer applies, so the restore must not resume the old place.
    func forgetSavedSoundtrackPosition() {
        snapshot?.soundtrackPosition = nil
        lastKnownSoundtrackPosition = nil
    }

    func setSoundtrackVolume(_ volume: Float) throws(GameSoundError) {
        guard volume.isFinite, volume >= 0 else { throw .invalidArgument("soundtrack volume must be ≥ 0") }
        soundtrackVolume = volume
        soundtrack?.volume = volume
    }

    var soundtrackPosition: Int? {
        guard let soundtrack else {
            // No stream: stopped, not started yet, or torn down (legacy interruption, media services
            // lost) with its position saved in the snapshot.
            guard soundtrackIntent != .stopped else { return nil }
            return snapshot?.soundtrackPosition ?? pendingSoundtrackStart
        }
        if phase == .running, (try? makeContextCurrentIfNeeded()) != nil { return try? soundtrack.position() }
        return snapshot?.soundtrackPosition ?? lastKnownSoundtrackPosition
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
        } else if phase == .running, let stream = soundtrack, stream.state == .playing,
                  (stream.fade?.completion ?? Fade.Completion.none) == Fade.Completion.none {
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

