// SPDX-License-Identifier: Zlib
import COpenAL

/// An OpenAL output device: a real sound card, OpenAL Soft's null output, or a loopback
/// device that renders into memory.
///
/// A device owns the buffers created in its contexts. It is not thread-safe: keep it, its
/// contexts and their objects with one owner (GameSound's engine does this for you).
/// The device closes when ``close()`` is called or when the last reference goes away.
public final class ALDevice {
    /// What kind of device this is.
    public enum Kind: Sendable, Hashable {
        /// A device that plays through the system (or OpenAL Soft's null backend) in real time.
        case output
        /// A device that renders only when asked, into memory (`ALC_SOFT_loopback`).
        case loopback
    }

    let handle: OpaquePointer
    /// Output or loopback.
    public let kind: Kind
    /// The device's name as OpenAL reports it.
    public let name: String
    // Unchecked exclusivity: read at every rendered block, and the dynamic check cost more than
    // the read; like every OpenAL object, a device is used under one owner's lock.
    /// Whether ``close()`` has run.
    @exclusivity(unchecked) public private(set) var isClosed = false
    /// How many buffers created through these wrappers are alive on this device (a leak check:
    /// it falls when a buffer is deleted and drops to 0 when the device closes).
    public internal(set) var liveBufferCount = 0
    /// How many effects (``ALEffect``) created through these wrappers are alive on this device (a
    /// leak check, like ``liveBufferCount``).
    public internal(set) var liveEffectCount = 0
    /// How many filters (``ALFilter``) created through these wrappers are alive on this device (a
    /// leak check, like ``liveBufferCount``).
    public internal(set) var liveFilterCount = 0
    /// The attributes the device's mixer was last set up with: those of the latest context
    /// created on it, or of the latest ``reset(hrtf:id:)``. A reset passes them again, so a
    /// loopback device keeps its render format.
    var appliedAttributes: ALContextAttributes?
    /// Whether the device has `ALC_EXT_disconnect`, asked once: a real-time runtime reads
    /// ``isConnected`` at every update, and a device's extensions do not change.
    private lazy var reportsDisconnection = hasExtension("ALC_EXT_disconnect")
    /// Whether the device has `ALC_EXT_EFX`, asked once (see ``supportsEffects``).
    lazy var hasEffectsExtension = hasExtension("ALC_EXT_EFX")

    /// `alcRenderSamplesSOFT`, looked up when a loopback device or a server output opens (nil for
    /// OpenAL Soft's own outputs): a render then calls it directly, at every block.
    let renderFunction: UnsafeMutableRawPointer?
    /// The server's side of an output mixed by GameSound itself (``openServerOutput(buffering:)``);
    /// nil for OpenAL Soft's own outputs and for loopback devices.
    let server: ServerOutput?

    /// The device's name as OpenAL Soft opened it: `ALC_ALL_DEVICES_SPECIFIER` asked of the device
    /// ("No Output" for its null device). OpenAL Soft 1.19.1 answers `ALC_DEVICE_SPECIFIER` with
    /// "OpenAL Soft" for every device, which is what ``name`` holds there.
    public var openedName: String? { isClosed ? nil : ALCall.string(handle, ALC_ALL_DEVICES_SPECIFIER) }

    private init(handle: OpaquePointer, kind: Kind, server: ServerOutput? = nil) {
        self.handle = handle
        self.kind = kind
        self.server = server
        self.renderFunction = kind == .loopback || server != nil ? try? Extensions.shared.function(.renderSamples) : nil
        self.name = server != nil ? Self.serverOutputName
            : ALCall.string(handle, ALC_DEVICE_SPECIFIER) ?? (kind == .loopback ? "loopback" : "unknown")
    }

    deinit {
        server?.stop()
        if !isClosed { OpenALProcess.withExclusiveAccess { _ = ALCall.closeDevice(handle) } }
    }

