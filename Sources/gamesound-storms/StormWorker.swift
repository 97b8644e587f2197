// SPDX-License-Identifier: Zlib
import Foundation
import GameSoundStorms

/// A worker process: runs its seeds one after another and tells the coordinator about each on
/// standard output (`pass <seed>` or `fail <seed> <kind> <file>`). A failing storm is shrunk and
/// saved before the next one runs. It stops when its coordinator is gone.
struct StormWorker {
    let seeds: SeedRange
    let environments: Bool
    let comparison: StormComparison
    let failures: String

    func run() {
        // The coordinator ignores these to handle them itself, and ignored signals pass to children.
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        let coordinator = getppid()
        let runner = StormRunner(comparison: comparison)
        for seed in seeds.seeds {
            // A coordinator killed without passing it on leaves us to another parent: stop.
            guard getppid() == coordinator else { exit(2) }
            let storm = StormSequence.random(seed: seed, environments: environments)
            if let failure = runner.run(storm) {
                let saved = save(storm, failure: failure, runner: runner)
                say("fail \(seed) \(failure.kind.rawValue) \(saved)")
            } else {
                say("pass \(seed)")
            }
        }
    }

    /// Runs the storm of `seed` with only the steps at `kept`, for the coordinator shrinking a crash.
    ///
    /// - Returns: Whether it broke an invariant (a crash ends the process instead).
    static func runAlone(seed: UInt64, environments: Bool, comparing: StormComparison, keeping kept: [Int]) -> Bool {
        let storm = StormSequence.random(seed: seed, environments: environments)
        return StormRunner(comparison: comparing).run(storm.keeping(steps: kept.filter(storm.steps.indices.contains))) != nil
    }

    /// Shrinks the storm, then writes `seed-<n>.json` (for `--replay`) and `seed-<n>.txt` (the report).
    ///
    /// - Returns: The path of the JSON file, or why it could not be written.
    private func save(_ storm: StormSequence, failure: StormFailure, runner: StormRunner) -> String {
        let (small, smallFailure, kept) = storm.shrunk(failing: failure, runner: runner)
        // Run the shrunk storm once more for the trace its scenario needs.
        let trace = runner.traced(small).trace
        let record = StormFailureFile(storm: storm, environments: environments, comparison: comparison, failure: failure, shrunk: small, shrunkFailure: smallFailure, keptSteps: kept)
        let report = """
            Storm seed \(storm.seed) (\(storm.policy.rawValue), \(storm.strategy.rawValue), \(storm.voices) voices) failed: \(failure)
            Shrunk to \(small.steps.count) of \(storm.steps.count) steps: \(smallFailure)
            \(small.scenarioReport(trace: trace))

            """
        let base = failures + "/seed-\(storm.seed)"
        do {
            try FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
            try Data(record.json(scenario: small.scenarioJSON(trace: trace)).utf8).write(to: URL(fileURLWithPath: base + ".json"),
                                                                                        options: .atomic)
            try Data(report.utf8).write(to: URL(fileURLWithPath: base + ".txt"), options: .atomic)
            return base + ".json"
        } catch {
            FileHandle.standardError.write(Data("seed \(storm.seed): could not save the failure: \(error)\n\(report)".utf8))
            return "(not saved: \(error))"
        }
    }

    /// One line to the coordinator, at once (standard output is a pipe, fully buffered otherwise).
    private func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
