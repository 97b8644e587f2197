// SPDX-License-Identifier: Zlib
/// Shrinking: the smallest storm found that still breaks the same invariant.
extension StormSequence {
    /// Drops chunks of steps, then single steps, while the same kind of failure remains.
    ///
    /// - Parameters:
    ///   - failure: What the full storm broke.
    ///   - runner: Runs a candidate storm.
    /// - Returns: The smaller storm, its failure, and the indices (into this storm's steps) of the
    ///   steps it kept, so that ``keeping(steps:)`` on this storm gives it again.
    public func shrunk(failing failure: StormFailure, runner: StormRunner)
        -> (storm: StormSequence, failure: StormFailure, keptSteps: [Int]) {
        var bestFailure = failure
        // Steps after the failing one never matter.
        let kept = shrunkSteps(upTo: failure.step) { candidate in
            guard let found = runner.run(keeping(steps: candidate)), found.kind == failure.kind else { return false }
            bestFailure = found
            return true
        }
        return (keeping(steps: kept), bestFailure, kept)
    }

    /// Drops chunks of steps, then single steps, while `stillFails` says the smaller storm fails
    /// the same way (a crash, seen from another process, for one).
    ///
    /// - Parameters:
    ///   - last: The step after which it failed, when known: the steps after it are dropped first.
    ///   - stillFails: Runs the candidate storm that keeps the steps at the indices given.
    /// - Returns: The indices (into this storm's steps) of the steps kept.
    public func shrunkSteps(upTo last: Int? = nil, while stillFails: ([Int]) -> Bool) -> [Int] {
        var kept = Array(steps.indices)
        if let last, last >= 0, last < kept.count {
            kept = Array(kept.prefix(last + 1))
        }
        var chunk = max(kept.count / 2, 1)
        while chunk >= 1 {
            var start = 0
            var removedAny = false
            while start < kept.count {
                var candidate = kept
                candidate.removeSubrange(start..<min(start + chunk, kept.count))
                if stillFails(candidate) {
                    kept = candidate
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        return kept
    }

    /// The same storm with only the steps at `indices`, in their order.
    public func keeping(steps indices: [Int]) -> StormSequence {
        var storm = self
        storm.steps = indices.map { steps[$0] }
        return storm
    }
}
