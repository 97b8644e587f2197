// SPDX-License-Identifier: Zlib
/// What a storm is run a second time for, and compared with.
public enum StormComparison: String, Sendable, Hashable, Codable, CaseIterable {
    /// Run once; only the invariants are checked.
    case none
    /// Run again with every update doing its whole work (quiet updates off): the log and the audio
    /// must be the same (``StormFailure/Kind/quietUpdateDiffers``). Both runs add
    /// ``StormRunner/differentialRule``.
    case wholeUpdates
    /// Run again with the output thrown away and built anew (``GameSound/GameSoundRuntime/rebuildOutput()``)
    /// at random blocks while the runtime runs: the log must be the same, apart from what each rebuild
    /// logs itself, and the audio within ``StormRunner/rebuildSampleBound`` of the plain run's
    /// (``StormFailure/Kind/rebuildDiffers``).
    case rebuilds
}
