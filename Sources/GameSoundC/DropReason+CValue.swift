// SPDX-License-Identifier: Zlib
import GameSound

/// The C values of `gs_last_drop_reason`, the `GS_DROP_` constants of `gamesound.h`. Part of the
/// ABI: never renumber one, only add new ones (0 is `GS_DROP_NONE`, no drop).
extension DropReason {
    var cValue: Int32 {
        switch self {
        case .interrupted: 1
        case .mediaServicesLost: 2
        case .allVoicesOutrank: 3
        case .sessionInactive: 4
        case .noOutputDevice: 5
        case .busVoiceLimit: 6
        case .cooldown: 7
        case .maxInstances: 8
        }
    }
}
