// SPDX-License-Identifier: Zlib
import AudioAnalysis
import OpenAL
import Testing

/// Reverb, effect slots, sends and filters (`ALC_EXT_EFX`), measured on rendered samples.
@Suite("Effects: reverb, slots and filters")
struct EffectsTests {
    /// A 10 ms burst of noise, the shortest sound that excites a reverb well.
    static let click: [Float] = {
        var random = SplitMix64(seed: 17)
        return (0..<480).map { _ in random.bipolar() * 0.5 }
    }()

    /// Plays the click once on a fresh source set up by `configure`, renders half a second and
    /// returns the left channel from 20 ms after the click's end: only a reverb tail is left there.
    func tailAfterClick(_ rig: LoopbackRig, _ configure: (ALSource) throws -> Void = { _ in }) throws -> [Float] {
        let source = try ALSource(context: rig.context)
        try source.setBuffer(try rig.buffer(Self.click, channelCount: 1))
        try configure(source)
        try source.play()
        let left = try rig.renderChannels(frames: 24_000).left
        #expect(Signal.rms(left[0..<480]) > 0.05)
        #expect(try source.state() == .stopped)
        try source.setAuxiliarySend(nil, send: 0)
        return Array(left[(480 + 960)...])
    }

    @Test("a click sent to a reverb slot leaves a tail after it ends; the dry click alone leaves exact silence")
    func reverbLeavesATail() throws {
        try withLoopback { rig in
            #expect(rig.device.supportsEffects)
            let dry = try tailAfterClick(rig)
            #expect(Signal.isExactlySilent(dry))

            let reverb = try ALEffect(context: rig.context, reverb: .generic)
            #expect(reverb.kind == .eaxReverb)
            let slot = try ALAuxiliarySlot(context: rig.context)
            try slot.attach(reverb)
            #expect(slot.effect === reverb)
            let wet = try tailAfterClick(rig) { try $0.setAuxiliarySend(slot, send: 0) }
            #expect(Signal.rms(wet) > 0.002, "tail RMS \(Signal.rms(wet))")
            #expect(Signal.rms(wet[0..<4_800]) > Signal.rms(wet[(wet.count - 4_800)...]), "the tail decays")
        }
    }

    @Test("the standard reverb (no EAX) leaves a tail too, and a longer decay leaves more of it")
    func standardReverbAndDecay() throws {
        try withLoopback { rig in
            let slot = try ALAuxiliarySlot(context: rig.context)
            func tail(_ properties: ALReverbProperties) throws -> Float {
                let effect = try ALEffect(context: rig.context)
                #expect(effect.kind == .null)
                try effect.setReverb(properties, allowingEAX: false)
                #expect(effect.kind == .reverb)
                try slot.attach(effect)
                try effect.delete()  // the slot keeps its copy
                let late = try tailAfterClick(rig) { try $0.setAuxiliarySend(slot, send: 0) }[14_400...]
                _ = try rig.render(frames: 48_000 * 4)  // let it die away before the next one
                return Signal.rms(late)
            }
            var short = ALReverbProperties.generic
            short.decayTime = 0.2
            var long = ALReverbProperties.generic
            long.decayTime = 5
            let shortTail = try tail(short), longTail = try tail(long)
            #expect(longTail > 0.0005)
            #expect(longTail > 10 * shortTail, "long \(longTail), short \(shortTail)")
        }
    }

    @Test("a slot at gain 0, or a send filtered to gain 0, adds no tail")
    func silencedSends() throws {
        // A fresh device for each: a reverb keeps ringing inside a muted slot, and would be heard
        // the moment the slot is turned up again.
        try withLoopback { rig in
            let slot = try ALAuxiliarySlot(context: rig.context)
            try slot.attach(try ALEffect(context: rig.context, reverb: .cave))
            try slot.setGain(0)
            #expect(slot.gain == 0)
            let mutedSlot = try tailAfterClick(rig) { try $0.setAuxiliarySend(slot, send: 0) }
            #expect(Signal.isExactlySilent(mutedSlot), "RMS \(Signal.rms(mutedSlot))")
            #expect(throws: OpenALError(operation: "alAuxiliaryEffectSlotf", code: .invalidValue)) { try slot.setGain(2) }
        }
        try withLoopback { rig in
            let slot = try ALAuxiliarySlot(context: rig.context)
            try slot.attach(try ALEffect(context: rig.context, reverb: .cave))
            let closed = try ALFilter(context: rig.context, gain: 0, gainHF: 1)
            let mutedSend = try tailAfterClick(rig) { try $0.setAuxiliarySend(slot, send: 0, filter: closed) }
            #expect(Signal.isExactlySilent(mutedSend), "RMS \(Signal.rms(mutedSend))")
        }
    }

