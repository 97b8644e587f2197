// SPDX-License-Identifier: Zlib
/// An invariant a storm broke: which one, at which step, and what was seen.
public struct StormFailure: Error, Hashable, CustomStringConvertible {
    /// The invariant broken.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A block that had to be exactly silent carried sound.
        case soundWhileSilenced
        /// The looping probe was due to be heard and a block was silent.
        case noSoundAfterRecovery
        /// An `interruptionEnded` came without an `interruptionBegan` since the last end.
        case interruptionEndedTwice
        /// More OpenAL sources or buffers were live than the pool allows.
        case objectsOverPool
        /// An OpenAL wrapper raised an error.
        case openALError
        /// A call failed with an answer the API does not document for it, or rendering failed.
        case unexpectedError
        /// After every disturbance ended, the runtime or the session did not come back.
        case neverCameBack
        /// With nothing loaded or playing, or after shutdown, OpenAL objects were left.
        case leakAtEnd
        /// The runtime's duck or hint state disagrees with what the session reads now, or an answered
        /// call's hang-up posted an interruption end.
        case sessionRuleBroken
        /// With quiet updates, the storm logged or rendered something other than with every update
        /// doing its whole work (``StormRunner/comparesWholeUpdates``).
        case quietUpdateDiffers
        /// With the output rebuilt at random blocks, the storm logged something else, or rendered
        /// samples further from the plain run's than the bound (``StormComparison/rebuilds``).
        case rebuildDiffers
    }

    /// Which invariant.
    public var kind: Kind
    /// The step after which it was seen; `steps.count` for the checks at the end.
    public var step: Int
    /// What was seen.
    public var message: String

    /// Creates a failure.
    public init(kind: Kind, step: Int, message: String) {
        self.kind = kind
        self.step = step
        self.message = message
    }

    /// The failure in one line: kind, step and message.
    public var description: String { "\(kind.rawValue) after step \(step): \(message)" }
}
