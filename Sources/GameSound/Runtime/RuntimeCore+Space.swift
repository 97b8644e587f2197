// SPDX-License-Identifier: Zlib
import AudioSession
import Logging

/// Space: the listener, distance and Doppler, HRTF chosen by the route, and the environment's
/// reverb. Like the mixing layer, the model (``MixModel/listener``, ``MixModel/environment``, each voice's options)
/// is the truth and OpenAL follows it: after a rebuild ``applySpaceToContext()`` sets it all again.
extension RuntimeCore {
    // MARK: - The context

    /// Distance model, Doppler, the listener, HRTF and the environment on a context that was just
    /// made (or made current again): everything space-wide the model says. The context must be current.
    func applySpaceToContext() {
        guard mirror.hasContext else { return }
        mirror.setDistanceModel(model.distanceModel)
        mirror.setDoppler(factor: model.dopplerFactor, speedOfSound: model.speedOfSound)
        mirror.setListener(currentListener)
        followSpatialization()
        if model.environment != .none, !mirror.hasReverb {
            buildEnvironment()
        } else if mirror.hasReverb, mirror.environmentInSlot != model.environment {
            // Changed while the context could not be used (a call, say): it is simply there now.
            mirror.replaceEnvironment(with: model.environment)
            model.settleEnvironment()
            applyEnvironmentGains(at: currentFrame)
        }
    }

    // MARK: - The listener

    /// The listener now (partway through a ramp, if one runs).
    var currentListener: Listener { model.listener(at: currentFrame) }

