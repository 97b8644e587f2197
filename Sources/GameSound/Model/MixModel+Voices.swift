// SPDX-License-Identifier: Zlib
/// Changes to the voices of the model: pure, with no OpenAL, so that a test can make them and
/// read the outcome at any frame.
extension MixModel {
    /// Moves a voice's gain, pitch, pan or position (each one given) from where it is at `now` to
    /// the new value over `frames` (0: at once), and sets its velocity, occlusion and reverb send.
    /// A panned voice given a position jumps there: it has no place in the world to move from.
    mutating func changeVoice(_ slot: Int, gain: Float?, pitch: Float?, pan: Float?, position: SIMDPosition?,
                              velocity: SIMDPosition?, occlusion: Float?, reverbSend: Float?, over frames: Int, at now: Int) {
        func ramp(_ current: Float, _ target: Float) -> Ramp<Float>? {
            frames > 0 ? Ramp(from: current, to: target, startFrame: now, frames: frames) : nil
        }
        var voice = voices[slot]
        if let gain {
            voice.ramps.gain = ramp(voice.gain(at: now), gain)
            voice.options.gain = gain
        }
        if let pitch {
            voice.ramps.pitch = ramp(voice.pitch(at: now), pitch)
            voice.options.pitch = pitch
        }
        if let pan {
            voice.ramps.pan = ramp(voice.pan(at: now), pan)
            voice.options.pan = pan
        }
        if let position {
            let from = voice.position(at: now)
            voice.ramps.position = frames > 0 ? from.map { Ramp(from: $0, to: position, startFrame: now, frames: frames) } : nil
            voice.options.position = position
        }
        if let velocity { voice.options.velocity = velocity }
        if let occlusion { voice.options.occlusion = occlusion }
        if let reverbSend { voice.options.reverbSend = reverbSend }
        voices[slot] = voice
        voiceRampsSettleAt = max(voiceRampsSettleAt, now + frames)
    }

    /// Fades a voice out from its level at `now` (partway through an earlier fade, if one runs) to
    /// silence over `frames`; the update at or after the end stops it.
    mutating func fadeOutVoice(_ slot: Int, over frames: Int, at now: Int) {
        let from = voices[slot].stopFade?.value(at: now) ?? 1
        voices[slot].stopFade = Ramp(from: from, to: 0, startFrame: now, frames: frames)
        voiceRampsSettleAt = max(voiceRampsSettleAt, now + frames)
    }

    /// Gives `slot` (free, or just stolen) to a new voice of `effect` on `bus`: the game's options,
    /// no ramps, fade or pause, no definition, and a clock that is stopped until its source plays
    /// (the previous voice's must not be retimed on the way). Returns the slot's new generation.
    mutating func startVoice(_ slot: Int, effect: String, options: PlayOptions, bus: Int) -> Int {
        voices[slot].options = options
        voices[slot].bus = bus
        voices[slot].ramps = VoiceRamps()
        voices[slot].pausedByGame = false
        voices[slot].stopFade = nil
        voices[slot].definition = nil
        voices[slot].clock = VoiceClock()
        let generation = allocator.occupy(slot, priority: options.priority, bus: bus)
        voices[slot].effect = effect
        return generation
    }

    /// A voice goes on without a source from `offset` (in its sound's frames): it moves on with the
    /// playing clock from now (``virtualPosition(_:soundFramesPerFrame:)``).
    mutating func makeVirtual(_ slot: Int, from offset: Double) {
        voices[slot].isVirtual = true
        voices[slot].virtualOffset = offset
        voices[slot].virtualSince = playingClock.frames
        virtualVoiceCount += 1
    }

    /// A virtual voice has a source again.
    mutating func makeReal(_ slot: Int) {
        guard voices[slot].isVirtual else { return }
        voices[slot].isVirtual = false
        virtualVoiceCount -= 1
    }

    /// Where a virtual voice would be in its sound by now, in the sound's frames, when it moves
    /// `soundFramesPerFrame` of them per frame of output (its rate against the output's, times its pitch).
    func virtualPosition(_ slot: Int, soundFramesPerFrame: Double) -> Double {
        voices[slot].virtualOffset + Double(playingClock.frames - voices[slot].virtualSince) * soundFramesPerFrame
    }

    /// Ends a voice in the model: its slot is free for the next sound and a virtual voice no
    /// longer counts as one. Returns whether it was virtual (else its source is the caller's to free).
    mutating func releaseVoice(_ slot: Int) -> Bool {
        let wasVirtual = voices[slot].isVirtual
        if wasVirtual {
            voices[slot].isVirtual = false
            virtualVoiceCount -= 1
        }
        allocator.release(slot)
        voices[slot].clearForReuse()
        return wasVirtual
    }
}
