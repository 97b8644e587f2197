// SPDX-License-Identifier: Zlib
import GameSoundStorms

/// `--measure-rebuilds N`: how far the audio of storms rebuilt at random blocks lies from their plain
/// runs, the figures behind ``StormRunner/rebuildSampleBound`` (docs/reliability.md).
struct RebuildMeasurement {
    let firstSeed: UInt64
    let count: Int
    let environments: Bool

    func run() {
        let runner = StormRunner()
        var differences: [(seed: UInt64, difference: Float, framesAfter: Int?)] = []
        var eventMismatches: [UInt64] = []
        var rebuilds = 0
        for seed in firstSeed..<(firstSeed + UInt64(count)) {
            let storm = StormSequence.random(seed: seed, environments: environments)
            let plain = runner.traced(storm)
            guard plain.failure == nil else { continue }
            let rebuilt = runner.tracedWithRebuilds(storm)
            rebuilds += rebuilt.trace.rebuildFrames.count
            if rebuilt.failure != nil || plain.trace.events != rebuilt.trace.events { eventMismatches.append(seed) }
            let largest = StormRunner.largestDifference(plain: plain.trace, rebuilt: rebuilt.trace)
            differences.append((seed, largest.difference, largest.framesAfterRebuild))
            if count == 1 { explain(storm, plain: plain.trace, rebuilt: rebuilt.trace) }
        }
        let sorted = differences.sorted { $0.difference < $1.difference }
        func quantile(_ q: Double) -> Float { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))].difference }
        print("storms \(differences.count) (seeds \(firstSeed)..<\(firstSeed + UInt64(count))\(environments ? "" : ", no environments")), "
              + "rebuilds \(rebuilds), log differs in \(eventMismatches.count): \(eventMismatches.prefix(10))")
        print("largest sample difference per storm: exact in \(sorted.count { $0.difference == 0 }); "
              + "p50 \(quantile(0.5)), p90 \(quantile(0.9)), p99 \(quantile(0.99)), max \(sorted.last?.difference ?? 0)")
        for worst in sorted.suffix(5).reversed() {
            print("  seed \(worst.seed): \(worst.difference), \(worst.framesAfter.map { "\($0) frames after a rebuild" } ?? "before any rebuild")")
        }
    }

    /// For one storm: where the audio first differs, the rebuilds, the steps and the first log entry that differs.
    private func explain(_ storm: StormSequence, plain: StormTrace, rebuilt: StormTrace) {
        let first = zip(plain.samples, rebuilt.samples).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        print("the audio first differs at frame \(first.map { String($0 / 2) } ?? "(never)"); rebuilds at frames \(rebuilt.rebuildFrames)")
        var start = 0
        for (index, step) in storm.steps.enumerated() {
            print("  step \(index) at frame \(start): \(step.action)")
            start += step.framesAfter
        }
        let worst = StormRunner.largestDifference(plain: plain, rebuilt: rebuilt)
        if worst.difference > 0 {
            let frames = max(0, worst.frame - 3)...min(plain.samples.count / 2 - 1, worst.frame + 3)
            print("around the largest difference after the settle frames (frame: plain left, rebuilt left):")
            for frame in frames { print("  \(frame): \(plain.samples[2 * frame]), \(rebuilt.samples[2 * frame])") }
        }
        if let index = (0..<min(plain.events.count, rebuilt.events.count)).first(where: { plain.events[$0] != rebuilt.events[$0] }) {
            print("the log first differs at entry \(index): \(plain.events[index]) in the plain run, \(rebuilt.events[index]) with rebuilds")
            let around = 0..<min(max(plain.events.count, rebuilt.events.count), index + 4)
            for entry in around {
                print("  \(entry): \(plain.events.indices.contains(entry) ? "\(plain.events[entry])" : "-")  |  "
                      + (rebuilt.events.indices.contains(entry) ? "\(rebuilt.events[entry])" : "-"))
            }
        }
    }
}
