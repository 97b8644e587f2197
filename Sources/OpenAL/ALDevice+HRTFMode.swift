// SPDX-License-Identifier: Zlib
import COpenAL

extension ALDevice {
    /// Whether to render through HRTF: filters measured on a human head, which make 3-D sound
    /// convincing on headphones (a sound behind the player is heard behind, not just panned).
    ///
    /// Use it with ``ALDevice/reset(hrtf:id:)`` from a settings menu, or in
    /// ``ALContextAttributes/hrtf`` when creating the first context. HRTF is for headphones: on
    /// speakers it sounds odd, so offer it as an option rather than forcing it.
    public enum HRTFMode: Sendable, Hashable {
        /// Render with HRTF if the output can take it (stereo at a rate an HRTF set has).
        case on
        /// Never render with HRTF; a 3-D sound is panned between the speakers.
        case off
        /// Let OpenAL decide: HRTF when it knows the output is headphones, or when the user's
        /// OpenAL Soft configuration asks for it. A loopback device, which has no headphones,
        /// renders without HRTF.
        case auto

        var alcValue: Int32 {
            switch self {
            case .on: ALC_TRUE
            case .off: ALC_FALSE
            case .auto: ALC_DONT_CARE_SOFT
            }
        }
    }
}
