// SPDX-License-Identifier: Zlib
import COpenAL

/// HRTF, OpenAL Soft's headphone 3-D rendering (`ALC_SOFT_HRTF`).
extension ALDevice {
    /// Whether the device can render with HRTF (`ALC_SOFT_HRTF`). OpenAL Soft always can.
    ///
    /// The corresponding C call is `alcIsExtensionPresent(device, "ALC_SOFT_HRTF")`.
    public var supportsHRTF: Bool { hasExtension("ALC_SOFT_HRTF") }

    /// The names of the HRTF sets this device can use, for a settings menu; pass an index into
    /// this list as `id` to ``reset(hrtf:id:)``.
    ///
    /// A set is recorded at one sampling rate. OpenAL Soft 1.19.1 lists every set it found, at
    /// any rate (on Debian with `libopenal-data`: `default-44100`, `default-48000`,
    /// `Built-In 44100hz`, `Built-In 48000hz`), but renders only with a set at the device's
    /// mixing rate.
    ///
    /// - Throws: ``OpenALError`` with `extensionMissing("ALC_SOFT_HRTF")` without the extension.
    ///
    /// The corresponding C calls are `alcGetIntegerv(device, ALC_NUM_HRTF_SPECIFIERS_SOFT, ...)`
    /// and `alcGetStringiSOFT(device, ALC_HRTF_SPECIFIER_SOFT, index)`.
    public func hrtfNames() throws(OpenALError) -> [String] {
        try requireHRTF("alcGetStringiSOFT")
        let count = try hrtfCount()
        var names: [String] = []
        for index in 0..<count {
            names.append(try ALCall.indexedString(handle, ALC_HRTF_SPECIFIER_SOFT, index: index) ?? "")
        }
        return names
    }

    /// Whether the device renders with HRTF now, and why.
    ///
    /// - Throws: ``OpenALError`` with `extensionMissing("ALC_SOFT_HRTF")` without the extension.
    ///
    /// The corresponding C call is `alcGetIntegerv(device, ALC_HRTF_STATUS_SOFT, ...)`.
    public func hrtfStatus() throws(OpenALError) -> HRTFStatus {
        try requireHRTF("alcGetIntegerv")
        let raw = try ALCall.integers(handle, ALC_HRTF_STATUS_SOFT, count: 1).first ?? 0
        guard let status = HRTFStatus(alcValue: raw) else {
            throw OpenALError.raised(operation: "alcGetIntegerv", code: .other(raw))
        }
        return status
    }

    /// Whether the device mixes with HRTF now, as the device reports it: what OpenAL Soft granted,
    /// not what was asked (``hrtfStatus()`` says why).
    ///
    /// - Throws: ``OpenALError`` with `extensionMissing("ALC_SOFT_HRTF")` without the extension.
    ///
    /// The corresponding C call is `alcGetIntegerv(device, ALC_HRTF_SOFT, ...)`.
    public func isHRTFEnabled() throws(OpenALError) -> Bool {
        try requireHRTF("alcGetIntegerv")
        return try ALCall.integers(handle, ALC_HRTF_SOFT, count: 1).first == ALC_TRUE
    }

    /// The name of the HRTF set in use, or nil when the device renders without HRTF.
    ///
    /// - Throws: ``OpenALError`` with `extensionMissing("ALC_SOFT_HRTF")` without the extension.
    ///
    /// The corresponding C call is `alcGetString(device, ALC_HRTF_SPECIFIER_SOFT)`.
    public func hrtfInUse() throws(OpenALError) -> String? {
        try requireHRTF("alcGetString")
        let name = try ALCall.checkedString(handle, ALC_HRTF_SPECIFIER_SOFT)
        return name?.isEmpty == false ? name : nil
    }

    /// Turns HRTF on or off while the game runs, for a "headphones" option in a settings menu.
    ///
    /// The device's mixer is set up again with the attributes of its latest context (or latest
    /// reset) and the new HRTF choice; its contexts, sources, buffers and effects are kept, and
    /// playing sources continue from the same sample. A loopback device keeps its render format.
    /// A context created on the device afterwards applies its own attributes again (and with
    /// them, its own HRTF choice).
    ///
    /// - Parameters:
    ///   - hrtf: ``HRTFMode/on``, ``HRTFMode/off`` or ``HRTFMode/auto``.
    ///   - id: An index into ``hrtfNames()``, or nil for OpenAL's choice. OpenAL Soft 1.19.1
    ///     quietly uses its first set at the mixing rate instead when this one is recorded at
    ///     another rate; read ``hrtfInUse()`` to see what it chose.
    /// - Throws: ``OpenALError`` with `extensionMissing("ALC_SOFT_HRTF")` without the extension,
    ///   `invalidValue` for an `id` outside ``hrtfNames()`` (checked here: OpenAL Soft would ignore
    ///   it), `unsupportedRenderFormat` for a loopback device that has no context yet (it has no
    ///   render format to keep), or what OpenAL reports.
    ///
    /// HRTF asked for is not HRTF granted: read ``hrtfStatus()`` afterwards (a mono device, for
    /// example, reports ``HRTFStatus/unsupportedFormat``).
    ///
    /// The corresponding C function is `alcResetDeviceSOFT`.
    public func reset(hrtf: HRTFMode, id: Int? = nil) throws(OpenALError) {
        try requireHRTF("alcResetDeviceSOFT")
        var attributes = appliedAttributes ?? .init()
        if kind == .loopback, attributes.renderFormat == nil {
            throw OpenALError.raised(operation: "alcResetDeviceSOFT", code: .unsupportedRenderFormat)
        }
        if let id, !(0..<(try hrtfCount())).contains(id) {
            throw OpenALError.raised(operation: "alcResetDeviceSOFT", code: .invalidValue)
        }
        attributes.hrtf = hrtf
        attributes.hrtfID = id
        let list = attributes.alcList
        try withMixingHeld { () throws(OpenALError) in try ALCall.resetDevice(handle, attributes: list) }
        appliedAttributes = attributes
    }

    private func hrtfCount() throws(OpenALError) -> Int {
        Int(try ALCall.integers(handle, ALC_NUM_HRTF_SPECIFIERS_SOFT, count: 1).first ?? 0)
    }

    private func requireHRTF(_ operation: StaticString) throws(OpenALError) {
        try checkOpen(operation)
        guard supportsHRTF else {
            throw OpenALError.raised(operation: "\(operation)", code: .extensionMissing("ALC_SOFT_HRTF"))
        }
    }
}
