import OpenAL

/// Space: the listener, distance and Doppler, HRTF chosen by the route, and the environment's
/// reverb. Like the mixing layer, the model (``listener``, ``environment``, each voice's options)
/// is the truth and OpenAL follows it: after a rebuild ``applySpaceToContext()`` sets it all again.
extension RuntimeCore {
    // MARK: - The context

    /// The attributes every context of this runtime is made with (the first one and each rebuild).
    var contextAttributes: ALContextAttributes {
        var attributes = ALContextAttributes(frequency: configuration.sampleRate, monoSources: configuration.voices + 8,
                                             stereoSources: configuration.voices + 8)
        if isHeadless {
            attributes.renderFormat = ALRenderFormat(sampleRate: configuration.sampleRate, channels: .stereo, sampleType: .float32)
        }
        attributes.maxAuxiliarySends = 2  // the environment crossfades between two reverbs
        return attributes
    }

    /// Distance model, Doppler, the listener, HRTF and the environment on a context that was just
    /// made (or made current again): everything space-wide the model says. The context must be current.
    func applySpaceToContext() {
        guard context != nil else { return }
        applyDistanceModel(distanceModel)
        applyDoppler(factor: dopplerFactor, speedOfSound: speedOfSound)
        applyListener(currentListener)
        followSpatialization()
        if environment != .none, environmentSlots.isEmpty {
            buildEnvironment()
        } else if !environmentSlots.isEmpty, environmentInSlot != environment {
            // Changed while the context could not be used (a call, say): it is simply there now.
            loadEnvironment(environment, into: activeEnvironmentSlot)
            environmentFade = .steady(1)
            applyEnvironmentGains(at: currentFrame)
        }
    }

    // MARK: - The listener

    func applyListener(_ listener: Listener) {
        guard let context else { return }
        let p = listener.position, v = listener.velocity, at = listener.at, up = listener.up
        attempt("the listener's position") { () throws(OpenALError) in try context.setListenerPosition(x: p.x, y: p.y, z: p.z) }
        attempt("the listener's velocity") { () throws(OpenALError) in try context.setListenerVelocity(x: v.x, y: v.y, z: v.z) }
        attempt("the listener's orientation") { () throws(OpenALError) in 
            try context.setListenerOrientation(at: SIMD3(at.x, at.y, at.z), up: SIMD3(up.x, up.y, up.z))
        }
    }

    /// Sets the context's distance model. The context must be current.
    private func applyDistanceModel(_ model: DistanceModel) {
        guard let context else { return }
        attempt("the distance model") { () throws(OpenALError) in try context.setDistanceModel(model.openAL) }
    }

    /// Sets the context's Doppler factor and speed of sound. The context must be current.
    private func applyDoppler(factor: Float, speedOfSound speed: Float) {
        guard let context else { return }
        attempt("the Doppler factor") { () throws(OpenALError) in try context.setDopplerFactor(factor) }
        attempt("the speed of sound") { () throws(OpenALError) in try context.setSpeedOfSound(speed) }
    }

    /// The listener now (partway through a ramp, if one runs).
    var currentListener: Listener { listenerRamp?.value(at: currentFrame) ?? listener }

