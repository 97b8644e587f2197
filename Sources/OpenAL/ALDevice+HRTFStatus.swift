// SPDX-License-Identifier: Zlib
import COpenAL

extension ALDevice {
    /// Whether the device renders with HRTF now, and why (`ALC_HRTF_STATUS_SOFT`).
    public enum HRTFStatus: Sendable, Hashable {
        /// HRTF is off: it was not asked for, or it was turned off.
        case disabled
        /// HRTF is on because it was asked for (or OpenAL chose it under ``HRTFMode/auto``).
        case enabled
        /// HRTF was asked for, but the user's OpenAL Soft configuration forbids it.
        case denied
        /// HRTF is on because the user's OpenAL Soft configuration requires it, whatever was asked.
        case required
        /// HRTF is on because OpenAL detected headphones (under ``HRTFMode/auto``).
        case headphonesDetected
        /// HRTF was asked for, but the output cannot take it: it is not stereo, or no HRTF set
        /// exists at its mixing rate. A mono loopback device reports this.
        case unsupportedFormat

        /// Whether HRTF is being used for the mix.
        public var isActive: Bool { self == .enabled || self == .required || self == .headphonesDetected }

        init?(alcValue: Int32) {
            switch alcValue {
            case ALC_HRTF_DISABLED_SOFT: self = .disabled
            case ALC_HRTF_ENABLED_SOFT: self = .enabled
            case ALC_HRTF_DENIED_SOFT: self = .denied
            case ALC_HRTF_REQUIRED_SOFT: self = .required
            case ALC_HRTF_HEADPHONES_DETECTED_SOFT: self = .headphonesDetected
            case ALC_HRTF_UNSUPPORTED_FORMAT_SOFT: self = .unsupportedFormat
            default: return nil
            }
        }
    }
}
