import COpenAL

/// OpenAL Soft's extension entry points, looked up once per process with `alcGetProcAddress`.
///
/// The pointers are process-wide in OpenAL Soft (the same for every device), so they are
/// resolved against no device, the first time a wrapper needs one.
struct Extensions: Sendable {
    /// An extension function the wrappers call through the shim.
    enum Function: String, CaseIterable, Sendable {
        case loopbackOpenDevice = "alcLoopbackOpenDeviceSOFT"
        case isRenderFormatSupported = "alcIsRenderFormatSupportedSOFT"
        case renderSamples = "alcRenderSamplesSOFT"
        case devicePause = "alcDevicePauseSOFT"
        case deviceResume = "alcDeviceResumeSOFT"

        var extensionName: String {
            switch self {
            case .loopbackOpenDevice, .isRenderFormatSupported, .renderSamples: "ALC_SOFT_loopback"
            case .devicePause, .deviceResume: "ALC_SOFT_pause_device"
            }
        }
    }

    /// A function pointer from `alcGetProcAddress`. It never changes once loaded, so sharing
    /// it across threads is safe.
    private struct Address: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer?
    }

    private let addresses: [Function: Address]

    static let shared = Extensions()

    private init() {
        OpenALProcess.markStarted()
        var addresses: [Function: Address] = [:]
        for function in Function.allCases {
            addresses[function] = Address(pointer: alcGetProcAddress(nil, function.rawValue))
        }
        self.addresses = addresses
    }

    /// The function's address, or an `extensionMissing` error naming its extension.
    func function(_ function: Function) throws(OpenALError) -> UnsafeMutableRawPointer {
        guard let pointer = addresses[function]?.pointer else {
            throw OpenALError.raised(operation: function.rawValue, code: .extensionMissing(function.extensionName))
        }
        return pointer
    }
}
