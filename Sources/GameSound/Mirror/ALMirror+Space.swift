// SPDX-License-Identifier: Zlib
import OpenAL

/// Space in OpenAL: the listener, distance and Doppler, HRTF on the device, the two reverb slots of
/// the environment, and each voice's distance, occlusion and reverb send.
extension ALMirror {
    // MARK: - The listener and the context

    // Each writes only what differs from the context's shadow (``contextShadow``), which a new
    // context starts empty: a listener that moves writes its place and nothing else.

    /// Sets the listener's place, motion and orientation. The context must be current.
    func setListener(_ listener: Listener) {
        guard let context else { return }
        self.listener = listener
        if contextShadow.position != listener.position {
            contextShadow.position = listener.position
            write(ContextWrite(context: context, change: .listenerPosition(listener.position)))
        }
        if contextShadow.velocity != listener.velocity {
            contextShadow.velocity = listener.velocity
            write(ContextWrite(context: context, change: .listenerVelocity(listener.velocity)))
        }
        if contextShadow.at != listener.at || contextShadow.up != listener.up {
            contextShadow.at = listener.at
            contextShadow.up = listener.up
            write(ContextWrite(context: context, change: .listenerOrientation(at: listener.at, up: listener.up)))
        }
    }

    /// The gain on everything the context plays. The context must be current.
    func setListenerGain(_ gain: Float) {
        guard let context, contextShadow.gain != gain else { return }
        contextShadow.gain = gain
        write(ContextWrite(context: context, change: .listenerGain(gain)))
    }

    /// Sets the context's distance model. The context must be current.
    func setDistanceModel(_ model: DistanceModel) {
        guard let context, contextShadow.distanceModel != model else { return }
        contextShadow.distanceModel = model
        write(ContextWrite(context: context, change: .distanceModel(model)))
    }

    /// Sets the context's Doppler factor and speed of sound. The context must be current.
    func setDoppler(factor: Float, speedOfSound speed: Float) {
        guard let context else { return }
        dopplerFactor = factor
        speedOfSound = speed
        if contextShadow.dopplerFactor != factor {
            contextShadow.dopplerFactor = factor
            write(ContextWrite(context: context, change: .dopplerFactor(factor)))
        }
        if contextShadow.speedOfSound != speed {
            contextShadow.speedOfSound = speed
            write(ContextWrite(context: context, change: .speedOfSound(speed)))
        }
    }

    // MARK: - HRTF

    /// Whether there is an open device with a context, whose HRTF can be asked and switched.
    var hasOpenDevice: Bool {
        guard let device, !device.isClosed, context != nil else { return false }
        return true
    }

    /// Whether the open device can mix with HRTF at all (`ALC_SOFT_HRTF`).
    var supportsHRTF: Bool { hasOpenDevice && device?.supportsHRTF == true }

    /// Whether the device mixes with HRTF now, as the device itself reports it (`ALC_HRTF_SOFT`);
    /// false without an open device and a context.
    var rendersHRTF: Bool {
        guard supportsHRTF, let device else { return false }
        return attempt("the device's HRTF state") { () throws(OpenALError) in try device.isHRTFEnabled() } ?? false
    }

    /// Resets the device with HRTF on or off, keeping what plays where it is (`alcResetDeviceSOFT`).
    func resetDevice(hrtf: Bool) throws(GameSoundError) {
        guard let device else { return }
        try al { () throws(OpenALError) in try device.reset(hrtf: hrtf ? .on : .off) }
    }

    /// Why the device mixes as it does, in words (for a warning); "unknown" when it cannot say.
    var hrtfStatusDescription: String {
        guard let device else { return "unknown" }
        return attempt("the device's HRTF status") { () throws(OpenALError) in try device.hrtfStatus() }.map { "\($0)" } ?? "unknown"
    }

    /// The name of the HRTF data set the device mixes with, if it says.
    var hrtfName: String? {
        guard let device else { return nil }
        return attempt("the device's HRTF name", { () throws(OpenALError) in try device.hrtfInUse() }) ?? nil
    }

    // MARK: - The environment's reverb

