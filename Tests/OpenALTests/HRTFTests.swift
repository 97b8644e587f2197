// SPDX-License-Identifier: Zlib
import AudioAnalysis
import OpenAL
import Testing

/// HRTF (`ALC_SOFT_HRTF`) on a loopback device, measured on the rendered samples.
@Suite("HRTF")
struct HRTFTests {
    let tone = Signal.sine(frequency: 440, amplitude: 0.5, frameCount: 48_000, sampleRate: 48_000)

    /// A looping mono tone placed one unit to the listener's right.
    func playToneOnTheRight(_ rig: LoopbackRig) throws -> ALSource {
        let source = try ALSource(context: rig.context)
        try source.setBuffer(try rig.buffer(tone, channelCount: 1))
        try source.setLooping(true)
        try source.setRelativeToListener(true)
        try source.setPosition(x: 1, y: 0, z: 0)
        try source.play()
        return source
    }

    @Test("the device lists its HRTF sets, and a 48 kHz device with HRTF on uses one recorded at 48 kHz")
    func setsAndStatus() throws {
        try withLoopback(attributes: .init(hrtf: .on)) { rig in
            #expect(rig.device.supportsHRTF)
            let names = try rig.device.hrtfNames()
            #expect(names.contains("Built-In 48000hz"))
            #expect(try rig.device.hrtfStatus() == .enabled)
            #expect(try rig.device.hrtfStatus().isActive)
            let inUse = try #require(try rig.device.hrtfInUse())
            #expect(names.contains(inUse))
            #expect(inUse.contains("48000"))
            #expect(try rig.context.grantedAttributes().hrtf == .on)
        }
    }

    @Test("with HRTF on, a source on the right is heard in both ears, louder in the right")
    func hrtfOnReachesBothEars() throws {
        try withLoopback(attributes: .init(hrtf: .on)) { rig in
            _ = try playToneOnTheRight(rig)
            _ = try rig.render(frames: 1_024)  // past the filters' onset
            let (left, right) = try rig.renderChannels(frames: 4_800)
            #expect(Signal.rms(left) > 0.01)
            #expect(Signal.rms(right) > 1.5 * Signal.rms(left))
        }
    }

    @Test("with HRTF off (and by default on a loopback device), the same source is heard only on the right")
    func hrtfOffPansOnly() throws {
        for mode in [ALDevice.HRTFMode.off, .auto] {
            try withLoopback(attributes: .init(hrtf: mode)) { rig in
                #expect(try rig.device.hrtfStatus() == .disabled)
                #expect(try rig.device.hrtfInUse() == nil)
                _ = try playToneOnTheRight(rig)
                _ = try rig.render(frames: 1_024)
                let (left, right) = try rig.renderChannels(frames: 4_800)
                #expect(Signal.rms(right) > 0.3)
                #expect(Signal.rms(left) < Signal.rms(right) / 100)
            }
        }
    }

    @Test("HRTF delays a sound's onset by about 10 frames; without it the first sample is heard at once")
    func hrtfOnsetDelay() throws {
        func firstAudible(_ mode: ALDevice.HRTFMode) throws -> Int? {
            try withLoopback(attributes: .init(hrtf: mode)) { rig in
                let source = try ALSource(context: rig.context)
                try source.setBuffer(try rig.buffer(tone, channelCount: 1))  // tone[0] is 0, tone[1] is not
                try source.play()
                return Signal.firstAudibleIndex(try rig.renderChannels(frames: 256).left)
            }
        }
        #expect(try firstAudible(.off) == 1)
        let delayed = try #require(try firstAudible(.on))
        #expect((8...16).contains(delayed), "first audible frame \(delayed)")  // 11 with OpenAL Soft 1.19.1
    }

    @Test("reset(hrtf:) toggles HRTF mid-play, keeping the source's sample offset and the render format")
    func toggleMidPlay() throws {
        try withLoopback { rig in
            let source = try playToneOnTheRight(rig)
            var (left, right) = try rig.renderChannels(frames: 4_800)
            #expect(Signal.rms(left) < Signal.rms(right) / 100)
            #expect(try source.offset() == 4_800)

            try rig.device.reset(hrtf: .on)
            #expect(try rig.device.hrtfStatus() == .enabled)
            #expect(try source.offset() == 4_800)
            #expect(try source.state() == .playing)
            _ = try rig.render(frames: 1_024)
            (left, right) = try rig.renderChannels(frames: 4_800)
            #expect(Signal.rms(left) > 0.01)
            #expect(Signal.rms(right) > 1.5 * Signal.rms(left))
            #expect(try source.offset() == 4_800 + 1_024 + 4_800)
            let granted = try rig.context.grantedAttributes()
            #expect(granted.frequency == 48_000)
            #expect(granted.hrtf == .on)

            try rig.device.reset(hrtf: .off)
            #expect(try rig.device.hrtfStatus() == .disabled)
            #expect(try source.offset() == 4_800 + 1_024 + 4_800)
            (left, right) = try rig.renderChannels(frames: 4_800)
            #expect(Signal.rms(right) > 0.3)
            #expect(Signal.rms(left) < Signal.rms(right) / 100)
        }
    }

