// SPDX-License-Identifier: Zlib
import AudioAnalysis
import OpenAL
import Testing

/// The wrappers never let a call reach OpenAL without the right current context.
@Suite("Context guards and typed errors")
struct ContextGuardTests {
    @Test("with no current context a source call is refused with noCurrentContext, and nothing reaches OpenAL")
    func noCurrentContext() throws {
        try withLoopback { rig in
            let source = try ALSource(context: rig.context)
            try ALContext.clearCurrent()
            #expect(!ALContext.isAnyCurrent)
            #expect(throws: OpenALError(operation: "alSourcePlay", code: .noCurrentContext)) { try source.play() }
            #expect(throws: OpenALError(operation: "alGenBuffers", code: .noCurrentContext)) {
                try ALBuffer(context: rig.context)
            }
            try rig.context.makeCurrent()
            try source.play()  // the earlier refusal left no pending AL error behind
            #expect(try source.state() == .initial || source.state() == .stopped)
        }
    }

    @Test("an object used while another context is current is refused with wrongContext")
    func wrongContext() throws {
        try withLoopback { rig in
            let source = try ALSource(context: rig.context)
            let other = try ALContext(device: rig.device, attributes: .init(
                renderFormat: .init(sampleRate: 48_000, channels: .stereo, sampleType: .float32)))
            defer { other.destroy() }
            try other.makeCurrent()
            #expect(throws: OpenALError(operation: "alSourcef", code: .wrongContext)) { try source.setGain(1) }
            try rig.context.makeCurrent()
            try source.setGain(0.25)
            #expect(try source.gain() == 0.25)
        }
    }

    @Test("OpenAL's own errors arrive typed and named: a bad pitch is invalidValue")
    func alErrorsAreTyped() throws {
        try withLoopback { rig in
            let source = try ALSource(context: rig.context)
            #expect(throws: OpenALError(operation: "alSourcef", code: .invalidValue)) { try source.setPitch(-1) }
            let buffer = try rig.buffer([0, 0.5, 0, -0.5], channelCount: 1)
            try source.setBuffer(buffer)
            #expect(throws: OpenALError(operation: "alDeleteBuffers", code: .invalidOperation)) { try buffer.delete() }
            try source.setBuffer(nil)
            try buffer.delete()
            #expect(throws: OpenALError(operation: "alBufferData", code: .deleted)) {
                try [Float(0)].withUnsafeBufferPointer { try buffer.upload($0, channelCount: 1, sampleRate: 48_000) }
            }
        }
    }

    @Test("a deleted source is refused, and a destroyed context refuses to become current")
    func deletedObjects() throws {
        try withLoopback { rig in
            let source = try ALSource(context: rig.context)
            try source.delete()
            try source.delete()  // twice is harmless
            #expect(throws: OpenALError(operation: "alSourcePlay", code: .deleted)) { try source.play() }
            let other = try ALContext(device: rig.device, attributes: .init(
                renderFormat: .init(sampleRate: 48_000, channels: .stereo, sampleType: .float32)))
            other.destroy()
            #expect(throws: OpenALError(operation: "alcMakeContextCurrent", code: .deleted)) { try other.makeCurrent() }
        }
    }

    @Test("effects, slots, filters and the listener are refused without their context, like sources")
    func effectsAndListenerAreGuarded() throws {
        try withLoopback { rig in
            let effect = try ALEffect(context: rig.context)
            let slot = try ALAuxiliarySlot(context: rig.context)
            let filter = try ALFilter(context: rig.context)
            let source = try ALSource(context: rig.context)
            let errorsBefore = OpenALProcess.errorCountOnCurrentThread
            try ALContext.clearCurrent()
            #expect(throws: OpenALError(operation: "alGenEffects", code: .noCurrentContext)) { try ALEffect(context: rig.context) }
            #expect(throws: OpenALError(operation: "alEffecti", code: .noCurrentContext)) { try effect.setReverb(.generic) }
            #expect(throws: OpenALError(operation: "alAuxiliaryEffectSloti", code: .noCurrentContext)) { try slot.attach(effect) }
            #expect(throws: OpenALError(operation: "alFilterf", code: .noCurrentContext)) {
                try filter.setLowPass(gain: 1, gainHF: 0.5)
            }
            #expect(throws: OpenALError(operation: "alSource3i", code: .noCurrentContext)) {
                try source.setAuxiliarySend(slot, send: 0)
            }
            #expect(throws: OpenALError(operation: "alListenerfv", code: .noCurrentContext)) {
                try rig.context.setListenerOrientation(at: SIMD3(0, 0, 1), up: SIMD3(0, 1, 0))
            }
            #expect(throws: OpenALError(operation: "alDopplerFactor", code: .noCurrentContext)) {
                try rig.context.setDopplerFactor(1)
            }
            #expect(OpenALProcess.errorCountOnCurrentThread == errorsBefore + 7)

            let other = try ALContext(device: rig.device, attributes: .init(
                renderFormat: .init(sampleRate: 48_000, channels: .stereo, sampleType: .float32)))
            defer { other.destroy() }
            try other.makeCurrent()
            #expect(throws: OpenALError(operation: "alAuxiliaryEffectSlotf", code: .wrongContext)) { try slot.setGain(1) }
            let foreignSlot = try ALAuxiliarySlot(context: other)
            let foreignFilter = try ALFilter(context: other)
            try rig.context.makeCurrent()
            #expect(throws: OpenALError(operation: "alSource3i", code: .wrongContext)) {
                try source.setAuxiliarySend(foreignSlot, send: 0)
            }
            #expect(throws: OpenALError(operation: "alSourcei", code: .wrongContext)) { try source.setDirectFilter(foreignFilter) }
            try source.setAuxiliarySend(slot, send: 0, filter: filter)  // the refusals left no pending AL error
            try source.setDirectFilter(filter)
        }
    }

    @Test("a loopback context needs a render format, and rendering a real device is refused")
    func loopbackMisuse() throws {
        OpenALProcess.setDrivers("null")
        try OpenALProcess.withExclusiveAccess {
            let device = try ALDevice.openLoopback()
            #expect(throws: OpenALError(operation: "alcCreateContext", code: .unsupportedRenderFormat)) {
                try ALContext(device: device)
            }
            #expect(throws: OpenALError(operation: "alcIsRenderFormatSupportedSOFT", code: .invalidValue)) {
                try device.supportsRenderFormat(.init(sampleRate: 0))
            }
            try device.close()
            #expect(throws: OpenALError(operation: "alcRenderSamplesSOFT", code: .deleted)) {
                var samples = [Float](repeating: 0, count: 2)
                try samples.withUnsafeMutableBufferPointer { try device.render(into: $0, channels: .stereo) }
            }
        }
    }

    @Test("a device name that does not exist is deviceUnavailable, naming it")
    func unknownDevice() {
        OpenALProcess.setDrivers("null")
        #expect(throws: OpenALError(operation: "alcOpenDevice", code: .deviceUnavailable(name: "no such card"))) {
            try ALDevice.openOutput(named: "no such card")
        }
    }
}