    /// The name of the system's default output device, or nil when there is none.
    ///
    /// The corresponding C call is `alcGetString(NULL, ALC_DEFAULT_ALL_DEVICES_SPECIFIER)`.
    public static var defaultOutputName: String? {
        ALCall.string(nil, enumerateAll ? ALC_DEFAULT_ALL_DEVICES_SPECIFIER : ALC_DEFAULT_DEVICE_SPECIFIER)
    }

    /// The names of every output device OpenAL can open, for a settings menu.
    ///
    /// The corresponding C call is `alcGetString(NULL, ALC_ALL_DEVICES_SPECIFIER)`.
    public static var outputNames: [String] {
        ALCall.stringList(nil, enumerateAll ? ALC_ALL_DEVICES_SPECIFIER : ALC_DEVICE_SPECIFIER)
    }

    private static var enumerateAll: Bool { ALCall.isExtensionPresent(nil, "ALC_ENUMERATE_ALL_EXT") }

    /// Opens an output device that plays in real time.
    ///
    /// - Parameter name: A name from ``outputNames``, or nil for the default device.
    /// - Returns: The open device.
    /// - Throws: ``OpenALError`` with code `deviceUnavailable` when no device opens (for example
    ///   on a machine with no sound card; set `ALSOFT_DRIVERS=null` before the first OpenAL call
    ///   for OpenAL Soft's silent null device).
    ///
    /// The corresponding C function is `alcOpenDevice`.
    public static func openOutput(named name: String? = nil) throws(OpenALError) -> ALDevice {
        let handle = ALCall.openDevice(named: name)
        OpenALProcess.configurationRead()
        guard let handle else {
            throw OpenALError.raised(operation: "alcOpenDevice", code: .deviceUnavailable(name: name))
        }
        return ALDevice(handle: handle, kind: .output)
    }

    /// The ``name`` of an output opened with ``openServerOutput(buffering:)``.
    public static let serverOutputName = "GameSound's server output"

    /// Opens an output that plays through the sound server (PulseAudio, or PipeWire's pulse server)
    /// with GameSound mixing it: OpenAL Soft's loopback device, mixed on libpulse's main loop thread
    /// as the server asks, `buffering.periodFrames` at a time, `buffering.periods` of them towards the
    /// server (ServerOutput.swift says why). It behaves as an output device: it plays in real time,
    /// pauses, reports its clock and its connection, and its context is made as any output's (its
    /// render format is the device's own: 32-bit float stereo at `buffering.sampleRate`). The server's
    /// stream opens with the first context.
    ///
    /// - Throws: ``OpenALError`` with code `deviceUnavailable` naming the reason when libpulse cannot
    ///   be loaded or no server answers, ``serverOutputTimedOut`` when a server accepts the connection
    ///   and does not answer within 2 s; `extensionMissing("ALC_SOFT_loopback")` without loopback support.
    public static func openServerOutput(buffering: OpenALProcess.OutputBuffering) throws(OpenALError) -> ALDevice {
        let server: ServerOutput
        do {
            server = try ServerOutput(buffering: buffering)
        } catch {
            throw OpenALError.raised(operation: "openServerOutput", code: serverOutputCode(error))
        }
        let handle: OpaquePointer
        do {
            handle = try ALCall.loopbackOpenDevice()
        } catch {
            server.stop()
            throw error
        }
        return ALDevice(handle: handle, kind: .output, server: server)
    }

    /// What ``openServerOutput(buffering:)`` (or the first context on its device) throws when the
    /// server accepted the connection but did not answer within 2 s: it hangs, and any other client
    /// that waits for it (OpenAL Soft's own PulseAudio backend included) would hang with it.
    public static let serverOutputTimedOut = OpenALError.Code.deviceUnavailable(name: "the sound server: no answer within 2 s")

    /// The error code for a failure of the server output: ``serverOutputTimedOut``, or the reason.
    static func serverOutputCode(_ failure: ServerOutputFailure) -> OpenALError.Code {
        failure.timedOut ? serverOutputTimedOut : .deviceUnavailable(name: "the sound server: \(failure.reason)")
    }

