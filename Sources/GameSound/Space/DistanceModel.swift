// SPDX-License-Identifier: Zlib
/// How a sound fades with distance (OpenAL's distance models). Distances are in the game's own
/// units; each sound's reference distance, maximum distance and rolloff shape the curve.
public enum DistanceModel: String, Sendable, Hashable, CaseIterable {
    /// `reference / (reference + rolloff × (distance − reference))`, with the distance held
    /// between the reference and the maximum distance: the natural 6 dB per doubling. The default.
    case inverseClamped
    /// Falls in a straight line from full at the reference distance to silent at the maximum.
    case linearClamped
    /// `(distance / reference) ^ −rolloff`, held between the reference and the maximum distance.
    case exponentClamped
    /// No fall-off: every sound is as loud near as far.
    case none
}
