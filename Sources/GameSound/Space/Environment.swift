/// The acoustic space the listener is in: a reverb every sound sends to, by its
/// ``PlayOptions/reverbSend``. Switch with ``GameSoundRuntime/setEnvironment(_:over:)``.
public enum Environment: String, Sendable, Hashable, CaseIterable {
    /// No reverb: every sound is dry.
    case none
    /// A medium, neutral space.
    case generic
    /// A small room: short, quiet reflections.
    case room
    /// A concert hall: long and smooth.
    case hall
    /// A hangar: a very long, bright tail.
    case hangar
    /// A corridor: close, ringing reflections.
    case corridor
    /// A cave: long, dark and dense.
    case cave
    /// Underwater: muffled, with a strong late tail.
    case underwater

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

import OpenAL
