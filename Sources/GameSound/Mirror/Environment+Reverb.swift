// SPDX-License-Identifier: Zlib
import OpenAL

/// The environments as OpenAL Soft's EFX reverb presets: the mirror loads them into its reverb slots.
extension Environment {
    /// The EFX reverb for the preset (OpenAL Soft's presets of the same names: generic, room,
    /// concert hall, hangar, hallway, cave, underwater); nil for ``none``.
    var reverb: ALReverbProperties? {
        switch self {
        case .none: nil
        case .generic: .generic
        case .room: .room
        case .hall: .concertHall
        case .hangar: .hangar
        case .corridor: .hallway
        case .cave: .cave
        case .underwater: .underwater
        }
    }
}
