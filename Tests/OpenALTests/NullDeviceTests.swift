// SPDX-License-Identifier: Zlib
import AudioAnalysis
import Foundation
import OpenAL
import Testing

/// A real-time device: OpenAL Soft's null backend, which mixes on its own thread and outputs nothing.
@Suite("Real-time output device (null backend)")
struct NullDeviceTests {
    @Test("pausing the device freezes source offsets; resuming continues them")
    func pauseFreezesOffsets() throws {
        try OpenALProcess.withExclusiveAccess {
            OpenALProcess.setDrivers("null")
            let device = try ALDevice.openOutput()
            #expect(device.kind == .output)
            #expect(device.isConnected)
            #expect(device.hasExtension("ALC_SOFT_pause_device"))
            let context = try ALContext(device: device, attributes: .init(frequency: 48_000))
            defer { context.destroy(); try? device.close() }
            try context.makeCurrent()
            let buffer = try ALBuffer(context: context)
            let tone = Signal.sine(frequency: 440, frameCount: 48_000, sampleRate: 48_000)
            try tone.withUnsafeBufferPointer { try buffer.upload($0, channelCount: 1, sampleRate: 48_000) }
            let source = try ALSource(context: context)
            try source.setBuffer(buffer)
            try source.setLooping(true)
            try source.play()
            Thread.sleep(forTimeInterval: 0.15)
            let running = try source.offset()
            #expect(running > 0)
            try device.pause()
            let atPause = try source.offset()
            Thread.sleep(forTimeInterval: 0.15)
            #expect(try source.offset() == atPause)
            #expect(try source.state() == .playing)
            try device.resume()
            Thread.sleep(forTimeInterval: 0.15)
            #expect(try source.offset() > atPause)
        }
    }

    @Test("a real-time device reports the HRTF it mixes with: on when asked at 48 kHz, off when switched off")
    func hrtfIsReadFromTheDevice() throws {
        OpenALProcess.setDrivers("null")
        try OpenALProcess.withExclusiveAccess {
            let device = try ALDevice.openOutput()
            let context = try ALContext(device: device, attributes: .init(frequency: 48_000, hrtf: .on))
            defer { context.destroy(); try? device.close() }
            #expect(try device.isHRTFEnabled() == device.hrtfStatus().isActive)
            #expect(try device.isHRTFEnabled())
            try device.reset(hrtf: .off)
            #expect(try !device.isHRTFEnabled())
            #expect(try device.hrtfStatus() == .disabled)
        }
    }

    @Test("a loopback device cannot be paused: it refuses, and is silenced by not rendering")
    func loopbackDoesNotPause() throws {
        OpenALProcess.setDrivers("null")
        try OpenALProcess.withExclusiveAccess {
            let device = try ALDevice.openLoopback()
            #expect(throws: OpenALError.self) { try device.pause() }
        }
    }
}
