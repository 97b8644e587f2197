// SPDX-License-Identifier: Zlib
import AudioAnalysis
import OpenAL
import Testing

/// What OpenAL Soft actually renders through a loopback device, measured on the samples.
@Suite("Loopback rendering")
struct LoopbackRenderingTests {
    let tone = Signal.sine(frequency: 440, amplitude: 0.5, frameCount: 48_000, sampleRate: 48_000)

    @Test("a 440 Hz stereo buffer renders at its own level and frequency, sample for sample")
    func toneRendersExactly() throws {
        try withLoopback { rig in
            let source = try ALSource(context: rig.context)
            try source.setBuffer(try rig.buffer(interleave(tone, tone), channelCount: 2))
            try source.play()
            let (left, right) = try rig.renderChannels(frames: 4_800)
            #expect(abs(Signal.rms(left) - 0.5 / 2.0.squareRoot().float) < 0.005)
            #expect(abs(Signal.dominantFrequency(left, sampleRate: 48_000) - 440) < 0.5)
            #expect(left == Array(tone[0..<4_800]))
            #expect(right == left)
        }
    }

    @Test("gain 0.5 halves the amplitude")
    func halfGainHalvesAmplitude() throws {
        try withLoopback { rig in
            let buffer = try rig.buffer(interleave(tone, tone), channelCount: 2)
            let source = try ALSource(context: rig.context)
            try source.setBuffer(buffer)
            try source.setLooping(true)
            try source.play()
            let full = Signal.rms(try rig.renderChannels(frames: 4_800).left)
            try source.setGain(0.5)
            _ = try rig.render(frames: 1_024)  // let OpenAL Soft's gain ramp settle
            let half = Signal.rms(try rig.renderChannels(frames: 4_800).left)
            #expect(abs(half / full - 0.5) < 0.005)
            #expect(try source.gain() == 0.5)
        }
    }

    @Test("a mono source placed left or right puts its energy in that channel", arguments: [Float(-1), 1])
    func panningFollowsPosition(x: Float) throws {
        try withLoopback { rig in
            let source = try ALSource(context: rig.context)
            try source.setBuffer(try rig.buffer(tone, channelCount: 1))
            try source.setRelativeToListener(true)
            try source.setPosition(x: x, y: 0, z: 0)
            try source.play()
            let (left, right) = try rig.renderChannels(frames: 4_800)
            let (near, far) = x < 0 ? (left, right) : (right, left)
            #expect(Signal.rms(near) > 0.3)
            #expect(Signal.rms(far) < Signal.rms(near) / 100)
            #expect(try source.position().x == x)
        }
    }

    @Test("pause renders exact silence and keeps the position; play continues from it")
    func pauseIsExactSilence() throws {
        try withLoopback { rig in
            let source = try ALSource(context: rig.context)
            try source.setBuffer(try rig.buffer(interleave(tone, tone), channelCount: 2))
            try source.play()
            _ = try rig.render(frames: 1_000)
            try source.pause()
            #expect(try source.state() == .paused)
            #expect(Signal.isExactlySilent(try rig.render(frames: 4_800)))
            #expect(try source.offset() == 1_000)
            try source.play()
            let resumed = try rig.renderChannels(frames: 100).left
            #expect(resumed == Array(tone[1_000..<1_100]))
        }
    }

    @Test("stop renders exact silence and the source reports stopped")
    func stopIsExactSilence() throws {
        try withLoopback { rig in
            let source = try ALSource(context: rig.context)
            try source.setBuffer(try rig.buffer(interleave(tone, tone), channelCount: 2))
            try source.setLooping(true)
            try source.play()
            #expect(Signal.rms(try rig.renderChannels(frames: 480).left) > 0.3)
            try source.stop()
            #expect(try source.state() == .stopped)
            #expect(Signal.isExactlySilent(try rig.render(frames: 4_800)))
        }
    }

    @Test("a source that reaches the end of a one-shot buffer stops by itself")
    func oneShotStops() throws {
        try withLoopback { rig in
            let source = try ALSource(context: rig.context)
            try source.setBuffer(try rig.buffer(Array(tone[0..<1_000]), channelCount: 1))
            try source.play()
            let output = try rig.render(frames: 2_000)
            #expect(try source.state() == .stopped)
            #expect(Signal.isExactlySilent(output[2_000...]))
        }
    }

