// SPDX-License-Identifier: Zlib
import COpenAL

/// What the device offers for effects (`ALC_EXT_EFX`): reverb, filters, effect sends.
extension ALDevice {
    /// Whether the device supports effects: ``ALEffect``, ``ALAuxiliarySlot`` and ``ALFilter``
    /// (`ALC_EXT_EFX`). OpenAL Soft always does.
    ///
    /// The corresponding C call is `alcIsExtensionPresent(device, "ALC_EXT_EFX")`, asked once.
    public var supportsEffects: Bool { !isClosed && hasEffectsExtension }

    /// How many effect sends each source has: the highest `send` index
    /// ``ALSource/setAuxiliarySend(_:send:filter:)`` accepts, plus one. OpenAL Soft gives 2
    /// unless a context asked for more with ``ALContextAttributes/maxAuxiliarySends``.
    ///
    /// - Throws: ``OpenALError`` with `extensionMissing("ALC_EXT_EFX")` without the extension.
    ///
    /// The corresponding C call is `alcGetIntegerv(device, ALC_MAX_AUXILIARY_SENDS, ...)`.
    public func maxAuxiliarySends() throws(OpenALError) -> Int {
        try checkOpen("alcGetIntegerv")
        guard hasEffectsExtension else {
            throw OpenALError.raised(operation: "alcGetIntegerv", code: .extensionMissing("ALC_EXT_EFX"))
        }
        return Int(try ALCall.integers(handle, ALC_MAX_AUXILIARY_SENDS, count: 1).first ?? 0)
    }
}
