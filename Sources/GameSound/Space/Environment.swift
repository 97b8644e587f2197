// SPDX-License-Identifier: Zlib
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
}
