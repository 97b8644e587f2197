// SPDX-License-Identifier: Zlib
/// OpenAL Soft's extension entry points, looked up once per process.
///
/// The pointers are process-wide in OpenAL Soft (the same for every device and context). The
/// `alc*` functions are resolved with `alcGetProcAddress` against no device, the first time a
/// wrapper needs one of them. The `al*` functions of `ALC_EXT_EFX` are resolved with
/// `alGetProcAddress`, the first time an effect, slot or filter is made: the wrappers have
/// checked that a context is current by then, as the OpenAL specification asks.
struct Extensions: Sendable {
    /// An extension function the wrappers call through the shim. The raw value indexes the
    /// address tables, so a lookup on the render path costs an array read (a dictionary keyed by
    /// the C name hashed a string at every block).
    enum Function: Int, CaseIterable, Sendable {
        case loopbackOpenDevice, isRenderFormatSupported, renderSamples, devicePause, deviceResume, getStringi, resetDevice
        case getInteger64v
        case setThreadContext, getThreadContext
        case genEffects, deleteEffects, effecti, effectf, effectfv
        case genAuxiliaryEffectSlots, deleteAuxiliaryEffectSlots, auxiliaryEffectSloti, auxiliaryEffectSlotf
        case genFilters, deleteFilters, filteri, filterf
        case sourced

        /// The C name, as `alcGetProcAddress` and `alGetProcAddress` know it.
        var symbol: String {
            switch self {
            case .loopbackOpenDevice: "alcLoopbackOpenDeviceSOFT"
            case .isRenderFormatSupported: "alcIsRenderFormatSupportedSOFT"
            case .renderSamples: "alcRenderSamplesSOFT"
            case .devicePause: "alcDevicePauseSOFT"
            case .deviceResume: "alcDeviceResumeSOFT"
            case .getStringi: "alcGetStringiSOFT"
            case .resetDevice: "alcResetDeviceSOFT"
            case .getInteger64v: "alcGetInteger64vSOFT"
            case .setThreadContext: "alcSetThreadContext"
            case .getThreadContext: "alcGetThreadContext"
            case .genEffects: "alGenEffects"
            case .deleteEffects: "alDeleteEffects"
            case .effecti: "alEffecti"
            case .effectf: "alEffectf"
            case .effectfv: "alEffectfv"
            case .genAuxiliaryEffectSlots: "alGenAuxiliaryEffectSlots"
            case .deleteAuxiliaryEffectSlots: "alDeleteAuxiliaryEffectSlots"
            case .auxiliaryEffectSloti: "alAuxiliaryEffectSloti"
            case .auxiliaryEffectSlotf: "alAuxiliaryEffectSlotf"
            case .genFilters: "alGenFilters"
            case .deleteFilters: "alDeleteFilters"
            case .filteri: "alFilteri"
            case .filterf: "alFilterf"
            case .sourced: "alSourcedSOFT"
            }
        }

        /// The extension that brings it, named in the error when it is missing.
        var extensionName: String {
            switch self {
            case .loopbackOpenDevice, .isRenderFormatSupported, .renderSamples: "ALC_SOFT_loopback"
            case .devicePause, .deviceResume: "ALC_SOFT_pause_device"
            case .getStringi, .resetDevice: "ALC_SOFT_HRTF"
            case .sourced: "AL_SOFT_source_latency"
            case .getInteger64v: "ALC_SOFT_device_clock"
            case .setThreadContext, .getThreadContext: "ALC_EXT_thread_local_context"
            default: "ALC_EXT_EFX"
            }
        }

        /// Whether this is an `al*` function, looked up with `alGetProcAddress`: the `alc*` cases
        /// come first, the `ALC_EXT_EFX` ones and `alSourcedSOFT` from ``genEffects`` on.
        var isContextFunction: Bool { self.rawValue >= Function.genEffects.rawValue }
    }

    /// A function pointer from `alcGetProcAddress` or `alGetProcAddress`. It never changes once
    /// loaded, so sharing it across threads is safe.
    private struct Address: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer?
    }

    /// Indexed by ``Function/rawValue``; nil for a function of the other kind or one OpenAL lacks.
    private let addresses: [Address]

    /// The `alc*` functions.
    static let shared = Extensions(contextFunctions: false)
    /// The `al*` functions, loaded on first use (always with a context current).
    private static let contextFunctions = Extensions(contextFunctions: true)

    private init(contextFunctions: Bool) {
        OpenALProcess.markStarted()
        self.addresses = Function.allCases.map { function in
            guard function.isContextFunction == contextFunctions else { return Address(pointer: nil) }
            return Address(pointer: contextFunctions ? ALCall.contextProcAddress(function.symbol)
                                                     : ALCall.deviceProcAddress(function.symbol))
        }
    }

    /// The function's address, or an `extensionMissing` error naming its extension.
    func function(_ function: Function) throws(OpenALError) -> UnsafeMutableRawPointer {
        let table = function.isContextFunction ? Self.contextFunctions.addresses : addresses
        guard let pointer = table[function.rawValue].pointer else {
            throw OpenALError.raised(operation: function.symbol, code: .extensionMissing(function.extensionName))
        }
        return pointer
    }
}
