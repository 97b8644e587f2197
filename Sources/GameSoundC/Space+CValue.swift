// SPDX-License-Identifier: Zlib
import GameSound

/// The C values of `gs_environment_set` and `gs_environment_get`: the `GS_ENV_` constants of
/// `gamesound.h`. Part of the ABI: never renumber one, only add new ones.
extension Environment {
    var cValue: Int32 {
        switch self {
        case .none: 0
        case .generic: 1
        case .room: 2
        case .hall: 3
        case .hangar: 4
        case .corridor: 5
        case .cave: 6
        case .underwater: 7
        }
    }

    /// The environment of a `GS_ENV_` value; nil for any other number.
    init?(cValue: Int32) {
        guard let match = Self.allCases.first(where: { $0.cValue == cValue }) else { return nil }
        self = match
    }
}

/// The C values of `gs_set_distance_model` and `gs_config.distance_model`: the `GS_DISTANCE_`
/// constants of `gamesound.h`, 0 being the default. Part of the ABI.
extension DistanceModel {
    var cValue: Int32 {
        switch self {
        case .inverseClamped: 0
        case .linearClamped: 1
        case .exponentClamped: 2
        case .none: 3
        }
    }

    /// The model of a `GS_DISTANCE_` value; nil for any other number.
    init?(cValue: Int32) {
        guard let match = Self.allCases.first(where: { $0.cValue == cValue }) else { return nil }
        self = match
    }
}

/// The C values of `gs_config.spatialization`: the `GS_SPATIALIZATION_` constants of `gamesound.h`,
/// 0 being the default. Part of the ABI.
extension Spatialization {
    var cValue: Int32 {
        switch self {
        case .auto: 0
        case .hrtf: 1
        case .stereo: 2
        }
    }

    /// The mode of a `GS_SPATIALIZATION_` value; nil for any other number.
    init?(cValue: Int32) {
        guard let match = Self.allCases.first(where: { $0.cValue == cValue }) else { return nil }
        self = match
    }
}
