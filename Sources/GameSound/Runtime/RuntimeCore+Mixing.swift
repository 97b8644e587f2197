// SPDX-License-Identifier: Zlib
import AudioFiles

/// The mixing layer: gains and live control of voices (buses and ducking rules are RuntimeCore+Buses). The model (bus tree, each
/// voice's targets and ramps) is the truth; once per block ``updateMix()`` brings the sources that
/// changed in line with it, and after an interruption or a rebuild ``reconcile()`` does so for all.
extension RuntimeCore {
    // MARK: - Gains

    /// What the voice's source gain must be now: its own gain, its bus chain and any fade-out.
    func sourceGain(_ slot: Int, at frame: Int) -> Float {
        // Read in place: a copy of the slot would retain its strings at every block a ramp moves.
        model.voices[slot].gain(at: frame) * busGains[model.voices[slot].bus] * (model.voices[slot].stopFade?.value(at: frame) ?? 1)
    }

    /// The master bus's own gain (volume, mute, ducks) now, which goes on the listener.
    var masterGain: Float { model.masterGain(at: currentFrame) }

    /// Recomputes every bus's gain; updates the sources on the buses whose gain moved and, when
    /// the master moved, the listener.
    func refreshBusGains() {
        let now = currentFrame
        let gains = model.buses.sourceGains(at: now, ducks: model.duckGains)
        let master = masterGain
        let before = busGains
        busGains = gains
        if master != appliedMasterGain {
            appliedMasterGain = master
            applyListenerGain()
        }
        guard phase == .running, mirror.canWrite() else { return }
        for index in model.allocator.slots.indices where model.allocator.slots[index].busy {
            let bus = model.voices[index].bus
            if bus >= before.count || before[bus] != gains[bus], mirror.hasSource(index) {
                let gain = sourceGain(index, at: now)
                attempt(voiceLabel(index) + "'s gain") { () throws(GameSoundError) in try mirror.setGain(index, gain) }
            }
        }
    }

    // MARK: - The block

    /// Per-block work of the mixing layer: ducking rules, bus ramps, voice ramps and fades, and
    /// noticing voices that finished. Each part costs nothing while it has nothing to do.
    func updateMix() {
        let now = currentFrame
        model.advanceClock(to: now)
        if model.virtualVoiceCount > 0 { rankVirtualVoices() }
        if !model.duckStates.isEmpty { followDuckingRules(at: now) }
        if writesMoving(until: model.mixSettlesAt) { refreshBusGains() }
        if writesMoving(until: model.voiceRampsSettleAt) { advanceVoiceRamps(at: now) }
        if now >= nextEndCheck { noticeFinishedVoices(at: now) }
    }

    func advanceVoiceRamps(at now: Int) {
        for index in model.allocator.slots.indices where model.allocator.slots[index].busy && model.voices[index].isMoving {
            applyVoice(index, at: now)
            if model.voices[index].hasFadedOut(at: now) {
                attempt(voiceLabel(index)) { () throws(GameSoundError) in try mirror.stop(index) }
                endVoice(index, reason: .stopped)
                continue
            }
            model.voices[index].dropArrivedRamps(at: now)
        }
    }

    /// Sets a voice's source to what the model says now: gain, pitch and place.
    func applyVoice(_ slot: Int, at frame: Int) {
        guard mirror.hasSource(slot) else { return }
        let place = model.voices[slot].placement(at: frame)
        let gain = sourceGain(slot, at: frame), pitch = model.voices[slot].pitch(at: frame)
        attempt(voiceLabel(slot) + "'s gain") { () throws(GameSoundError) in try mirror.setGain(slot, gain) }
        attempt(voiceLabel(slot) + "'s pitch") { () throws(GameSoundError) in try mirror.setPitch(slot, pitch) }
        attempt(voiceLabel(slot) + "'s place") { () throws(GameSoundError) in try mirror.setPlace(slot, place) }
        retime(slot)
    }

    /// The state of a voice's source; nil when it has none, or asking failed (reported).
    func sourceState(_ slot: Int) -> ALMirror.SourceState? {
        guard mirror.hasSource(slot) else { return nil }
        return attempt(voiceLabel(slot) + "'s state") { () throws(GameSoundError) in try mirror.state(slot) } ?? nil
    }


