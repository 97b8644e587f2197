import AudioFiles

/// The mixing layer: gains and live control of voices (buses and ducking rules are RuntimeCore+Buses). The model (bus tree, each
/// voice's targets and ramps) is the truth; once per block ``updateMix()`` brings the sources that
/// changed in line with it, and after an interruption or a rebuild ``reconcile()`` does so for all.
extension RuntimeCore {
    // MARK: - Gains

    /// A voice's gain now, before its bus.
    func voiceGain(_ slot: Int, at frame: Int) -> Float {
        slots[slot].ramps.gain?.value(at: frame) ?? slots[slot].options.gain
    }

    /// What the voice's source gain must be now: its own gain, its bus chain and any fade-out.
    func sourceGain(_ slot: Int, at frame: Int) -> Float {
        voiceGain(slot, at: frame) * busGains[slots[slot].bus] * (slots[slot].stopFade?.value(at: frame) ?? 1)
    }

    func voicePitch(_ slot: Int, at frame: Int) -> Float { slots[slot].ramps.pitch?.value(at: frame) ?? slots[slot].options.pitch }
    func voicePan(_ slot: Int, at frame: Int) -> Float { slots[slot].ramps.pan?.value(at: frame) ?? slots[slot].options.pan }
    func voicePosition(_ slot: Int, at frame: Int) -> SIMDPosition? {
        slots[slot].ramps.position?.value(at: frame) ?? slots[slot].options.position
    }

    /// Where OpenAL should put a voice: its world position, or its pan on a unit circle in front of
    /// the listener (distance 1 keeps the gain unchanged), relative to the listener.
    func placement(_ slot: Int, at frame: Int) -> Placement {
        if let position = voicePosition(slot, at: frame) { return Placement(relative: false, x: position.x, y: position.y, z: position.z) }
        let pan = voicePan(slot, at: frame)
        return Placement(relative: true, x: pan, y: 0, z: -(1 - pan * pan).squareRoot())
    }

    /// The master bus's own gain (volume, mute, ducks), which goes on the listener.
    var masterGain: Float { buses.ownGain(BusTree.master, at: currentFrame, ducks: duckGains) }

