// SPDX-License-Identifier: Zlib
import AudioFiles

/// Where each effect voice is, kept by the model (``VoiceClock``), so that a voice brought back by
/// ``reconcile()`` starts where it was without asking OpenAL.
extension RuntimeCore {
    /// Frames the device has mixed while the output ran: counted at each mix headless; in real time
    /// the device's own clock (`ALC_SOFT_device_clock`: the samples its mixer produced, which stops
    /// when the device is paused and never drifts from what the sources play), or the wall clock
    /// where a device has none. It stands still while the output is stopped (an interruption, a lost
    /// device), as every source does.
    var mixClock: Int {
        isHeadless || !outputRunning ? mixedFrames : mixedFrames + realtimeFrames - outputRunningSince
    }

    /// The real-time output's running count of frames: the device's clock, or the wall clock.
    var realtimeFrames: Int { mirror.mixedFrames(rate: configuration.sampleRate) ?? currentFrame }

    /// The mixer's step for a voice now: the pitch its source was last given, shifted by Doppler
    /// when OpenAL shifts it (a mono sound placed in the world), over its sound's rate. What the
    /// source was given, not what the model says now: between two updates a ramp has moved on in
    /// the model, but the mixer plays at the value of the last update.
    func voiceStep(_ slot: Int) -> Int {
        guard let name = model.voices[slot].effect, let sound = bank[name] else { return 0 }
        let applied = mirror.voices[slot]
        // Not known only after a write to the source failed: then what the model asked is the best guess.
        var pitch = applied.pitch ?? model.voices[slot].pitch(at: currentFrame)
        if sound.format.channelCount == 1, mirror.dopplerFactor > 0, let place = applied.place, !place.relative {
            pitch *= VoiceClock.doppler(position: SIMDPosition(x: place.x, y: place.y, z: place.z),
                                        velocity: applied.space?.velocity ?? .zero, listener: mirror.listener,
                                        factor: mirror.dopplerFactor, speedOfSound: mirror.speedOfSound)
        }
        return VoiceClock.step(pitch: pitch, soundRate: sound.format.sampleRate, outputRate: configuration.sampleRate)
    }

    /// Notes that OpenAL Soft started some mixing afresh now (see ``GameSoundRuntime/freshStartFrames()``),
    /// when the configuration asks for it.
    func noteFreshStart() {
        if configuration.notesFreshStarts { freshStarts.append(currentFrame) }
    }

    /// The voice's clock starts `frames` into its sound, moving if it plays now.
    func startClock(_ slot: Int, atFrame frames: Int, playing: Bool) {
        model.voices[slot].clock.start(atFrame: frames, mix: mixClock, step: playing ? voiceStep(slot) : 0)
    }

    /// The voice's source was told to play (or to stop or pause: `playing` false).
    func setClock(_ slot: Int, playing: Bool) {
        model.voices[slot].clock.change(step: playing ? voiceStep(slot) : 0, at: mixClock)
    }

    /// What changes a playing voice's step (its pitch, its place, its velocity, the listener,
    /// Doppler) was given to its source: its clock follows from now.
    func retime(_ slot: Int) {
        guard model.voices[slot].clock.isRunning else { return }
        let step = voiceStep(slot)
        // Most calls (a gain ramp, a place that leaves Doppler alone) keep the step: then the mix
        // clock, a call to the device in real time, is not read at all.
        guard step != model.voices[slot].clock.step else { return }
        // During a game's call in real time the new step reaches the source later, and the device's
        // clock is not the call's to read: the update thread retimes it after the writes.
        guard !mirror.defersWrites else { return afterWrites(to: slot, .retime) }
        model.voices[slot].clock.change(step: step, at: mixClock)
    }

    /// Does `what` for the voice in `slot` now, or, during a game's call in real time, after the
    /// writes recorded so far are made, if the voice still plays in that slot then. Recorded as
    /// values (``ALMirror/afterWrites(toVoiceIn:generation:_:)``): a play allocates nothing for it.
    func afterWrites(to slot: Int, _ what: VoiceFollowUp) {
        guard mirror.defersWrites else { return followUp(slot, what) }
        mirror.afterWrites(toVoiceIn: slot, generation: model.allocator.slots[slot].generation, what)
    }

    /// What ``ALMirror/voiceFollowUp`` calls when it comes to a voice's follow-up.
    func followUp(_ slot: Int, generation: Int, _ what: VoiceFollowUp) {
        guard model.allocator.slots[slot].busy, model.allocator.slots[slot].generation == generation else { return }
        followUp(slot, what)
    }

    private func followUp(_ slot: Int, _ what: VoiceFollowUp) {
        switch what {
        case .started(let playing):
            startClock(slot, atFrame: 0, playing: playing)
            scheduleEndCheck(slot, at: currentFrame)
        case .pitchChanged:
            scheduleEndCheck(slot, at: currentFrame)
        case .pausedOrResumed:
            if phase == .running, useContext() { syncPlayState(slot) }
        case .retime:
            retime(slot)
        }
    }

    /// The listener or the Doppler settings changed: every voice whose Doppler shift they move follows.
    func retimeWorldVoices() {
        for index in model.allocator.slots.indices where model.allocator.slots[index].busy && model.voices[index].options.position != nil {
            retime(index)
        }
    }

    /// Where a voice is in its sound by the model's clock, in frames, at the mix clock's `mix` (now
    /// when not given).
    func clockFrames(_ slot: Int, at mix: Int? = nil) -> Int {
        guard let name = model.voices[slot].effect, let sound = bank[name] else { return 0 }
        return model.voices[slot].clock.frames(at: mix ?? mixClock, length: sound.frameCount, loop: model.voices[slot].options.loop)
    }

    /// Reads something OpenAL's mixer moves (a source's offset) together with the mix clock it
    /// belongs to: in real time the mixer may finish a period between two readings, and a source's
    /// offset read before it with the clock read after would be a whole period apart from it. Reads
    /// again (at most four times) until the clock stood still across the reading; nil when `read`
    /// gives nil.
    func withinOneMix<Value>(_ read: () -> Value?) -> (value: Value, mix: Int)? {
        var before = mixClock
        for _ in 0..<4 {
            guard let value = read() else { return nil }
            let after = mixClock
            if after == before { return (value, after) }
            before = after
        }
        guard let value = read() else { return nil }
        return (value, before)
    }
}