    /// Whether the open device has EFX (reverb slots, effects and filters).
    var supportsEffects: Bool { device?.supportsEffects == true }

    /// Whether the two reverb slots exist.
    var hasReverb: Bool { reverbSlots.count == 2 }

    /// Creates the two reverb slots, their effects and the voices' filter, with `environment` in the
    /// first, the active one. On a failure, removes what it made and throws. The context must be current.
    func buildReverb(with environment: Environment) throws(GameSoundError) {
        guard let context else { return }
        do {
            reverbSlots = try (0..<2).map { _ throws(OpenALError) in try ALAuxiliarySlot(context: context) }
            reverbEffects = try (0..<2).map { _ throws(OpenALError) in try ALEffect(context: context) }
            scratchFilter = try ALFilter(context: context)
        } catch {
            tearDownReverb()
            throw .openAL(error)
        }
        activeReverbSlot = 0
        loadEnvironment(environment, into: 0)
    }

    /// Loads `environment` into the idle slot, which becomes the active one: the crossfade's start.
    func crossfadeEnvironment(to environment: Environment) {
        activeReverbSlot = 1 - activeReverbSlot
        loadEnvironment(environment, into: activeReverbSlot)
    }

    /// Loads `environment` into the active slot, replacing what it held (no crossfade).
    func replaceEnvironment(with environment: Environment) {
        loadEnvironment(environment, into: activeReverbSlot)
    }

    /// Loads an environment's reverb into one of the two slots (none: the slot goes quiet).
    private func loadEnvironment(_ environment: Environment, into slot: Int) {
        guard slot < reverbSlots.count else { return }
        slotEnvironments[slot] = environment
        let effect = reverbEffects[slot], auxiliary = reverbSlots[slot]
        if let reverb = environment.reverb {
            reportingWrite("reverb \(slot) of the environment") { () throws(OpenALError) in try effect.setReverb(reverb) }
            reportingWrite("reverb slot \(slot) of the environment") { () throws(OpenALError) in try auxiliary.attach(effect) }
        } else {
            reportingWrite("reverb slot \(slot) of the environment") { () throws(OpenALError) in try auxiliary.attach(nil) }
        }
    }

    /// The active slot at `fadeIn`, the other at its complement: the crossfade between two environments.
    func setReverbGains(fadeIn: Float) {
        guard hasReverb else { return }
        let active = activeReverbSlot
        let incoming = reverbSlots[active], outgoing = reverbSlots[1 - active]
        reportingWrite("reverb slot \(active) of the environment") { () throws(OpenALError) in try incoming.setGain(fadeIn) }
        reportingWrite("reverb slot \(1 - active) of the environment") { () throws(OpenALError) in try outgoing.setGain(1 - fadeIn) }
    }

    /// The longest decay time (seconds to fall 60 dB) of the reverbs heard with the active slot at
    /// `fadeIn` and the other at its complement; 0 with no reverb slots.
    func audibleDecayTime(fadeIn: Float) -> Double {
        guard hasReverb else { return 0 }
        let active = activeReverbSlot
        let heard = [(slotEnvironments[active], fadeIn), (slotEnvironments[1 - active], 1 - fadeIn)]
        return heard.filter { $0.1 > 0 }.map { Double($0.0.reverb?.decayTime ?? 0) }.max() ?? 0
    }

    /// Takes every voice off the reverb and deletes the slots, effects and filter (before the context goes).
    func tearDownReverb() {
        // Teardown reports what fails and goes on: whatever is left goes with the context.
        for index in voices.indices {
            if let source = voices[index].source {
                attempt("source \(index) of the voice pool") { () throws(OpenALError) in try source.setAuxiliarySend(nil, send: 0) }
                attempt("source \(index) of the voice pool") { () throws(OpenALError) in try source.setAuxiliarySend(nil, send: 1) }
                attempt("source \(index) of the voice pool") { () throws(OpenALError) in try source.setDirectFilter(nil) }
            }
            voices[index].space = nil
            voices[index].send = nil
        }
        for (index, slot) in reverbSlots.enumerated() {
            attempt("reverb slot \(index) of the environment") { () throws(OpenALError) in try slot.attach(nil) }
            attempt("reverb slot \(index) of the environment") { () throws(OpenALError) in try slot.delete() }
        }
        for (index, effect) in reverbEffects.enumerated() {
            attempt("reverb \(index) of the environment") { () throws(OpenALError) in try effect.delete() }
        }
        if let filter = scratchFilter { attempt("the voices' filter") { () throws(OpenALError) in try filter.delete() } }
        forgetReverb()
    }

