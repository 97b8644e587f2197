// SPDX-License-Identifier: Zlib
import AudioAnalysis
import OpenAL

/// A loopback device and a current float-stereo context, for rendering what OpenAL mixes.
///
/// Tests share OpenAL's process-wide current context, so each runs inside
/// `OpenALProcess.withExclusiveAccess` (see ``withLoopback(sampleRate:attributes:_:)``).
final class LoopbackRig {
    let device: ALDevice
    let context: ALContext
    let sampleRate: Int

    init(sampleRate: Int, attributes: ALContextAttributes) throws {
        OpenALProcess.setDrivers("null")
        device = try ALDevice.openLoopback()
        var attributes = attributes
        attributes.renderFormat = ALRenderFormat(sampleRate: sampleRate, channels: .stereo, sampleType: .float32)
        context = try ALContext(device: device, attributes: attributes)
        self.sampleRate = sampleRate
        try context.makeCurrent()
    }

    /// Renders `frames` stereo frames and returns them interleaved.
    func render(frames: Int) throws -> [Float] {
        var output = [Float](repeating: .nan, count: frames * 2)
        try output.withUnsafeMutableBufferPointer { try device.render(into: $0, channels: .stereo) }
        return output
    }

    /// Renders and splits into left and right.
    func renderChannels(frames: Int) throws -> (left: [Float], right: [Float]) {
        let output = try render(frames: frames)
        return (Signal.channel(0, of: output, channelCount: 2), Signal.channel(1, of: output, channelCount: 2))
    }

    /// A buffer holding `samples` (interleaved) at the rig's rate.
    func buffer(_ samples: [Float], channelCount: Int) throws -> ALBuffer {
        let buffer = try ALBuffer(context: context)
        try samples.withUnsafeBufferPointer { try buffer.upload($0, channelCount: channelCount, sampleRate: sampleRate) }
        return buffer
    }

    func tearDown() {
        context.destroy()
        try? device.close()
    }
}

/// Runs `body` with a fresh loopback rig while holding OpenAL's process-wide lock.
func withLoopback<Result>(sampleRate: Int = 48_000, attributes: ALContextAttributes = .init(),
                          _ body: (LoopbackRig) throws -> Result) throws -> Result {
    try OpenALProcess.withExclusiveAccess {
        let rig = try LoopbackRig(sampleRate: sampleRate, attributes: attributes)
        defer { rig.tearDown() }
        return try body(rig)
    }
}

/// Interleaves two channels.
func interleave(_ left: [Float], _ right: [Float]) -> [Float] {
    zip(left, right).flatMap { [$0, $1] }
}
