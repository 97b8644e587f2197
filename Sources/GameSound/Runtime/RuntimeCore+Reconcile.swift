// SPDX-License-Identifier: Zlib
import AudioFiles

/// Recovery is not a feature (issue 27): whatever took the output away, a call (either strategy),
/// a media-services reset, a new output device, a device that stopped working, a machine that
/// slept, it comes back the same way. The context is made current again (suspend strategy) or a
/// fresh one is built (every other case: new sources, the bank's buffers uploaded again, nothing
/// else), the output starts, and ``reconcile()`` writes the whole model into it once. The same pass
/// brings a voice whose source still holds its sound up to date with what the game changed
/// meanwhile and, on a fresh context, starts a voice where its clock says it is. No feature keeps a
/// copy of what it played to replay it.
extension RuntimeCore {
    /// Writes the model into OpenAL: the output's gain, every bus's gain, the voices, the streams,
    /// space (listener, route and HRTF, environment, distance model, Doppler) and the soundtrack.
    /// Run when the output starts, and only then.
    func reconcile() {
        // A rebuilt context starts at unit gain: give it the volume and any duck in force.
        applyListenerGain()
        if phase == .running, useContext() {
            let now = currentFrame
            busGains = model.buses.sourceGains(at: now, ducks: model.duckGains)
            // It writes the model as it is and moves nothing on: a fade-out that finished while no
            // update ran is written at its end (silent) and ended by the next update, which
            // ``startOutput()`` makes apply the voices' ramps. So a rebuild between two updates
            // ends it at the same frame as a run without one.
            reconcileVoices()
            restoreStreams()
            nextEndCheck = now
            applySpaceToContext()
            // The voices above took their steps from the listener and Doppler settings the context
            // had before; what the game changed meanwhile is only now in it. Nothing was mixed in
            // between, so retiming here is exact.
            retimeWorldVoices()
        }
        reconcileSoundtrack(fadeFrames: 0, afterRestore: true)
    }

    /// Brings every real voice's source in line with the model, whatever happened to the context:
    /// the same one made current again, or a fresh one (a rebuild, a new device, a media-services
    /// reset).
    ///
    /// - A voice whose source holds its sound gets its gain, pitch, place, velocity, distance,
    ///   occlusion and reverb send, and plays or pauses as the model says, unless it is a one-shot
    ///   that played out (see below).
    /// - A voice whose source does not (a fresh context) starts again where its clock says it is. A
    ///   one-shot that played out before the context went gets an empty source instead, and ends at
    ///   its end check, when a voice that kept its source would be noticed to have ended.
    /// - A free slot whose source still sounds (a voice stopped while the context could not be
    ///   touched) is stopped; with virtual voices, a free slot's source goes back to the spare ones.
    func reconcileVoices() {
        let now = currentFrame
        // Read once: in real time it is the device's clock, which may move between two readings.
        let mix = mixClock
        // A voice the game stopped while the context could not be touched left its source sounding.
        for index in model.allocator.slots.indices where !model.allocator.slots[index].busy {
            if virtualises, mirror.hasSource(index) {
                releaseSource(index)
            } else if mirror.voices[index].sounding {
                attempt("the source of a voice stopped while the context was away") { () throws(GameSoundError) in try mirror.stop(index) }
            }
        }
        for index in model.allocator.slots.indices where model.allocator.slots[index].busy && !model.voices[index].isVirtual {
            guard let name = model.voices[index].effect, let sound = bank[name] else { continue }
            if let fade = model.voices[index].stopFade, fade.isFinished(at: now) {
                // Faded out while no update ran: silent from here, ended by the next update (see
                // ``reconcile()``). Its own source, if it kept one, stays paused; on a fresh context
                // an empty source stands for it.
                if mirror.voices[index].attached == name {
                    if mirror.voices[index].sounding {
                        attempt(voiceLabel(index)) { () throws(GameSoundError) in try mirror.pause(index) }
                    }
                } else if !attachSpareSource(index) {
                    endVoice(index, reason: .stopped)
                }
                continue
            }
            if !model.voices[index].options.loop, model.voices[index].clock.hasPlayedOut(at: mix, length: sound.frameCount) {
                // It played out before the context went (the end check that would have noticed it
                // had not run yet). It ends at its end check, as it would have without the break:
                // its own source has stopped, and is not played again (a stopped source would start
                // its sound over); on a fresh context an empty source (never played, like a stopped
                // one) stands for it until then.
                if mirror.voices[index].attached != name, !attachSpareSource(index) { endVoice(index, reason: .finished) }
                continue
            }
            if mirror.voices[index].attached == name {
                applyVoice(index, at: now)
                // What the game moved while the context could not be touched (velocity, distance,
                // occlusion, reverb send) reaches the source too: the per-block update writes only
                // gain, pitch and place.
                applyVoiceSpace(index)
                syncPlayState(index)
                continue
            }
            guard attachSpareSource(index), mirror.hasBuffer(name) else { continue }
            let position = model.voices[index].clock.exactPosition(at: mix, length: sound.frameCount, loop: model.voices[index].options.loop)
            do {
                // The slot is the model: what the game changed while the context was gone is in it.
                try configure(index, effect: name)
                try mirror.setOffset(index, exactly: Double(position) / Double(VoiceClock.one))
                try mirror.play(index)
                if !model.shouldSound(index) { try mirror.pause(index) }
                model.voices[index].clock.start(atPosition: position, mix: mix, step: model.shouldSound(index) ? voiceStep(index) : 0)
                model.voices[index].restoredPaused = !model.shouldSound(index)
                // A one-shot paused before the context went and resumed while it was gone has no end
                // check yet (a pause clears it; the resume could not write): it gets one now, or it
                // would never end. One already due keeps its own, as through a plain restore.
                if model.voices[index].endCheck == .max { scheduleEndCheck(index, at: now) }
            } catch {
                report(error, affected: voiceLabel(index))
                endVoice(index, reason: .stopped)
            }
        }
    }
}