    @Test("a low-pass filter with gainHF 0.1 lowers a 5 kHz tone far more than a 200 Hz one")
    func lowPassFilter() throws {
        try withLoopback { rig in
            let filter = try ALFilter(context: rig.context, gain: 1, gainHF: 0.1)
            func attenuation(at frequency: Double) throws -> Float {
                let tone = Signal.sine(frequency: frequency, amplitude: 0.5, frameCount: 48_000, sampleRate: 48_000)
                let source = try ALSource(context: rig.context)
                try source.setBuffer(try rig.buffer(interleave(tone, tone), channelCount: 2))
                try source.setLooping(true)
                try source.play()
                _ = try rig.render(frames: 1_024)
                let open = Signal.rms(try rig.renderChannels(frames: 9_600).left)
                try source.setDirectFilter(filter)
                _ = try rig.render(frames: 2_048)
                let filtered = Signal.rms(try rig.renderChannels(frames: 9_600).left)
                try source.setDirectFilter(nil)
                _ = try rig.render(frames: 2_048)
                let reopened = Signal.rms(try rig.renderChannels(frames: 9_600).left)
                #expect(abs(reopened / open - 1) < 0.01)
                try source.delete()
                return filtered / open
            }
            let high = try attenuation(at: 5_000), low = try attenuation(at: 200)
            // OpenAL Soft's low-pass is a shelf whose gainHF is the gain at 5 kHz exactly.
            #expect(abs(high - 0.1) < 0.005, "5 kHz kept \(high)")
            #expect(low > 0.99, "200 Hz kept \(low)")
            #expect(filter.gainHF == 0.1)
        }
    }

