/// OpenAL Soft's extension entry points, looked up once per process.
///
/// The pointers are process-wide in OpenAL Soft (the same for every device and context). The
/// `alc*` functions are resolved with `alcGetProcAddress` against no device, the first time a
/// wrapper needs one of them. The `al*` functions of `ALC_EXT_EFX` are resolved with
/// `alGetProcAddress`, the first time an effect, slot or filter is made: the wrappers have
/// checked that a context is current by then, as the OpenAL specification asks.
struct Extensions: Sendable {
    /// An extension function the wrappers call through the shim.
    enum Function: String, CaseIterable, Sendable {
        case loopbackOpenDevice = "alcLoopbackOpenDeviceSOFT"
        case isRenderFormatSupported = "alcIsRenderFormatSupportedSOFT"
        case renderSamples = "alcRenderSamplesSOFT"
        case devicePause = "alcDevicePauseSOFT"
        case deviceResume = "alcDeviceResumeSOFT"
        case getStringi = "alcGetStringiSOFT"
        case resetDevice = "alcResetDeviceSOFT"
        case genEffects = "alGenEffects"
        case deleteEffects = "alDeleteEffects"
        case effecti = "alEffecti"
        case effectf = "alEffectf"
        case effectfv = "alEffectfv"
        case genAuxiliaryEffectSlots = "alGenAuxiliaryEffectSlots"
        case deleteAuxiliaryEffectSlots = "alDeleteAuxiliaryEffectSlots"
        case auxiliaryEffectSloti = "alAuxiliaryEffectSloti"
        case auxiliaryEffectSlotf = "alAuxiliaryEffectSlotf"
        case genFilters = "alGenFilters"
        case deleteFilters = "alDeleteFilters"
        case filteri = "alFilteri"
        case filterf = "alFilterf"

        var extensionName: String {
            switch self {
            case .loopbackOpenDevice, .isRenderFormatSupported, .renderSamples: "ALC_SOFT_loopback"
            case .devicePause, .deviceResume: "ALC_SOFT_pause_device"
            case .getStringi, .resetDevice: "ALC_SOFT_HRTF"
            default: "ALC_EXT_EFX"
            }
        }

        /// Whether this is an `al*` function, looked up with `alGetProcAddress`.
        var isContextFunction: Bool { !rawValue.hasPrefix("alc") }
    }

    /// A function pointer from `alcGetProcAddress` or `alGetProcAddress`. It never changes once
    /// loaded, so sharing it across threads is safe.
    private struct Address: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer?
    }

    private let addresses: [Function: Address]

    /// The `alc*` functions.
    static let shared = Extensions(contextFunctions: false)
    /// The `al*` functions, loaded on first use (always with a context current).
    private static let contextFunctions = Extensions(contextFunctions: true)

    private init(contextFunctions: Bool) {
        OpenALProcess.markStarted()
        var addresses: [Function: Address] = [:]
        for function in Function.allCases where function.isContextFunction == contextFunctions {
            let pointer = contextFunctions ? ALCall.contextProcAddress(function.rawValue)
                                           : ALCall.deviceProcAddress(function.rawValue)
            addresses[function] = Address(pointer: pointer)
        }
        self.addresses = addresses
    }

    /// The function's address, or an `extensionMissing` error naming its extension.
    func function(_ function: Function) throws(OpenALError) -> UnsafeMutableRawPointer {
        let table = function.isContextFunction ? Self.contextFunctions.addresses : addresses
        guard let pointer = table[function]?.pointer else {
            throw OpenALError.raised(operation: function.rawValue, code: .extensionMissing(function.extensionName))
        }
        return pointer
    }
}
