/// Shrinking: the smallest storm found that still breaks the same invariant.
extension StormSequence {
    /// Drops chunks of steps, then single steps, while the same kind of failure remains.
    ///
    /// - Parameters:
    ///   - failure: What the full storm broke.
    ///   - runner: Runs a candidate storm.
    /// - Returns: The smaller storm and its failure.
    func shrunk(failing failure: StormFailure, runner: StormRunner) -> (StormSequence, StormFailure) {
        var best = self
        var bestFailure = failure
        // Steps after the failing one never matter.
        if failure.step >= 0, failure.step < best.steps.count {
            best.steps = Array(best.steps.prefix(failure.step + 1))
        }
        var chunk = max(best.steps.count / 2, 1)
        while chunk >= 1 {
            var start = 0
            var removedAny = false
            while start < best.steps.count {
                var candidate = best
                candidate.steps.removeSubrange(start..<min(start + chunk, best.steps.count))
                if let found = runner.run(candidate), found.kind == failure.kind {
                    best = candidate
                    bestFailure = found
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        return (best, bestFailure)
    }
}