    /// Recomputes every bus's gain; updates the sources on the buses whose gain moved and, when
    /// the master moved, the listener.
    func refreshBusGains() {
        let now = currentFrame
        let gains = buses.sourceGains(at: now, ducks: duckGains)
        let master = masterGain
        let before = busGains
        busGains = gains
        if master != appliedMasterGain {
            appliedMasterGain = master
            applyListenerGain()
        }
        guard phase == .running, useContext() else { return }
        for index in allocator.slots.indices where allocator.slots[index].busy {
            let bus = slots[index].bus
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
        keepPlayingClock(at: now)
        if virtualVoiceCount > 0 { rankVirtualVoices() }
        if !duckStates.isEmpty { followDuckingRules(at: now) }
        if previousUpdateFrame <= mixSettlesAt { refreshBusGains() }
        if previousUpdateFrame <= voiceRampsSettleAt { advanceVoiceRamps(at: now) }
        if now >= nextEndCheck { noticeFinishedVoices(at: now) }
    }

    /// Moves the playing clock on to `now` and notes the previous update's frame.
    ///
    /// Work moves while the previous update came before a ramp's end: so the update after the end
    /// applies the final value whatever the period (256 frames headless, 4096 with the screen locked).
    func keepPlayingClock(at now: Int) {
        previousUpdateFrame = playingClockAnchor ?? now
        if let anchor = playingClockAnchor { playingClock += now - anchor }
        playingClockAnchor = now
    }

    func advanceVoiceRamps(at now: Int) {
        for index in allocator.slots.indices where allocator.slots[index].busy {
            let ramps = slots[index].ramps
            guard ramps.gain != nil || ramps.pitch != nil || ramps.pan != nil || ramps.position != nil
                || slots[index].stopFade != nil else { continue }
            applyVoice(index, at: now)
            if let fade = slots[index].stopFade, fade.isFinished(at: now) {
                attempt(voiceLabel(index)) { () throws(GameSoundError) in try mirror.stop(index) }
                endVoice(index, reason: .stopped)
                continue
            }
            if ramps.settlesAt < now { slots[index].ramps = VoiceRamps() }
        }
    }

    /// Sets a voice's source to what the model says now: gain, pitch and place.
    func applyVoice(_ slot: Int, at frame: Int) {
        guard mirror.hasSource(slot) else { return }
        let place = placement(slot, at: frame)
        let gain = sourceGain(slot, at: frame), pitch = voicePitch(slot, at: frame)
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

    /// Whether a voice should be heard (not paused by the game or by a bus above it).
    func shouldSound(_ slot: Int) -> Bool { !slots[slot].pausedByGame && !buses.isPaused(slots[slot].bus) }

    /// Plays or pauses a voice's source to match the model.
    func syncPlayState(_ slot: Int) {
        // An empty source stands for a one-shot that played out until its end check ends it.
        guard mirror.voices[slot].attached != nil, let state = sourceState(slot) else { return }
        if shouldSound(slot), state != .playing {
            attempt(voiceLabel(slot)) { () throws(GameSoundError) in try mirror.play(slot) }
            setClock(slot, playing: true)
            if slots[slot].restoredPaused {
                slots[slot].restoredPaused = false
                noteFreshStart()
            }
            scheduleEndCheck(slot, at: currentFrame)
        } else if !shouldSound(slot), state == .playing {
            attempt(voiceLabel(slot)) { () throws(GameSoundError) in try mirror.pause(slot) }
            setClock(slot, playing: false)
            slots[slot].endCheck = .max
        }
    }


    // MARK: - Voices that end

    /// Frees a voice's slot and logs why it ended.
    func endVoice(_ slot: Int, reason: VoiceEndReason) {
        guard allocator.slots[slot].busy else { return }
        if slots[slot].isVirtual {
            slots[slot].isVirtual = false
            virtualVoiceCount -= 1
        } else {
            releaseSource(slot)
        }
        let voice = Voice(slot: slot, generation: allocator.slots[slot].generation, runtime: runtimeTag)
        // A defined sound's voice is named by the definition, as its voiceStarted names it.
        let sound = slots[slot].definition ?? slots[slot].effect ?? ""
        allocator.release(slot)
        slots[slot].effect = nil
        slots[slot].stopFade = nil
        slots[slot].ramps = VoiceRamps()
        log(.game, "voiceEnded", [.init("voice", .integer(Int(voice.localID))), .init("sound", .string(sound)),
                                  .init("reason", .string(reason.rawValue))])
    }

    /// When to look again whether a one-shot voice has finished: when its remaining frames, at its
    /// pitch and rate, will have played. Looping and paused voices are never due.
    func scheduleEndCheck(_ slot: Int, at now: Int) {
        guard !slots[slot].options.loop, shouldSound(slot), let name = slots[slot].effect, let sound = bank[name],
              mirror.hasSource(slot) else {
            slots[slot].endCheck = .max
            return
        }
        let offset = clockFrames(slot)
        let rate = Double(sound.format.sampleRate) / Double(configuration.sampleRate) * Double(max(voicePitch(slot, at: now), 0.001))
        slots[slot].endCheck = now + Int((Double(max(sound.frameCount - offset, 0)) / rate).rounded(.up))
        nextEndCheck = min(nextEndCheck, slots[slot].endCheck)
    }

    // Never inlined: inlined into a render, its accesses to the voice tables were begun (and
    // checked) once per render call even when no voice was due.
    /// Looks at the voices that are due: those whose source stopped have finished; the others
    /// (held up by an interruption, a lower pitch) are looked at again when they should be done.
    @inline(never)
    func noticeFinishedVoices(at now: Int) {
        nextEndCheck = .max
        for index in allocator.slots.indices where allocator.slots[index].busy {
            if slots[index].endCheck <= now {
                if let state = sourceState(index), state == .stopped || state == .initial {
                    endVoice(index, reason: .finished)
                    continue
                }
                scheduleEndCheck(index, at: now)
            }
            nextEndCheck = min(nextEndCheck, slots[index].endCheck)
        }
    }

    // MARK: - Handles

    /// The slot of a live voice, nil when it has ended.
    func liveSlot(_ voice: Voice) throws(GameSoundError) -> Int? {
        guard phase != .stopped else { throw .stopped }
        guard voice.runtime == runtimeTag else { throw .foreignVoice(voice) }
        guard voice.slot >= 0, voice.slot < slots.count, allocator.slots[voice.slot].busy,
              allocator.slots[voice.slot].generation == voice.generation else { return nil }
        if phase == .running, useContext(), !slots[voice.slot].options.loop,
           shouldSound(voice.slot), let state = sourceState(voice.slot), state == .stopped {
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
        return shouldSound(slot) ? .playing : .paused
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
        func ramp(_ current: Float, _ target: Float) -> Ramp<Float>? {
            frames > 0 ? Ramp(from: current, to: target, startFrame: now, frames: frames) : nil
        }
        if let gain {
            slots[slot].ramps.gain = ramp(voiceGain(slot, at: now), gain)
            slots[slot].options.gain = gain
        }
        if let pitch {
            slots[slot].ramps.pitch = ramp(voicePitch(slot, at: now), pitch)
            slots[slot].options.pitch = pitch
        }
        if let pan {
            slots[slot].ramps.pan = ramp(voicePan(slot, at: now), pan)
            slots[slot].options.pan = pan
        }
        if let position {
            // A panned voice has no place in the world to move from: it jumps there.
            let from = voicePosition(slot, at: now)
            slots[slot].ramps.position = frames > 0 ? from.map {
                Ramp(from: $0, to: position, startFrame: now, frames: frames)
            } : nil
            slots[slot].options.position = position
        }
        if let velocity { slots[slot].options.velocity = velocity }
        if let occlusion { slots[slot].options.occlusion = occlusion }
        if let reverbSend { slots[slot].options.reverbSend = reverbSend }
        voiceRampsSettleAt = max(voiceRampsSettleAt, now + frames)
        if phase == .running, useContext() {
            applyVoice(slot, at: now)
            if velocity != nil || occlusion != nil || reverbSend != nil || position != nil { applyVoiceSpace(slot) }
            if pitch != nil { scheduleEndCheck(slot, at: now) }
        }
        return true
    }

    /// Pauses or resumes a live voice; it keeps its place.
    func setVoicePaused(_ voice: Voice, _ paused: Bool) throws(GameSoundError) -> Bool {
        if isStream(voice) {
            guard let index = try liveStream(voice) else { return false }
            setStreamPaused(index, paused)
            return true
        }
        guard let slot = try liveSlot(voice) else { return false }
        slots[slot].pausedByGame = paused
        if phase == .running, useContext() { syncPlayState(slot) }
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
        let now = currentFrame
        let from = slots[slot].stopFade?.value(at: now) ?? 1
        slots[slot].stopFade = Ramp(from: from, to: 0, startFrame: now, frames: frames)
        voiceRampsSettleAt = max(voiceRampsSettleAt, now + frames)
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