    func setListener(position: SIMDPosition?, at: SIMDPosition?, up: SIMDPosition?, velocity: SIMDPosition?,
                     over seconds: Double) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        for (name, vector) in [("position", position), ("at", at), ("up", up), ("velocity", velocity)] {
            if let vector, !vector.isFinite { throw .invalidArgument("the listener's \(name) must be three finite numbers") }
        }
        let frames = try rampFrames(seconds)
        var target = listener
        if let position { target.position = position }
        if let velocity { target.velocity = velocity }
        if let at { target.at = at }
        if let up { target.up = up }
        guard target.at.length > 0, target.up.length > 0 else { throw .invalidArgument("an orientation vector cannot be zero") }
        let a = target.at.normalized, u = target.up.normalized
        guard abs(a.x * u.x + a.y * u.y + a.z * u.z) < 0.9999 else {
            throw .invalidArgument("the listener's at and up cannot point the same way (or opposite ways)")
        }
        let now = currentFrame
        listenerRamp = frames > 0 ? Ramp(from: currentListener, to: target, startFrame: now, frames: frames) : nil
        listener = target
        spaceSettlesAt = max(spaceSettlesAt, now + frames)
        if phase == .running, useContext() { applyListener(currentListener) }
    }

    /// Per-block work: a listener ramp and an environment crossfade, while either moves.
    func updateSpace() {
        guard previousUpdateFrame <= spaceSettlesAt else { return }
        let now = currentFrame
        if listenerRamp != nil {
            applyListener(currentListener)
            if let ramp = listenerRamp, now > ramp.endFrame { listenerRamp = nil }
        }
        applyEnvironmentGains(at: now)
    }

    func setDistanceModel(_ model: DistanceModel) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        distanceModel = model
        if phase == .running, useContext() { applyDistanceModel(model) }
    }

    func setDoppler(factor: Float, speedOfSound speed: Float) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        guard factor.isFinite, factor >= 0, speed.isFinite, speed > 0 else {
            throw .invalidArgument("the Doppler factor must be ≥ 0 and the speed of sound > 0")
        }
        dopplerFactor = factor
        speedOfSound = speed
        if phase == .running, useContext() { applyDoppler(factor: factor, speedOfSound: speed) }
    }

    // MARK: - HRTF by route

    /// Switches HRTF on or off to match the spatialization mode and the route, without stopping
    /// what plays (`alcResetDeviceSOFT` keeps every source's place), and logs `spatializationChanged`.
    func followSpatialization() {
        guard let device, !device.isClosed, context != nil else { return }
        let wanted = configuration.spatialization.usesHRTF(on: session.status.currentRoute)
        guard wanted != hrtfApplied else { return }
        if wanted, !device.supportsHRTF {
            if !reportedNoHRTF {
                log(.engine, "spatializationUnavailable", [.init("reason", .string("ALC_SOFT_HRTF missing"))])
                logger.warning("HRTF is not available on this device: sounds are panned in plain stereo", metadata: LogCode.hrtfUnavailable.metadata)
                reportedNoHRTF = true
            }
            hrtfApplied = false
            return
        }
        if deviceRendersHRTF != wanted {
            do {
                try device.reset(hrtf: wanted ? .on : .off)
            } catch {
                logger.error("could not switch HRTF \(wanted ? "on" : "off"): \(error)", metadata: LogCode.hrtfSwitchFailed.metadata)
                return
            }
        }
        let active = deviceRendersHRTF
        hrtfApplied = wanted
        if wanted, !active {
            let status = attempt("the device's HRTF status") { () throws(OpenALError) in try device.hrtfStatus() }.map { "\($0)" } ?? "unknown"
            logger.warning("HRTF was asked for but the device mixes without it (\(status)): sounds are panned in plain stereo", metadata: LogCode.hrtfUnavailable.metadata)
        }
        let mode = active ? "hrtf" : "stereo"
        guard mode != loggedSpatialization else { return }
        loggedSpatialization = mode
        var details: [GameSoundEvent.Detail] = [.init("mode", .string(mode))]
        if active, let name = attempt("the device's HRTF name", { () throws(OpenALError) in try device.hrtfInUse() }) ?? nil {
            details.append(.init("hrtf", .string(name)))
        }
        log(.engine, "spatializationChanged", details)
    }

    /// Whether the device mixes with HRTF now, as the device itself reports it (`ALC_HRTF_SOFT`);
    /// false without an open device and a context.
    var deviceRendersHRTF: Bool {
        guard let device, !device.isClosed, context != nil, device.supportsHRTF else { return false }
        return attempt("the device's HRTF state") { () throws(OpenALError) in try device.isHRTFEnabled() } ?? false
    }

    // MARK: - The environment

    func setEnvironment(_ new: Environment, over seconds: Double) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        let frames = try rampFrames(seconds)
        guard new != environment else { return }
        let old = environment
        environment = new
        log(.engine, "environmentChanged", [.init("environment", .string(new.rawValue)), .init("from", .string(old.rawValue)),
                                            .init("over", .number(seconds))])
        guard phase == .running, useContext() else { return }
        if environmentSlots.isEmpty {
            buildEnvironment(fadeFrames: frames)
            return
        }
        // The idle slot takes the new reverb and fades in while the other fades out.
        let incoming = 1 - activeEnvironmentSlot
        loadEnvironment(new, into: incoming)
        let now = currentFrame
        environmentFade = Ramp(from: 0, to: 1, startFrame: now, frames: frames)
        activeEnvironmentSlot = incoming
        spaceSettlesAt = max(spaceSettlesAt, now + frames)
        applyEnvironmentGains(at: now)
    }

    /// Creates the two reverb slots with the current environment in one, fading it in over
    /// `fadeFrames`, and sends every voice to both. Says once if the device has no EFX.
    func buildEnvironment(fadeFrames: Int = 0) {
        guard let context, let device, environment != .none else { return }
        guard device.supportsEffects else {
            if !reportedNoEffects {
                log(.engine, "environmentUnavailable", [.init("reason", .string("ALC_EXT_EFX missing"))])
                logger.warning("this OpenAL device has no EFX: environments are not heard, sounds play dry", metadata: LogCode.environmentUnavailable.metadata)
                reportedNoEffects = true
            }
            return
        }
        do {
            environmentSlots = try (0..<2).map { _ throws(OpenALError) in try ALAuxiliarySlot(context: context) }
            environmentEffects = try (0..<2).map { _ throws(OpenALError) in try ALEffect(context: context) }
            scratchFilter = try ALFilter(context: context)
        } catch {
            logger.error("could not create the environment's reverb: \(error)", metadata: LogCode.environmentCreateFailed.metadata)
            tearDownEnvironment()
            return
        }
        activeEnvironmentSlot = 0
        loadEnvironment(environment, into: 0)
        let now = currentFrame
        environmentFade = Ramp(from: 0, to: 1, startFrame: now, frames: fadeFrames)
        spaceSettlesAt = max(spaceSettlesAt, now + fadeFrames)
        applyEnvironmentGains(at: now)
        for index in allocator.slots.indices where allocator.slots[index].busy { applyVoiceSends(index) }
    }

    private func loadEnvironment(_ environment: Environment, into slot: Int) {
        guard slot < environmentSlots.count else { return }
        environmentInSlot = environment
        let effect = environmentEffects[slot], auxiliary = environmentSlots[slot]
        if let reverb = environment.reverb {
            attempt("reverb \(slot) of the environment") { () throws(OpenALError) in try effect.setReverb(reverb) }
            attempt("reverb slot \(slot) of the environment") { () throws(OpenALError) in try auxiliary.attach(effect) }
        } else {
            attempt("reverb slot \(slot) of the environment") { () throws(OpenALError) in try auxiliary.attach(nil) }
        }
    }

    /// The active slot at the fade's gain, the other at its complement.
    private func applyEnvironmentGains(at frame: Int) {
        guard environmentSlots.count == 2 else { return }
        let fadeIn = environmentFade.value(at: frame)
        let active = activeEnvironmentSlot, incoming = environmentSlots[active], outgoing = environmentSlots[1 - active]
        attempt("reverb slot \(active) of the environment") { () throws(OpenALError) in try incoming.setGain(fadeIn) }
        attempt("reverb slot \(1 - active) of the environment") { () throws(OpenALError) in try outgoing.setGain(1 - fadeIn) }
    }

    /// Deletes the slots, effects and filter (before the context goes).
    func tearDownEnvironment() {
        // Teardown reports what fails and goes on: whatever is left goes with the context.
        for index in slots.indices {
            if let source = slots[index].source {
                attempt("source \(index) of the voice pool") { () throws(OpenALError) in try source.setAuxiliarySend(nil, send: 0) }
                attempt("source \(index) of the voice pool") { () throws(OpenALError) in try source.setAuxiliarySend(nil, send: 1) }
                attempt("source \(index) of the voice pool") { () throws(OpenALError) in try source.setDirectFilter(nil) }
            }
            slots[index].spaceApplied = nil
            slots[index].sendApplied = nil
        }
        for (index, slot) in environmentSlots.enumerated() {
            attempt("reverb slot \(index) of the environment") { () throws(OpenALError) in try slot.attach(nil) }
            attempt("reverb slot \(index) of the environment") { () throws(OpenALError) in try slot.delete() }
        }
        for (index, effect) in environmentEffects.enumerated() {
            attempt("reverb \(index) of the environment") { () throws(OpenALError) in try effect.delete() }
        }
        if let filter = scratchFilter { attempt("the voices' filter") { () throws(OpenALError) in try filter.delete() } }
        environmentSlots = []
        environmentEffects = []
        scratchFilter = nil
    }

    // MARK: - Each voice

    /// The reverb send a voice gets: its own, or its bus's default.
    func reverbSend(_ slot: Int) -> Float {
        slots[slot].options.reverbSend ?? buses.defaultReverbSend(slots[slot].bus)
    }

    /// Distance, velocity, reverb sends and occlusion of a voice, set on its source only where they
    /// differ from what the source has, so a plain effect costs no extra OpenAL call.
    func applyVoiceSpace(_ slot: Int) {
        guard let source = slots[slot].source else { return }
        let options = slots[slot].options
        let world = options.position != nil
        let space = VoiceSpace(velocity: world ? (options.velocity ?? .zero) : .zero,
                               referenceDistance: world ? options.referenceDistance : 1,
                               maxDistance: world ? options.maxDistance : .greatestFiniteMagnitude,
                               rolloff: world ? options.rolloff : 1, occlusion: options.occlusion)
        let before = slots[slot].spaceApplied ?? VoiceSpace()
        if space.velocity != before.velocity {
            attempt(voiceLabel(slot) + "'s velocity") { () throws(OpenALError) in try source.setVelocity(x: space.velocity.x, y: space.velocity.y, z: space.velocity.z) }
        }
        if space.referenceDistance != before.referenceDistance {
            attempt(voiceLabel(slot) + "'s distance") { () throws(OpenALError) in try source.setReferenceDistance(space.referenceDistance) }
        }
        if space.maxDistance != before.maxDistance {
            attempt(voiceLabel(slot) + "'s distance") { () throws(OpenALError) in try source.setMaxDistance(space.maxDistance) }
        }
        if space.rolloff != before.rolloff { attempt(voiceLabel(slot) + "'s distance") { () throws(OpenALError) in try source.setRolloffFactor(space.rolloff) } }
        if space.occlusion != before.occlusion {
            if space.occlusion > 0, let filter = scratchFilter ?? makeScratchFilter() {
                // A wall: the direct sound loses up to half its level and most of its highs.
                attempt("the voices' filter") { () throws(OpenALError) in 
                    try filter.setLowPass(gain: 1 - 0.5 * space.occlusion, gainHF: 1 - 0.95 * space.occlusion)
                }
                attempt(voiceLabel(slot) + "'s occlusion") { () throws(OpenALError) in try source.setDirectFilter(filter) }
            } else {
                attempt(voiceLabel(slot) + "'s occlusion") { () throws(OpenALError) in try source.setDirectFilter(nil) }
            }
        }
        slots[slot].spaceApplied = space
        applyVoiceSends(slot)
    }

    /// Sends a voice to both reverb slots at its reverb-send level (while there is an environment).
    func applyVoiceSends(_ slot: Int) {
        guard environmentSlots.count == 2, let source = slots[slot].source, let filter = scratchFilter else { return }
        let send = reverbSend(slot)
        guard send != slots[slot].sendApplied else { return }
        let first = environmentSlots[0], second = environmentSlots[1]
        attempt("the voices' filter") { () throws(OpenALError) in try filter.setLowPass(gain: send, gainHF: 1) }
        attempt(voiceLabel(slot) + "'s reverb send") { () throws(OpenALError) in try source.setAuxiliarySend(first, send: 0, filter: filter) }
        attempt(voiceLabel(slot) + "'s reverb send") { () throws(OpenALError) in try source.setAuxiliarySend(second, send: 1, filter: filter) }
        slots[slot].sendApplied = send
    }

    private func makeScratchFilter() -> ALFilter? {
        guard let context, device?.supportsEffects == true else { return nil }
        scratchFilter = attempt("the voices' filter") { () throws(OpenALError) in try ALFilter(context: context) }
        return scratchFilter
    }
}

/// What a voice's source was last given of the space parameters.
struct VoiceSpace: Equatable {
    var velocity = SIMDPosition.zero
    var referenceDistance: Float = 1
    var maxDistance: Float = .greatestFiniteMagnitude
    var rolloff: Float = 1
    var occlusion: Float = 0
}

extension SIMDPosition {
    static let zero = SIMDPosition(x: 0, y: 0, z: 0)
}

extension DistanceModel {
    var openAL: ALContext.DistanceModel {
        switch self {
        case .inverseClamped: .inverseClamped
        case .linearClamped: .linearClamped
        case .exponentClamped: .exponentClamped
        case .none: .none
        }
    }
}