    @Test("a filter's new settings are heard once it is attached again; deleting it keeps the source's copy")
    func filterIsCopied() throws {
        try withLoopback { rig in
            let tone = Signal.sine(frequency: 400, amplitude: 0.5, frameCount: 48_000, sampleRate: 48_000)
            let source = try ALSource(context: rig.context)
            try source.setBuffer(try rig.buffer(interleave(tone, tone), channelCount: 2))
            try source.setLooping(true)
            let filter = try ALFilter(context: rig.context, gain: 0.5)
            try source.setDirectFilter(filter)
            try source.play()
            _ = try rig.render(frames: 1_024)
            #expect(abs(Signal.rms(try rig.renderChannels(frames: 4_800).left) - 0.5 * 0.3536) < 0.003)
            try filter.setLowPass(gain: 0.25, gainHF: 1)
            #expect(abs(Signal.rms(try rig.renderChannels(frames: 4_800).left) - 0.5 * 0.3536) < 0.003)
            try source.setDirectFilter(filter)
            try filter.delete()
            _ = try rig.render(frames: 1_024)
            #expect(abs(Signal.rms(try rig.renderChannels(frames: 4_800).left) - 0.25 * 0.3536) < 0.003)
            #expect(throws: OpenALError(operation: "alFilterf", code: .invalidValue)) {
                try ALFilter(context: rig.context).setLowPass(gain: 1.5, gainHF: 1)
            }
        }
    }

    @Test("every preset of efx-presets.h is accepted, as EAX and as standard reverb")
    func everyPresetIsAccepted() throws {
        try withLoopback { rig in
            let effect = try ALEffect(context: rig.context)
            for (name, preset) in ALReverbProperties.allPresets {
                #expect(throws: Never.self, "\(name)") { try effect.setReverb(preset) }
                #expect(throws: Never.self, "\(name)") { try effect.setReverb(preset, allowingEAX: false) }
            }
            #expect(ALReverbProperties.allPresets.count == 113)
            #expect(ALReverbProperties() == .generic)
            var wrong = ALReverbProperties.hangar
            wrong.reflectionsDelay = 0.5
            #expect(throws: OpenALError(operation: "alEffectf", code: .invalidValue)) { try effect.setReverb(wrong) }
            wrong = .hangar
            wrong.lateReverbPan = SIMD3(.nan, 0, 0)
            #expect(throws: OpenALError(operation: "alEffectfv", code: .invalidValue)) { try effect.setReverb(wrong) }
            wrong.lateReverbPan = SIMD3(2, 0, 0)  // beyond the EFX guide's unit length: OpenAL Soft 1.19.1 takes it
            try effect.setReverb(wrong)
        }
    }

    @Test("a context has 2 sends unless it asks for more; a send it does not have is invalidValue")
    func auxiliarySends() throws {
        try withLoopback { rig in
            #expect(try rig.device.maxAuxiliarySends() == 2)
            #expect(try rig.context.grantedAttributes().maxAuxiliarySends == 2)
            let source = try ALSource(context: rig.context)
            let slot = try ALAuxiliarySlot(context: rig.context)
            try source.setAuxiliarySend(slot, send: 1)
            #expect(throws: OpenALError(operation: "alSource3i", code: .invalidValue)) {
                try source.setAuxiliarySend(slot, send: 2)
            }
        }
        try withLoopback(attributes: .init(maxAuxiliarySends: 4)) { rig in
            #expect(try rig.device.maxAuxiliarySends() == 4)
            #expect(try rig.context.grantedAttributes().maxAuxiliarySends == 4)
            let source = try ALSource(context: rig.context)
            try source.setAuxiliarySend(try ALAuxiliarySlot(context: rig.context), send: 3)
        }
    }

    @Test("a slot in use cannot be deleted; objects are counted and refuse once deleted")
    func lifetimes() throws {
        try withLoopback { rig in
            let effect = try ALEffect(context: rig.context, reverb: .room)
            let slot = try ALAuxiliarySlot(context: rig.context)
            let filter = try ALFilter(context: rig.context, gainHF: 0.5)
            #expect(rig.device.liveEffectCount == 1)
            #expect(rig.device.liveFilterCount == 1)
            #expect(rig.context.liveAuxiliarySlotCount == 1)
            let source = try ALSource(context: rig.context)
            try source.setAuxiliarySend(slot, send: 0, filter: filter)
            try source.setAuxiliarySend(slot, send: 1)
            #expect(slot.feedingSendCount == 2)
            #expect(source.auxiliarySends[0] === slot)
            #expect(throws: OpenALError(operation: "alDeleteAuxiliaryEffectSlots", code: .invalidOperation)) {
                try slot.delete()
            }
            try source.setAuxiliarySend(nil, send: 0)
            #expect(slot.feedingSendCount == 1)
            let other = try ALSource(context: rig.context)
            try other.setAuxiliarySend(slot, send: 0)
            try other.delete()  // deleting a source disconnects its sends
            #expect(slot.feedingSendCount == 1)
            try source.setAuxiliarySend(nil, send: 1)
            #expect(slot.feedingSendCount == 0)
            #expect(source.auxiliarySends.isEmpty)
            try slot.delete()
            try slot.delete()  // twice is harmless
            try effect.delete()
            try filter.delete()
            #expect(rig.device.liveEffectCount == 0)
            #expect(rig.device.liveFilterCount == 0)
            #expect(rig.context.liveAuxiliarySlotCount == 0)
            #expect(throws: OpenALError(operation: "alSource3i", code: .deleted)) { try source.setAuxiliarySend(slot, send: 0) }
            #expect(throws: OpenALError(operation: "alSourcei", code: .deleted)) { try source.setDirectFilter(filter) }
            #expect(throws: OpenALError(operation: "alEffecti", code: .deleted)) { try effect.setReverb(.room) }
            #expect(throws: OpenALError(operation: "alAuxiliaryEffectSloti", code: .deleted)) { try slot.attach(nil) }

            let survivor = try ALAuxiliarySlot(context: rig.context)
            rig.context.destroy()
            #expect(rig.context.liveAuxiliarySlotCount == 0)
            #expect(throws: OpenALError(operation: "alAuxiliaryEffectSlotf", code: .deleted)) { try survivor.setGain(1) }
        }
    }
}
