// SPDX-License-Identifier: Zlib
/// A loopback device's mixer as a plain value: what ``ALDevice/render(into:channels:)`` calls,
/// for a caller that renders at every block and wants nothing else on the way.
///
/// It holds the device's raw handle and the address of `alcRenderSamplesSOFT`, with no reference
/// to the ``ALDevice``: copying it costs nothing and calling it counts no references. In return,
/// it is only valid while its device is open. Take it from ``ALDevice/loopbackRenderer`` next to
/// where you keep the device, and drop it before (or as) you close the device: rendering through
/// it afterwards hands OpenAL Soft a freed device.
public struct ALLoopbackRenderer {
    let function: UnsafeMutableRawPointer
    let handle: OpaquePointer

    /// Renders the next frames of the mix into `buffer`, exactly as
    /// ``ALDevice/render(into:channels:)`` does, without its checks that the device is open and
    /// is a loopback device (true when this value was made).
    ///
    /// The corresponding C function is `alcRenderSamplesSOFT`.
    public func render<Sample: BitwiseCopyable>(into buffer: UnsafeMutableBufferPointer<Sample>,
                                                channels: ALRenderFormat.Channels) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        ALCall.renderSamples(function, handle, into: UnsafeMutableRawPointer(base), frames: Int32(buffer.count / channels.count))
    }
}

extension ALDevice {
    /// The device's mixer as a plain value (see ``ALLoopbackRenderer``), or nil for an output
    /// device or a closed one.
    public var loopbackRenderer: ALLoopbackRenderer? {
        guard !isClosed, kind == .loopback, let renderFunction else { return nil }
        return ALLoopbackRenderer(function: renderFunction, handle: handle)
    }
}