    @Test("reset(hrtf:id:) chooses a set by index, and an index outside the list is invalidValue")
    func chooseBySetIndex() throws {
        try withLoopback { rig in
            let names = try rig.device.hrtfNames()
            let builtIn = try #require(names.firstIndex(of: "Built-In 48000hz"))
            try rig.device.reset(hrtf: .on, id: builtIn)
            #expect(try rig.device.hrtfInUse() == "Built-In 48000hz")
            #expect(throws: OpenALError(operation: "alcResetDeviceSOFT", code: .invalidValue)) {
                try rig.device.reset(hrtf: .on, id: names.count)
            }
            #expect(try rig.device.hrtfInUse() == "Built-In 48000hz")  // the refused reset changed nothing

            // A set recorded at another rate is not an error: OpenAL Soft 1.19.1 quietly takes
            // its first set at the device's rate instead.
            let otherRate = try #require(names.firstIndex(of: "Built-In 44100hz"))
            try rig.device.reset(hrtf: .on, id: otherRate)
            #expect(try rig.device.hrtfStatus() == .enabled)
            #expect(try rig.device.hrtfInUse()?.contains("48000") == true)
        }
    }

    @Test("a context created after a reset applies its own attributes, and with them its own HRTF choice")
    func laterContextAppliesItsOwnChoice() throws {
        try withLoopback { rig in
            try rig.device.reset(hrtf: .on)
            #expect(try rig.device.hrtfStatus() == .enabled)
            let second = try ALContext(device: rig.device, attributes: .init(
                renderFormat: .init(sampleRate: 48_000, channels: .stereo, sampleType: .float32)))
            defer { second.destroy() }
            #expect(try rig.device.hrtfStatus() == .disabled)
            try rig.device.reset(hrtf: .on)  // the second context's attributes, HRTF on again
            #expect(try rig.device.hrtfStatus() == .enabled)
            #expect(try second.grantedAttributes().hrtf == .on)
        }
    }

    @Test("isHRTFEnabled reads the device: true at 44.1 and 48 kHz with HRTF on, false off, and false when asked at a rate no set has")
    func enabledIsReadFromTheDevice() throws {
        for rate in [44_100, 48_000] {
            try withLoopback(sampleRate: rate, attributes: .init(hrtf: .on)) { rig in
                #expect(try rig.device.isHRTFEnabled(), "\(rate) Hz")
                try rig.device.reset(hrtf: .off)
                #expect(try !rig.device.isHRTFEnabled(), "\(rate) Hz, switched off")
            }
        }
        try withLoopback(sampleRate: 22_050, attributes: .init(hrtf: .on)) { rig throws in
            #expect(try rig.device.hrtfStatus() == .unsupportedFormat)
            #expect(try !rig.device.isHRTFEnabled())
        }
    }

    @Test("a mono loopback device cannot use HRTF: unsupportedFormat")
    func monoIsUnsupported() throws {
        OpenALProcess.setDrivers("null")
        try OpenALProcess.withExclusiveAccess {
            let device = try ALDevice.openLoopback()
            let context = try ALContext(device: device, attributes: .init(
                renderFormat: .init(sampleRate: 48_000, channels: .mono, sampleType: .float32)))
            defer { context.destroy(); try? device.close() }
            try device.reset(hrtf: .on)
            #expect(try device.hrtfStatus() == .unsupportedFormat)
            #expect(try !device.isHRTFEnabled())
            #expect(try device.hrtfInUse() == nil)
        }
    }

    @Test("a loopback device with no context has no render format to keep, so reset is refused")
    func resetNeedsRenderFormat() throws {
        OpenALProcess.setDrivers("null")
        try OpenALProcess.withExclusiveAccess {
            let device = try ALDevice.openLoopback()
            defer { try? device.close() }
            #expect(throws: OpenALError(operation: "alcResetDeviceSOFT", code: .unsupportedRenderFormat)) {
                try device.reset(hrtf: .on)
            }
            try device.close()
            #expect(throws: OpenALError(operation: "alcResetDeviceSOFT", code: .deleted)) { try device.reset(hrtf: .on) }
        }
    }
}
