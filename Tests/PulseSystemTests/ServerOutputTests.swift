// SPDX-License-Identifier: Zlib
import AudioAnalysis
import Foundation
import OpenAL
import Testing

/// GameSound's own server output at the OpenAL level (`ALDevice.openServerOutput`), on the real
/// server: what the runtime relies on it for, heard on the monitor. Tests of the same serialized
/// suite, so they never overlap the others' use of the server.
extension PulseSystemTests {
    static let serverBuffering = OpenALProcess.OutputBuffering(sampleRate: 48_000, periodFrames: 512, periods: 3)

    /// A looping 440 Hz source playing on `context`.
    private func playTone(on context: ALContext) throws -> ALSource {
        try context.makeCurrent()
        let buffer = try ALBuffer(context: context)
        let tone = Signal.sine(frequency: 440, amplitude: 0.5, frameCount: 48_000, sampleRate: 48_000)
        try tone.withUnsafeBufferPointer { try buffer.upload($0, channelCount: 1, sampleRate: 48_000) }
        let source = try ALSource(context: context)
        try source.setBuffer(buffer)
        try source.setLooping(true)
        try source.play()
        return source
    }

    @Test("the server output plays in real time and is heard; a pause corks it: the source stands still and the monitor goes quiet; a resume goes on; it reports the period the server granted")
    func serverOutputPlaysAndPauses() throws {
        try OpenALProcess.withExclusiveAccess {
            let device = try ALDevice.openServerOutput(buffering: Self.serverBuffering)
            #expect(device.kind == .output && device.isServerOutput && device.isConnected)
            let context = try ALContext(device: device, attributes: .init(frequency: 48_000))
            defer { context.destroy(); try? device.close() }
            let timing = try device.outputTiming()
            #expect(timing.sampleRate == 48_000)
            // PulseAudio grants the 512 frames asked; PipeWire's pulse server may raise a smaller request, not this one.
            #expect(timing.periodFrames == 512, "granted \(timing.periodFrames) frames")
            let source = try playTone(on: context)
            #expect(try MonitorRecording.heard(folder: folder), "the tone should be heard on the monitor")
            let clockBefore = try device.clock()
            Thread.sleep(forTimeInterval: 0.1)
            #expect(try device.clock() > clockBefore, "the device's clock moves while it mixes")
            #expect(try source.offset() > 0)

            try device.pause()
            let atPause = try source.offset()
            let clockAtPause = try device.clock()
            let paused = try MonitorRecording.record(seconds: 1, folder: folder)
            #expect(try source.offset() == atPause, "a corked output mixes nothing")
            #expect(try device.clock() == clockAtPause, "its clock stands still, as a paused device's")
            #expect(MonitorRecording.tailRMS(paused) < 0.01, "silent while paused: \(MonitorRecording.tailRMS(paused))")

            try device.resume()
            #expect(try MonitorRecording.heard(folder: folder), "heard again after the resume")
            #expect(try source.offset() != atPause)
        }
    }

    @Test("reconfiguring the server output while it mixes: HRTF reset, the context destroyed and made again, many times; it still plays, and closes cleanly")
    func serverOutputReconfiguredWhileMixing() throws {
        try OpenALProcess.withExclusiveAccess {
            let device = try ALDevice.openServerOutput(buffering: Self.serverBuffering)
            defer { try? device.close() }
            var context = try ALContext(device: device, attributes: .init(frequency: 48_000))
            _ = try playTone(on: context)
            for round in 0..<40 {
                if device.supportsHRTF { try device.reset(hrtf: round.isMultiple(of: 2) ? .on : .off) }
                if round.isMultiple(of: 4) {
                    // The legacy interruption strategy: the context goes, a new one is made on the same device.
                    context.destroy()
                    Thread.sleep(forTimeInterval: 0.01)  // mixing a device with no context: silence
                    context = try ALContext(device: device, attributes: .init(frequency: 48_000))
                    _ = try playTone(on: context)
                }
                Thread.sleep(forTimeInterval: 0.005)
            }
            #expect(device.isConnected)
            #expect(try MonitorRecording.heard(folder: folder), "the last context's tone should be heard")
            context.destroy()
            try device.close()
            #expect(device.isClosed)
        }
    }

    @Test("no server answering: openServerOutput fails at once with deviceUnavailable naming libpulse's reason")
    func serverOutputWithoutServer() throws {
        let previous = ProcessInfo.processInfo.environment["PULSE_SERVER"]
        setenv("PULSE_SERVER", "unix:\(folder)/no-server-here", 1)
        defer { if let previous { setenv("PULSE_SERVER", previous, 1) } else { unsetenv("PULSE_SERVER") } }
        let started = Date()
        #expect {
            _ = try ALDevice.openServerOutput(buffering: Self.serverBuffering)
        } throws: { error in
            guard case .deviceUnavailable(let name?) = (error as? OpenALError)?.code else { return false }
            return name.hasPrefix("the sound server: ") && name.count > "the sound server: ".count
        }
        #expect(Date().timeIntervalSince(started) < 2)
    }

    @Test("a server that accepts and then hangs (stopped): openServerOutput gives up after 2 s with serverOutputTimedOut, and opens once it continues")
    func serverOutputWithHungServer() throws {
        let stopped = try PulseTestEnvironment.stopServer()
        var continued = false
        defer { if !continued { PulseTestEnvironment.continueServer(stopped) } }
        let started = Date()
        #expect {
            _ = try ALDevice.openServerOutput(buffering: Self.serverBuffering)
        } throws: { error in
            (error as? OpenALError)?.code == ALDevice.serverOutputTimedOut
        }
        let took = Date().timeIntervalSince(started)
        #expect(took >= 1.9 && took < 3.5, "gave up after \(took) s")
        PulseTestEnvironment.continueServer(stopped)
        continued = true
        try OpenALProcess.withExclusiveAccess {
            let device = try ALDevice.openServerOutput(buffering: Self.serverBuffering)
            let context = try ALContext(device: device, attributes: .init(frequency: 48_000))
            #expect(device.isConnected)
            context.destroy()
            try device.close()
        }
    }
}