    /// Forgets the reverb's slots, effects and filter, deleted (``tearDownReverb()``) or left to the
    /// context's and device's end (``retireOutputWhole(letting:)``).
    func forgetReverb() {
        reverbSlots = []
        reverbEffects = []
        scratchFilter = nil
        slotEnvironments = [.none, .none]
    }

    // MARK: - Each voice

    /// Gives the voice's source distance, velocity and occlusion, writing only what differs from
    /// what it has, so a plain effect costs no extra OpenAL call.
    func applySpace(_ slot: Int, _ space: VoiceSpace) {
        // The voice's name is worked out only for a write that fails (``voiceName``): a closure made
        // for it at every call cost a plain play an allocation.
        guard let source = voices[slot].source else { return }
        let before = voices[slot].space ?? VoiceSpace()
        if space.velocity != before.velocity {
            reportingWrite(self.voiceName(slot) + "'s velocity") { () throws(OpenALError) in try source.setVelocity(x: space.velocity.x, y: space.velocity.y, z: space.velocity.z) }
        }
        if space.referenceDistance != before.referenceDistance {
            reportingWrite(self.voiceName(slot) + "'s distance") { () throws(OpenALError) in try source.setReferenceDistance(space.referenceDistance) }
        }
        if space.maxDistance != before.maxDistance {
            reportingWrite(self.voiceName(slot) + "'s distance") { () throws(OpenALError) in try source.setMaxDistance(space.maxDistance) }
        }
        if space.rolloff != before.rolloff { reportingWrite(self.voiceName(slot) + "'s distance") { () throws(OpenALError) in try source.setRolloffFactor(space.rolloff) } }
        if space.occlusion != before.occlusion {
            if space.occlusion > 0, let filter = scratchFilter ?? makeScratchFilter() {
                // A wall: the direct sound loses up to half its level and most of its highs.
                reportingWrite("the voices' filter") { () throws(OpenALError) in
                    try filter.setLowPass(gain: 1 - 0.5 * space.occlusion, gainHF: 1 - 0.95 * space.occlusion)
                }
                reportingWrite(self.voiceName(slot) + "'s occlusion") { () throws(OpenALError) in try source.setDirectFilter(filter) }
            } else {
                reportingWrite(self.voiceName(slot) + "'s occlusion") { () throws(OpenALError) in try source.setDirectFilter(nil) }
            }
        }
        voices[slot].space = space
    }

    /// Sends the voice to both reverb slots at `send` (while there is an environment).
    func applySend(_ slot: Int, _ send: Float, affected: @escaping @autoclosure () -> String) {
        guard hasReverb, let source = voices[slot].source, let filter = scratchFilter, send != voices[slot].send else { return }
        let first = reverbSlots[0], second = reverbSlots[1]
        reportingWrite("the voices' filter") { () throws(OpenALError) in try filter.setLowPass(gain: send, gainHF: 1) }
        reportingWrite(affected() + "'s reverb send") { () throws(OpenALError) in try source.setAuxiliarySend(first, send: 0, filter: filter) }
        reportingWrite(affected() + "'s reverb send") { () throws(OpenALError) in try source.setAuxiliarySend(second, send: 1, filter: filter) }
        voices[slot].send = send
    }

    private func makeScratchFilter() -> ALFilter? {
        // An object is made now, on this thread, even during a game's call (after the writes before it).
        guard let context, supportsEffects, !defersWrites || useContext() else { return nil }
        scratchFilter = attempt("the voices' filter") { () throws(OpenALError) in try ALFilter(context: context) }
        return scratchFilter
    }
}
