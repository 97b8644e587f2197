// SPDX-License-Identifier: Zlib
/// What became of a request to play an effect.
public enum PlayOutcome: Sendable, Hashable {
    /// It plays on `voice`; `stole` is the sound whose voice it took, if the pool was full.
    case played(Voice, stole: Voice?)
    /// It was not played, and why.
    case dropped(DropReason)

    /// The voice, when it played.
    public var voice: Voice? {
        if case .played(let voice, _) = self { voice } else { nil }
    }
}