    @Test("buffers queued on a source play back to back without a gap")
    func queuedBuffersAreGapless() throws {
        try withLoopback { rig in
            let source = try ALSource(context: rig.context)
            let blockFrames = 1_024
            let blocks = try (0..<6).map { index in
                let part = Array(tone[(index * blockFrames)..<((index + 1) * blockFrames)])
                return try rig.buffer(interleave(part, part), channelCount: 2)
            }
            try source.queue(Array(blocks[0..<3]))
            try source.play()
            var rendered: [Float] = []
            var next = 3
            while rendered.count < 6 * blockFrames {
                rendered += try rig.renderChannels(frames: 256).left
                let processed = try source.processedBufferCount()
                let freed = try source.unqueue(processed)
                #expect(freed.count == processed)
                if next < blocks.count, processed > 0 {
                    let refill = Array(blocks[next..<min(blocks.count, next + processed)])
                    try source.queue(refill)
                    next += refill.count
                }
            }
            #expect(Array(rendered[0..<(6 * blockFrames)]) == Array(tone[0..<(6 * blockFrames)]))
        }
    }

    @Test("the loopback renderer value renders the same mix as the device, and exists only while a loopback device is open")
    func loopbackRendererValue() throws {
        try withLoopback { rig in
            let source = try ALSource(context: rig.context)
            try source.setBuffer(try rig.buffer(interleave(tone, tone), channelCount: 2))
            try source.setLooping(true)
            try source.play()
            let renderer = try #require(rig.device.loopbackRenderer)
            // Alternate the two ways through one continuous mix: the result is one unbroken tone.
            var output: [Float] = []
            for block in 0..<20 {
                if block % 2 == 0 {
                    output += try rig.render(frames: 256)
                } else {
                    var part = [Float](repeating: .nan, count: 512)
                    part.withUnsafeMutableBufferPointer { renderer.render(into: $0, channels: .stereo) }
                    output += part
                }
            }
            #expect(Signal.channel(0, of: output, channelCount: 2) == Array(tone[0..<5_120]), "sample for sample")
            // An empty buffer is left alone, as with the device.
            renderer.render(into: UnsafeMutableBufferPointer<Float>(start: nil, count: 0), channels: .stereo)
        }
        OpenALProcess.setDrivers("null")
        try OpenALProcess.withExclusiveAccess {
            let loopback = try ALDevice.openLoopback()
            #expect(loopback.loopbackRenderer != nil)
            try loopback.close()
            #expect(loopback.loopbackRenderer == nil, "gone once the device is closed")
            let output = try ALDevice.openOutput()
            defer { try? output.close() }
            #expect(output.loopbackRenderer == nil, "an output device mixes on its own")
        }
    }

    @Test("the granted context attributes report the rate and source counts")
    func grantedAttributes() throws {
        try withLoopback(sampleRate: 44_100, attributes: .init(monoSources: 64, stereoSources: 8)) { rig in
            let granted = try rig.context.grantedAttributes()
            #expect(granted.frequency == 44_100)
            #expect(granted.stereoSources == 8)
            #expect((granted.monoSources ?? 0) >= 64)
        }
    }

    @Test("a 16-bit loopback context renders into Int16 samples")
    func int16Rendering() throws {
        OpenALProcess.setDrivers("null")
        try OpenALProcess.withExclusiveAccess {
            let device = try ALDevice.openLoopback()
            let format = ALRenderFormat(sampleRate: 48_000, channels: .stereo, sampleType: .int16)
            #expect(try device.supportsRenderFormat(format))
            let context = try ALContext(device: device, attributes: .init(renderFormat: format))
            defer { context.destroy(); try? device.close() }
            try context.makeCurrent()
            let buffer = try ALBuffer(context: context)
            let pcm = tone.map { Int16($0 * 32_767) }
            try pcm.withUnsafeBufferPointer { try buffer.upload($0, channelCount: 1, sampleRate: 48_000) }
            let source = try ALSource(context: context)
            try source.setBuffer(buffer)
            try source.setRelativeToListener(true)
            try source.setPosition(x: 1, y: 0, z: 0)
            try source.play()
            var output = [Int16](repeating: 0, count: 9_600)
            try output.withUnsafeMutableBufferPointer { try device.render(into: $0, channels: .stereo) }
            let right = Array(Signal.channel(1, of: output.map { Float($0) / 32_768 }, channelCount: 2)[2_400...])
            // 16-bit output passes through OpenAL Soft's output limiter, which trims the level
            // by about 5 % at this amplitude; the float path above is exact.
            #expect(abs(Signal.rms(right) - 0.3536) < 0.025)
            #expect(abs(Signal.dominantFrequency(right, sampleRate: 48_000) - 440) < 1)
            #expect(try buffer.sampleRate() == 48_000)
            #expect(try buffer.byteCount() == 96_000)
        }
    }
}

extension Double {
    var float: Float { Float(self) }
}