    /// Plays or pauses a voice's source to match the model.
    func syncPlayState(_ slot: Int) {
        // An empty source stands for a one-shot that played out until its end check ends it.
        guard mirror.voices[slot].attached != nil, let state = sourceState(slot) else { return }
        // A one-shot whose source stopped by itself (told to play, never stopped) has played out and
        // waits for its end check, which ends it: played again, it would start its sound over (a bus
        // paused or resumed just after a shot finished fired it a second time).
        if state == .stopped, mirror.voices[slot].sounding, !model.voices[slot].options.loop { return }
        if model.shouldSound(slot), state != .playing {
            attempt(voiceLabel(slot)) { () throws(GameSoundError) in try mirror.play(slot) }
            setClock(slot, playing: true)
            if model.voices[slot].restoredPaused {
                model.voices[slot].restoredPaused = false
                noteFreshStart()
            }
            scheduleEndCheck(slot, at: currentFrame)
        } else if !model.shouldSound(slot), state == .playing {
            attempt(voiceLabel(slot)) { () throws(GameSoundError) in try mirror.pause(slot) }
            setClock(slot, playing: false)
            model.voices[slot].endCheck = .max
        }
    }


    // MARK: - Voices that end

    /// Frees a voice's slot and logs why it ended.
    func endVoice(_ slot: Int, reason: VoiceEndReason) {
        guard model.allocator.slots[slot].busy else { return }
        let voice = Voice(slot: slot, generation: model.allocator.slots[slot].generation, runtime: runtimeTag)
        // A defined sound's voice is named by the definition, as its voiceStarted names it.
        let sound = model.voices[slot].definition ?? model.voices[slot].effect ?? ""
        if !model.releaseVoice(slot) { releaseSource(slot) }
        log(.game, "voiceEnded", [.init("voice", .integer(Int(voice.localID))), .init("sound", .string(sound)),
                                  .init("reason", .string(reason.rawValue))])
    }

    /// When to look again whether a one-shot voice has finished: when its clock says its sound has
    /// played out (at the step its source was given, the Doppler shift included), or, while the
    /// clock stands (its start still to be written), when its remaining frames at its pitch will have
    /// played. Looping and paused voices are never due.
    func scheduleEndCheck(_ slot: Int, at now: Int) {
        guard !model.voices[slot].options.loop, model.shouldSound(slot), let name = model.voices[slot].effect, let sound = bank[name],
              mirror.hasSource(slot) else {
            model.voices[slot].endCheck = .max
            return
        }
        let clock = model.voices[slot].clock
        if clock.isRunning {
            let left = max((sound.frameCount << VoiceClock.fractionBits) - clock.position(at: mixClock), 0)
            model.voices[slot].endCheck = now + (left + clock.step - 1) / clock.step
        } else {
            let offset = clockFrames(slot)
            let rate = Double(sound.format.sampleRate) / Double(configuration.sampleRate) * Double(max(model.voices[slot].pitch(at: now), 0.001))
            model.voices[slot].endCheck = now + Int((Double(max(sound.frameCount - offset, 0)) / rate).rounded(.up))
        }
        nextEndCheck = min(nextEndCheck, model.voices[slot].endCheck)
    }

    // Never inlined: inlined into a render, its accesses to the voice tables were begun (and
    // checked) once per render call even when no voice was due.
    /// Looks at the voices that are due: those whose source stopped have finished; the others
    /// (held up by an interruption, a lower pitch) are looked at again when they should be done.
    @inline(never)
    func noticeFinishedVoices(at now: Int) {
        nextEndCheck = .max
        for index in model.allocator.slots.indices where model.allocator.slots[index].busy {
            if model.voices[index].endCheck <= now {
                if let state = sourceState(index), state == .stopped || state == .initial {
                    endVoice(index, reason: .finished)
                    continue
                }
                scheduleEndCheck(index, at: now)
            }
            nextEndCheck = min(nextEndCheck, model.voices[index].endCheck)
        }
    }

    // MARK: - Handles

    /// The slot of a live voice, nil when it has ended.
    func liveSlot(_ voice: Voice) throws(GameSoundError) -> Int? {
        guard phase != .stopped else { throw .stopped }
        guard voice.runtime == runtimeTag else { throw .foreignVoice(voice) }
        guard voice.slot >= 0, voice.slot < model.voices.count, model.allocator.slots[voice.slot].busy,
              model.allocator.slots[voice.slot].generation == voice.generation else { return nil }
        // A one-shot whose clock says it has played out has ended, whatever the update has noticed
        // yet: asked of the model, not of its source, so that no call (a query included) waits for
        // OpenAL. During a game's call that is looked at only once the voice's end check is due (its
        // clock is read against the device's then), before that it plays on.
        if phase == .running, !mirror.defersWrites || currentFrame >= model.voices[voice.slot].endCheck,
           mirror.hasSource(voice.slot), hasPlayedOut(voice.slot, at: mixClock) {
            endVoice(voice.slot, reason: .finished)
            return nil
        }
        return voice.slot
    }

