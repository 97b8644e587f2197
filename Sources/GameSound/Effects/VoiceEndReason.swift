// SPDX-License-Identifier: Zlib
/// Why a voice ended, as the `voiceEnded` event's `reason` says.
public enum VoiceEndReason: String, Sendable, Hashable {
    /// It played to its end.
    case finished
    /// The game stopped it (or stopped every effect, or unloaded its sound).
    case stopped
    /// A new sound took its slot because the pool, or its bus's limit, was full.
    case stolen
}
