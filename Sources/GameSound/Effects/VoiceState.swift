// SPDX-License-Identifier: Zlib
/// Where a voice stands, as ``GameSoundRuntime/state(of:)`` reports it.
public enum VoiceState: String, Sendable, Hashable {
    /// Sounding (or about to, once an interruption ends).
    case playing
    /// Paused by the game, or by a paused bus above it; it keeps its place.
    case paused
    /// Finished, stopped or stolen: the handle no longer refers to anything.
    case ended
}