    func state(of voice: Voice) throws(GameSoundError) -> VoiceState {
        if isStream(voice) {
            guard let index = try liveStream(voice) else { return .ended }
            return streamShouldSound(index) ? .playing : .paused
        }
        guard let slot = try liveSlot(voice) else { return .ended }
        return model.shouldSound(slot) ? .playing : .paused
    }

    /// Changes a live voice, ramping each given value from where it is now over `seconds`.
    func setVoice(_ voice: Voice, gain: Float?, pitch: Float?, pan: Float?, position: SIMDPosition?,
                  velocity: SIMDPosition? = nil, occlusion: Float? = nil, reverbSend: Float? = nil,
                  over seconds: Double) throws(GameSoundError) -> Bool {
        if let velocity, !velocity.isFinite { throw .invalidArgument("a velocity must be three finite numbers") }
        if let occlusion, !(occlusion.isFinite && (0...1).contains(occlusion)) { throw .invalidArgument("occlusion must be within 0...1") }
        if let reverbSend, !(reverbSend.isFinite && (0...1).contains(reverbSend)) {
            throw .invalidArgument("reverbSend must be within 0...1")
        }
        if let gain { guard gain.isFinite, gain >= 0 else { throw .invalidArgument("gain must be a finite number ≥ 0") } }
        if let pitch { guard pitch.isFinite, pitch > 0 else { throw .invalidArgument("pitch must be a finite number > 0") } }
        if let pan { guard pan.isFinite, (-1...1).contains(pan) else { throw .invalidArgument("pan must be within -1...1") } }
        if let position {
            guard position.x.isFinite, position.y.isFinite, position.z.isFinite else {
                throw .invalidArgument("a position must be three finite numbers")
            }
        }
        let frames = try rampFrames(seconds)
        if isStream(voice) {
            guard pitch == nil, pan == nil, position == nil, velocity == nil, occlusion == nil, reverbSend == nil else {
                throw .invalidArgument("a stream's gain can change; its pitch and place cannot")
            }
            guard let index = try liveStream(voice) else { return false }
            if let gain { setStream(index, gain: gain, frames: frames) }
            return true
        }
        guard let slot = try liveSlot(voice) else { return false }
        let now = currentFrame
        model.changeVoice(slot, gain: gain, pitch: pitch, pan: pan, position: position, velocity: velocity,
                          occlusion: occlusion, reverbSend: reverbSend, over: frames, at: now)
        if phase == .running, mirror.canWrite() {
            applyVoice(slot, at: now)
            if velocity != nil || occlusion != nil || reverbSend != nil || position != nil { applyVoiceSpace(slot) }
            if pitch != nil { afterWrites(to: slot, .pitchChanged) }
        }
        return true
    }

    /// Pauses or resumes a live voice; it keeps its place.
    ///
    /// A game's command: the model changes here, and its source follows when the call's writes are
    /// made (``afterWrites(to:_:)``), since matching it reads the source's state (a one-shot that
    /// played out must not start again).
    func setVoicePaused(_ voice: Voice, _ paused: Bool) throws(GameSoundError) -> Bool {
        if isStream(voice) {
            guard let index = try liveStream(voice) else { return false }
            setStreamPaused(index, paused)
            return true
        }
        guard let slot = try liveSlot(voice) else { return false }
        model.voices[slot].pausedByGame = paused
        if phase == .running, mirror.canWrite() {
            afterWrites(to: slot, .pausedOrResumed)
        }
        return true
    }

    /// Stops a live voice at once, or fades it out over `seconds` and then stops it.
    func stopVoice(_ voice: Voice, fade seconds: Double) throws(GameSoundError) -> Bool {
        let frames = try rampFrames(seconds)
        if isStream(voice) {
            guard let index = try liveStream(voice) else { return false }
            stopStream(index, frames: frames)
            return true
        }
        guard frames > 0 else { return try stop(voice) }
        guard let slot = try liveSlot(voice) else { return false }
        model.fadeOutVoice(slot, over: frames, at: currentFrame)
        return true
    }

    func rampFrames(_ seconds: Double) throws(GameSoundError) -> Int {
        guard seconds.isFinite, seconds >= 0 else { throw .invalidArgument("a ramp or fade time must be a finite number of seconds ≥ 0") }
        return Int((seconds * Double(configuration.sampleRate)).rounded())
    }

}

#if canImport(Glibc)
import Glibc
#endif
