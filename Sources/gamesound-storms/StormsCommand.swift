// SPDX-License-Identifier: Zlib
import ArgumentParser
import Foundation
import GameSoundStorms
import Logging

/// `gamesound-storms`: random storms at scale, in worker processes, resumable; each failure shrunk
/// and saved as a file that `--replay` runs again (docs/reliability.md, "Random storms").
@main
struct StormsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gamesound-storms",
        abstract: "Runs seeded random storms on the headless runtime in parallel worker processes.",
        discussion: """
            A rerun with the same --count, --first-seed and --chunk skips the chunks the state file records \
            as done. Each failing storm is shrunk and saved as seed-<n>.json (replay it with --replay) and \
            seed-<n>.txt (the printed report) in the failures folder. Exits 1 when any storm failed.
            """)

    @Option(help: "How many storms to run.")
    var count = 10_000

    @Option(help: "The seed of the first storm; storm i has seed first-seed + i.")
    var firstSeed: UInt64 = 1

    @Option(help: "Worker processes running at once (default: the number of cores).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Storms a worker runs before the state file records them.")
    var chunk = 500

    @Option(help: "The state file (default: .build/storms/state-<first-seed>-<count>[-no-environments][-compare|-rebuilds].txt).")
    var state: String?

    @Flag(help: "Forget the state file's finished chunks and run every storm again.")
    var fresh = false

    @Option(help: "Where failures are saved (default: .build/storms/failures[-no-environments][-compare|-rebuilds]).")
    var failures: String?

    @Option(help: "The storms' sounds (written there if missing).")
    var assets = ".build/storms/assets"

    @Flag(inversion: .prefixedNo,
          help: "Draw storms with environment calls (on by default; --no-environments draws other storms for the same seeds).")
    var environments = true

    @Flag(help: "Run each storm twice, the second time with every update doing its whole work, and require the same log and audio (both runs add a ducking rule).")
    var compareWholeUpdates = false

    @Flag(help: "Run each storm twice, the second time with the output thrown away and rebuilt at random blocks while it runs, and require the same log and audio within a measured bound.")
    var compareRebuilds = false

    /// What each storm runs a second time for, from the flags.
    var comparison: StormComparison { compareRebuilds ? .rebuilds : compareWholeUpdates ? .wholeUpdates : .none }

    /// The flags that ask for `comparison` (for the workers).
    static func flags(for comparison: StormComparison) -> [String] {
        switch comparison {
        case .none: []
        case .wholeUpdates: ["--compare-whole-updates"]
        case .rebuilds: ["--compare-rebuilds"]
        }
    }

    /// How a run's first line names `comparison`.
    static func description(of comparison: StormComparison) -> String {
        switch comparison {
        case .none: ""
        case .wholeUpdates: ", each compared with whole updates"
        case .rebuilds: ", each compared with a run rebuilt at random blocks"
        }
    }

    /// What tells the state file and failures folder of a run with `comparison` apart.
    static func suffix(of comparison: StormComparison) -> String {
        switch comparison {
        case .none: ""
        case .wholeUpdates: "-compare"
        case .rebuilds: "-rebuilds"
        }
    }

    @Option(help: "Measure how far a run rebuilt at random blocks is from the plain run, over this many storms from --first-seed (in this process), and print the distribution.")
    var measureRebuilds: Int?

    @Option(help: "Run a saved failure again (a seed-<n>.json) and say whether it still fails.")
    var replay: String?

    @Flag(help: .hidden)
    var worker = false

    @Option(help: .hidden)
    var seeds: SeedRange?

    /// With `--worker`: run only these steps (indices, comma-separated) of the one seed, and exit 1 if it fails.
    @Option(help: .hidden)
    var steps: String?

    @Option(help: "Crashes (the runtime dies) to shrink, each in a few hundred child processes; the rest are saved whole.")
    var shrinkCrashes = 5

    func validate() throws {
        guard count > 0 else { throw ValidationError("--count must be at least 1") }
        guard jobs > 0 else { throw ValidationError("--jobs must be at least 1") }
        guard chunk > 0 else { throw ValidationError("--chunk must be at least 1") }
        guard shrinkCrashes >= 0 else { throw ValidationError("--shrink-crashes must be at least 0") }
        guard firstSeed <= UInt64.max - UInt64(count) else { throw ValidationError("--first-seed + --count overflows") }
        if worker, seeds == nil { throw ValidationError("--worker needs --seeds A..<B") }
        if compareWholeUpdates, compareRebuilds { throw ValidationError("--compare-whole-updates and --compare-rebuilds: one at a time") }
    }

    /// What tells this run's default state file and failures folder from those of runs that draw or check other storms.
    var suffix: String { (environments ? "" : "-no-environments") + Self.suffix(of: comparison) }

    func run() throws {
        // Every process (coordinator, workers, replay) uses one assets folder, written before any worker starts.
        let assetsFolder = URL(fileURLWithPath: assets).standardizedFileURL.path
        setenv("GAMESOUND_STORM_ASSETS", assetsFolder, 1)
        _ = StormAssets.root
        // The runtime's warnings (a refused activation, retried) come by the thousand in a storm run.
        LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
        if let measureRebuilds {
            RebuildMeasurement(firstSeed: firstSeed, count: measureRebuilds, environments: environments).run()
        } else if let replay {
            let stillFails = try StormReplay(path: replay).run()
            if stillFails { throw ExitCode(1) }
        } else if worker, let seeds, let steps {
            let kept = steps.split(separator: ",").compactMap { Int($0) }
            if StormWorker.runAlone(seed: seeds.lowerBound, environments: environments, comparing: comparison, keeping: kept) {
                throw ExitCode(1)
            }
        } else if worker, let seeds {
            StormWorker(seeds: seeds, environments: environments, comparison: comparison,
                        failures: failures ?? ".build/storms/failures\(suffix)").run()
        } else {
            let range = SeedRange(lowerBound: firstSeed, upperBound: firstSeed + UInt64(count))
            let statePath = state ?? ".build/storms/state-\(firstSeed)-\(count)\(suffix).txt"
            let coordinator = try StormCoordinator(seeds: range, environments: environments, comparison: comparison,
                                                   chunk: chunk, jobs: jobs,
                                                   statePath: statePath, fresh: fresh, failures: failures ?? ".build/storms/failures\(suffix)", shrinkCrashes: shrinkCrashes)
            if try coordinator.run() > 0 { throw ExitCode(1) }
        }
    }
}
