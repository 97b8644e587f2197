/// An invariant a storm broke: which one, at which step, and what was seen.
struct StormFailure: Error, Hashable, CustomStringConvertible {
    enum Kind: String, Hashable {
        case soundWhileSilenced, noSoundAfterRecovery, interruptionEndedTwice, objectsOverPool, openALError
        case unexpectedError, neverCameBack, leakAtEnd
        /// The runtime's duck or hint state disagrees with what the session reads now, or an answered
        /// call's hang-up posted an interruption end.
        case sessionRuleBroken
    }

    var kind: Kind
    /// The step after which it was seen; `steps.count` for the checks at the end.
    var step: Int
    var message: String

    var description: String { "\(kind.rawValue) after step \(step): \(message)" }
}