    /// Runs `body` while no mix of a server output runs (directly for every other device).
    func withMixingHeld<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        guard let server else { return try body() }
        return try server.withMixingHeld(body)
    }

    /// Whether this is an output opened with ``openServerOutput(buffering:)``.
    public var isServerOutput: Bool { server != nil }

    /// The format a server output's contexts render in.
    var serverRenderFormat: ALRenderFormat? {
        server.map { ALRenderFormat(sampleRate: $0.buffering.sampleRate, channels: .stereo, sampleType: .float32) }
    }

    /// Opens a loopback device: nothing is heard, and ``render(into:channels:)`` produces the mix on demand.
    ///
    /// Create its context with ``ALContextAttributes/renderFormat`` set.
    ///
    /// - Throws: ``OpenALError`` with `extensionMissing("ALC_SOFT_loopback")` when OpenAL has no
    ///   loopback support.
    ///
    /// The corresponding C function is `alcLoopbackOpenDeviceSOFT`.
    public static func openLoopback() throws(OpenALError) -> ALDevice {
        ALDevice(handle: try ALCall.loopbackOpenDevice(), kind: .loopback)
    }

    /// Whether a loopback device can render `format`.
    ///
    /// The corresponding C function is `alcIsRenderFormatSupportedSOFT`.
    public func supportsRenderFormat(_ format: ALRenderFormat) throws(OpenALError) -> Bool {
        try checkOpen("alcIsRenderFormatSupportedSOFT")
        return try ALCall.isRenderFormatSupported(handle, frequency: Int32(format.sampleRate),
                                                  channels: format.channels.alcValue,
                                                  type: format.sampleType.alcValue)
    }

    /// Renders the next frames of the mix into `buffer` (loopback devices only).
    ///
    /// The buffer's element type must match the context's ``ALRenderFormat/sampleType``, and its
    /// count must be a whole number of frames; `buffer.count / channels` frames are rendered.
    /// Rendering needs no current context.
    ///
    /// The corresponding C function is `alcRenderSamplesSOFT`.
    public func render<Sample: BitwiseCopyable>(into buffer: UnsafeMutableBufferPointer<Sample>,
                                                channels: ALRenderFormat.Channels) throws(OpenALError) {
        try checkOpen("alcRenderSamplesSOFT")
        guard let renderer = loopbackRenderer else {
            throw OpenALError.raised(operation: "alcRenderSamplesSOFT", code: .invalidDevice)
        }
        renderer.render(into: buffer, channels: channels)
    }

    /// Stops the device's output: it produces no sound and its sources stop advancing until
    /// ``resume()``. Output devices only; a loopback device is silenced by not rendering it.
    ///
    /// The corresponding C function is `alcDevicePauseSOFT`.
    public func pause() throws(OpenALError) {
        try checkOpen("alcDevicePauseSOFT")
        if let server { return server.setPaused(true) }
        try ALCall.pauseDevice(handle)
    }

    /// Restarts a device stopped with ``pause()``; sources continue where they were.
    ///
    /// The corresponding C function is `alcDeviceResumeSOFT`.
    public func resume() throws(OpenALError) {
        try checkOpen("alcDeviceResumeSOFT")
        if let server { return server.setPaused(false) }
        try ALCall.resumeDevice(handle)
    }

    /// The device's clock in nanoseconds (`ALC_DEVICE_CLOCK_SOFT`, extension `ALC_SOFT_device_clock`):
    /// the time of the samples its mixer has produced. It stands still while the device is paused.
    public func clock() throws(OpenALError) -> Int64 {
        try checkOpen("alcGetInteger64vSOFT")
        return try ALCall.deviceClock(handle)
    }

    /// The rate the device mixes at and the frames it mixes at a time, as OpenAL Soft reports them
    /// (`ALC_FREQUENCY`, `ALC_REFRESH`). Read it after a context is created: that is when OpenAL
    /// Soft sets the device up with the server, which may change both. ``OutputTiming/periodFrames``
    /// is worked back from the refresh rate (OpenAL Soft reports `frequency / period` rounded
    /// down), so it is exact only to within that rounding: `expected` is taken when the refresh
    /// rate matches it.
    ///
    /// - Parameter expected: The period asked for, if any.
    public func outputTiming(expectedPeriod expected: Int? = nil) throws(OpenALError) -> OutputTiming {
        try checkOpen("alcGetIntegerv")
        if let server {
            return OutputTiming(sampleRate: server.buffering.sampleRate, periodFrames: server.granted?.periodFrames ?? 0)
        }
        let frequency = Int(try ALCall.integers(handle, ALC_FREQUENCY, count: 1)[0])
        let refresh = Int(try ALCall.integers(handle, ALC_REFRESH, count: 1)[0])
        guard frequency > 0, refresh > 0 else { return OutputTiming(sampleRate: frequency, periodFrames: 0) }
        if let expected, expected > 0, frequency / expected == refresh {
            return OutputTiming(sampleRate: frequency, periodFrames: expected)
        }
        // The period p with frequency / p == refresh nearest to the middle of that range.
        let low = frequency / (refresh + 1) + 1, high = frequency / refresh
        return OutputTiming(sampleRate: frequency, periodFrames: (low + high) / 2)
    }

    /// A device's mixing rate and period (``outputTiming(expectedPeriod:)``).
    public struct OutputTiming: Sendable, Hashable {
        /// The mixing rate in hertz.
        public var sampleRate: Int
        /// Frames mixed at a time (one period, OpenAL Soft's update size); 0 when unknown.
        public var periodFrames: Int
        /// One period in seconds; 0 when unknown.
        public var periodDuration: Double { sampleRate > 0 ? Double(periodFrames) / Double(sampleRate) : 0 }
    }

    /// Whether the device is still connected (false after a USB headset is pulled, say).
    ///
    /// Devices without `ALC_EXT_disconnect` always report true. The corresponding C call is
    /// `alcGetIntegerv(device, ALC_CONNECTED, ...)`.
    public var isConnected: Bool {
        if let server { return !isClosed && server.isConnected }
        guard !isClosed, reportsDisconnection else { return !isClosed }
        return (try? ALCall.integers(handle, ALC_CONNECTED, count: 1).first) != 0
    }

    /// Calls `handler` once, on another thread, when the device is found disconnected, where the
    /// device can tell by itself: GameSound's own server output (its server or its stream gone).
    /// It must return at once (signal a thread, say). OpenAL Soft's devices cannot tell (OpenAL
    /// Soft 1.19.1 has no stable event for it): ask ``isConnected`` now and then.
    ///
    /// - Returns: Whether the device will call it; false for OpenAL Soft's devices.
    @discardableResult
    public func whenDisconnected(_ handler: @escaping @Sendable () -> Void) -> Bool {
        guard let server else { return false }
        server.whenLost(handler)
        return true
    }

    /// Whether the device supports the named ALC extension, for example `"ALC_SOFT_pause_device"`.
    ///
    /// The corresponding C function is `alcIsExtensionPresent`.
    public func hasExtension(_ name: String) -> Bool {
        !isClosed && ALCall.isExtensionPresent(handle, name)
    }

    /// Closes the device. Destroy its contexts first; closing twice does nothing.
    ///
    /// - Throws: ``OpenALError`` with `invalidDevice` if OpenAL refuses (a context still exists).
    ///
    /// The corresponding C function is `alcCloseDevice`.
    public func close() throws(OpenALError) {
        guard !isClosed else { return }
        // No mix may run on a closed device: the server's side stops first (a device whose context
        // is still there is refused below, and then mixes silence).
        server?.stop()
        guard ALCall.closeDevice(handle) else {
            throw OpenALError.raised(operation: "alcCloseDevice", code: .invalidDevice)
        }
        isClosed = true
        liveBufferCount = 0
        liveEffectCount = 0
        liveFilterCount = 0
    }

    func checkOpen(_ operation: StaticString) throws(OpenALError) {
        if isClosed { throw OpenALError.raised(operation: "\(operation)", code: .deleted) }
    }
}