    func setListener(position: SIMDPosition?, at: SIMDPosition?, up: SIMDPosition?, velocity: SIMDPosition?,
                     over seconds: Double) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        for (name, vector) in [("position", position), ("at", at), ("up", up), ("velocity", velocity)] {
            if let vector, !vector.isFinite { throw .invalidArgument("the listener's \(name) must be three finite numbers") }
        }
        let frames = try rampFrames(seconds)
        var target = model.listener
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
        model.listenerRamp = frames > 0 ? Ramp(from: currentListener, to: target, startFrame: now, frames: frames) : nil
        model.listener = target
        model.spaceSettlesAt = max(model.spaceSettlesAt, now + frames)
        if phase == .running, mirror.canWrite() {
            mirror.setListener(currentListener)
            retimeWorldVoices()
        }
    }

    /// Per-block work: a listener ramp and an environment crossfade, while either moves.
    func updateSpace() {
        guard writesMoving(until: model.spaceSettlesAt) else { return }
        let now = currentFrame
        if model.listenerRamp != nil {
            mirror.setListener(currentListener)
            retimeWorldVoices()
            if let ramp = model.listenerRamp, now > ramp.endFrame { model.listenerRamp = nil }
        }
        applyEnvironmentGains(at: now)
    }

    func setDistanceModel(_ distanceModel: DistanceModel) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        model.distanceModel = distanceModel
        if phase == .running, mirror.canWrite() { mirror.setDistanceModel(distanceModel) }
    }

    func setDoppler(factor: Float, speedOfSound speed: Float) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        guard factor.isFinite, factor >= 0, speed.isFinite, speed > 0 else {
            throw .invalidArgument("the Doppler factor must be ≥ 0 and the speed of sound > 0")
        }
        model.dopplerFactor = factor
        model.speedOfSound = speed
        if phase == .running, mirror.canWrite() {
            mirror.setDoppler(factor: factor, speedOfSound: speed)
            retimeWorldVoices()
        }
    }

    // MARK: - HRTF by route

    /// Switches HRTF on or off to match the spatialization mode and the route, without stopping
    /// what plays (`alcResetDeviceSOFT` keeps every source's place), and logs `spatializationChanged`.
    func followSpatialization() {
        guard mirror.hasOpenDevice else { return }
        let wanted = configuration.spatialization.usesHRTF(on: session.status.currentRoute)
        guard wanted != mirror.hrtfApplied else { return }
        if wanted, !mirror.supportsHRTF {
            if !reportedNoHRTF {
                log(.engine, "spatializationUnavailable", [.init("reason", .string("ALC_SOFT_HRTF missing"))])
                logger.warning("HRTF is not available on this device: sounds are panned in plain stereo", metadata: LogCode.hrtfUnavailable.metadata)
                reportedNoHRTF = true
            }
            mirror.hrtfApplied = false
            return
        }
        if mirror.rendersHRTF != wanted {
            do {
                try mirror.resetDevice(hrtf: wanted)
                // Every voice's mixing starts afresh there, from a state that depends on how it
                // started (see ``GameSoundRuntime/freshStartFrames()``).
                noteFreshStart()
            } catch {
                logger.error("could not switch HRTF \(wanted ? "on" : "off"): \(error)", metadata: LogCode.hrtfSwitchFailed.metadata)
                return
            }
        }
        let active = mirror.rendersHRTF
        mirror.hrtfApplied = wanted
        if wanted, !active {
            let status = mirror.hrtfStatusDescription
            logger.warning("HRTF was asked for but the device mixes without it (\(status)): sounds are panned in plain stereo", metadata: LogCode.hrtfUnavailable.metadata)
        }
        let mode = active ? "hrtf" : "stereo"
        guard mode != loggedSpatialization else { return }
        loggedSpatialization = mode
        var details: [GameSoundEvent.Detail] = [.init("mode", .string(mode))]
        if active, let name = mirror.hrtfName {
            details.append(.init("hrtf", .string(name)))
        }
        log(.engine, "spatializationChanged", details)
    }

    // MARK: - The environment

    func setEnvironment(_ new: Environment, over seconds: Double) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        let frames = try rampFrames(seconds)
        guard new != model.environment else { return }
        let old = model.environment
        model.environment = new
        log(.engine, "environmentChanged", [.init("environment", .string(new.rawValue)), .init("from", .string(old.rawValue)),
                                            .init("over", .number(seconds))])
        guard phase == .running, mirror.canWrite() else { return }
        if !mirror.hasReverb {
            // Making the reverb's slots and effects is not a write that waits: during a game's call in
            // real time the update thread makes them, after the call's writes, for the environment
            // then asked for.
            guard leavesWorkToAudioThread else { return buildEnvironment(fadeFrames: frames) }
            mirror.afterWrites { [unowned self] in
                if phase == .running, !mirror.hasReverb, useContext() { buildEnvironment(fadeFrames: frames) }
            }
            return
        }
        // The idle slot takes the new reverb and fades in while the other fades out.
        mirror.crossfadeEnvironment(to: new)
        let now = currentFrame
        model.fadeInEnvironment(at: now, over: frames)
        applyEnvironmentGains(at: now)
    }

    /// Creates the two reverb slots with the current environment in one, fading it in over
    /// `fadeFrames`, and sends every voice to both. Says once if the device has no EFX.
    func buildEnvironment(fadeFrames: Int = 0) {
        guard mirror.hasContext, mirror.hasDevice, model.environment != .none else { return }
        guard mirror.supportsEffects else {
            if !reportedNoEffects {
                log(.engine, "environmentUnavailable", [.init("reason", .string("ALC_EXT_EFX missing"))])
                logger.warning("this OpenAL device has no EFX: environments are not heard, sounds play dry", metadata: LogCode.environmentUnavailable.metadata)
                reportedNoEffects = true
            }
            return
        }
        do {
            try mirror.buildReverb(with: model.environment)
        } catch {
            logger.error("could not create the environment's reverb: \(error)", metadata: LogCode.environmentCreateFailed.metadata)
            return
        }
        let now = currentFrame
        model.fadeInEnvironment(at: now, over: fadeFrames)
        applyEnvironmentGains(at: now)
        for index in model.allocator.slots.indices where model.allocator.slots[index].busy { applyVoiceSends(index) }
    }

    /// How many frames the reverb heard now rings on before it has fallen 20 dB: what a rebuild,
    /// whose new reverb slots start empty, cannot carry over. 0 with no reverb.
    var reverbTailFrames: Int {
        let decay = mirror.audibleDecayTime(fadeIn: model.environmentFade.value(at: currentFrame))
        return Int((decay / 3 * Double(configuration.sampleRate)).rounded(.up))
    }

    /// The active slot at the fade's gain, the other at its complement.
    private func applyEnvironmentGains(at frame: Int) {
        mirror.setReverbGains(fadeIn: model.environmentFade.value(at: frame))
    }

    // MARK: - Each voice

    /// The reverb send a voice gets: its own, or its bus's default.
    func reverbSend(_ slot: Int) -> Float {
        model.voices[slot].options.reverbSend ?? model.buses.defaultReverbSend(model.voices[slot].bus)
    }

    /// Distance, velocity, reverb sends and occlusion of a voice, set on its source only where they
    /// differ from what the source has, so a plain effect costs no extra OpenAL call.
    func applyVoiceSpace(_ slot: Int) {
        guard mirror.hasSource(slot) else { return }
        // Read in place: a copy of the options would retain the bus's name.
        let world = model.voices[slot].options.position != nil
        let space = VoiceSpace(velocity: world ? (model.voices[slot].options.velocity ?? .zero) : .zero,
                               referenceDistance: world ? model.voices[slot].options.referenceDistance : 1,
                               maxDistance: world ? model.voices[slot].options.maxDistance : .greatestFiniteMagnitude,
                               rolloff: world ? model.voices[slot].options.rolloff : 1,
                               occlusion: model.voices[slot].options.occlusion)
        mirror.applySpace(slot, space)
        retime(slot)
        applyVoiceSends(slot)
    }

    /// Sends a voice to both reverb slots at its reverb-send level (while there is an environment).
    func applyVoiceSends(_ slot: Int) {
        guard mirror.hasReverb else { return }
        mirror.applySend(slot, reverbSend(slot), affected: self.voiceLabel(slot))
    }
}

extension SIMDPosition {
    static let zero = SIMDPosition(x: 0, y: 0, z: 0)
}
