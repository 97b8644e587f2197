// SPDX-License-Identifier: Zlib
import Dispatch
import Foundation
import GameSoundStorms
import Synchronization

/// The parent process: hands chunks of seeds to worker processes (the runtime's OpenAL calls are
/// serialised under one lock per process, so threads would not scale), records each finished chunk
/// in the state file, prints progress, and sums up.
final class StormCoordinator: Sendable {
    /// A storm that failed: its seed, the invariant (or `crash`) and where it was saved.
    struct Failed: Sendable {
        var seed: UInt64
        var kind: String
        var file: String
    }

    /// What the workers have done so far, shared by the threads that watch them.
    struct Progress: Sendable {
        var pending: [SeedRange]
        var stormsDone = 0
        var failed: [Failed] = []
        var chunksDone = 0
        var running: Set<Int32> = []
        var stopping = false
        /// Crashes shrunk so far (each costs a few hundred child processes).
        var crashesShrunk = 0
    }

    let seeds: SeedRange
    let environments: Bool
    /// What each storm runs a second time for (`--compare-whole-updates`, `--compare-rebuilds`).
    let comparison: StormComparison
    let jobs: Int
    let state: StormStateFile
    let failures: String
    let executable: String
    let earlier: [Failed]
    let skipped: Int
    let chunkCount: Int
    let shrinkCrashes: Int
    /// Where the workers' standard error goes (a crash's backtrace), beside the state file.
    let workerLog: FileHandle?
    let workerLogPath: String
    let started = Date()
    let progress: Mutex<Progress>

    init(seeds: SeedRange, environments: Bool, comparison: StormComparison, chunk: Int, jobs: Int, statePath: String, fresh: Bool, failures: String, shrinkCrashes: Int) throws {
        self.seeds = seeds
        self.environments = environments
        self.comparison = comparison
        self.shrinkCrashes = shrinkCrashes
        self.jobs = jobs
        state = StormStateFile(path: statePath)
        let failuresFolder = URL(fileURLWithPath: failures).standardizedFileURL.path
        self.failures = failuresFolder
        executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        if fresh { try state.reset() }
        let logPath = (statePath as NSString).deletingPathExtension + "-workers.log"
        try FileManager.default.createDirectory(atPath: (logPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: logPath) { _ = FileManager.default.createFile(atPath: logPath, contents: nil) }
        workerLog = FileHandle(forWritingAtPath: logPath)
        workerLogPath = logPath
        _ = try? workerLog?.seekToEnd()
        let finished = try state.finished()
        let chunks = seeds.chunks(of: chunk)
        let done = chunks.filter { finished[$0] != nil }
        earlier = done.flatMap { range in
            (finished[range] ?? []).map { Failed(seed: $0.seed, kind: $0.kind, file: "\(failuresFolder)/seed-\($0.seed).json") }
        }
        skipped = done.reduce(0) { $0 + $1.count }
        chunkCount = chunks.count
        progress = Mutex(Progress(pending: chunks.filter { finished[$0] == nil }))
        progress.withLock { $0.chunksDone = done.count }
    }

    /// The flags that make a worker draw and run the storms this run does.
    var drawFlags: [String] {
        [environments ? "--environments" : "--no-environments"] + StormsCommand.flags(for: comparison)
    }

    /// Runs every chunk not yet done.
    ///
    /// - Returns: How many storms failed, in this run and in the chunks done before it.
    func run() throws -> Int {
        let pending = progress.withLock { $0.pending.count }
        say("gamesound-storms: seeds \(seeds) (\(seeds.count) storms\(environments ? "" : ", without environment calls")\(StormsCommand.description(of: comparison))) in \(chunkCount) chunks, "
            + "\(jobs) worker processes")
        say("  state: \(state.path); failures: \(failures); the workers' standard error: \(workerLogPath)")
        if skipped > 0 {
            say("  resuming: \(chunkCount - pending) chunks (\(skipped) storms, \(earlier.count) failed) already done")
        }
        if pending > 0 {
            let signals = watchSignals()
            let group = DispatchGroup()
            for _ in 0..<min(jobs, pending) {
                group.enter()
                Thread { [self] in
                    while let chunk = takeChunk() { runChunk(chunk) }
                    group.leave()
                }.start()
            }
            group.wait()
            signals.forEach { $0.cancel() }
        }
        return summarise()
    }

    private func takeChunk() -> SeedRange? {
        progress.withLock { $0.stopping || $0.pending.isEmpty ? nil : $0.pending.removeFirst() }
    }

    /// Runs one chunk in worker processes until every seed of it ran: a worker that dies (a crash in
    /// the runtime) is recorded as a failure of the seed it was running, and a new one goes on after it.
    private func runChunk(_ chunk: SeedRange) {
        var remaining = chunk
        var failed: [Failed] = []
        while remaining.count > 0 {
            guard let outcome = runWorker(remaining) else { return }
            failed += outcome.failed
            if outcome.status == 0, outcome.next == remaining.upperBound { break }
            if progress.withLock({ $0.stopping }) { return }
            let crash = crashed(seed: outcome.next, status: outcome.status)
            failed.append(crash)
            note([crash], storms: 1)
            guard outcome.next + 1 < remaining.upperBound else { break }
            remaining = SeedRange(lowerBound: outcome.next + 1, upperBound: remaining.upperBound)
        }
        do {
            try progress.withLock { (progress) throws in
                try state.append(chunk, failed: failed.map { ($0.seed, $0.kind) })
                progress.chunksDone += 1
            }
        } catch {
            say("  could not record chunk \(chunk) in \(state.path): \(error)")
        }
        report()
    }

    /// Starts a worker on `seeds` and follows its lines until it exits.
    ///
    /// - Returns: Its exit status, the seed after the last one it reported, and its failures; nil when
    ///   it could not start or the run is stopping.
    private func runWorker(_ seeds: SeedRange) -> (status: Int32, next: UInt64, failed: [Failed])? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--worker", "--seeds", seeds.description, "--failures", failures, "--assets", StormAssets.root]
            + drawFlags
        let output = Pipe()
        process.standardOutput = output
        process.standardError = workerLog ?? FileHandle.standardError
        process.standardInput = FileHandle.nullDevice
        let launched: Bool = progress.withLock { progress in
            guard !progress.stopping, (try? process.run()) != nil else { return false }
            progress.running.insert(process.processIdentifier)
            return true
        }
        guard launched else { return nil }
        var next = seeds.lowerBound
        var failed: [Failed] = []
        var buffer = Data()
        let reader = output.fileHandleForReading
        while true {
            let data = reader.availableData
            if data.isEmpty { break }
            buffer += data
            while let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<end], as: UTF8.self)
                buffer = Data(buffer[(end + 1)...])
                let words = line.split(separator: " ", maxSplits: 3).map(String.init)
                guard words.count >= 2, let seed = UInt64(words[1]) else { continue }
                next = seed + 1
                let failure = words[0] == "fail" && words.count == 4 ? Failed(seed: seed, kind: words[2], file: words[3]) : nil
                failed += failure.map { [$0] } ?? []
                note(failure.map { [$0] } ?? [], storms: 1)
            }
        }
        process.waitUntilExit()
        let stopping = progress.withLock { progress in
            progress.running.remove(process.processIdentifier)
            return progress.stopping
        }
        return stopping ? nil : (process.terminationStatus, next, failed)
    }

    /// Records a worker's death as the failure of the seed it was running: shrunk (the first
    /// `shrinkCrashes` of them), by running candidate storms in child processes, and saved as text.
    private func crashed(seed: UInt64, status: Int32) -> Failed {
        let storm = StormSequence.random(seed: seed, environments: environments)
        let shrink = progress.withLock { progress in
            progress.crashesShrunk += 1
            return progress.crashesShrunk <= shrinkCrashes
        }
        let kept = shrink ? storm.shrunkSteps { crashes(seed: seed, keeping: $0) } : Array(storm.steps.indices)
        let path = failures + "/seed-\(seed).txt"
        let steps = kept.map { "  \($0): \(storm.steps[$0].action), then \(storm.steps[$0].framesAfter) frames" }
        let text = """
            Storm seed \(seed) (\(storm.policy.rawValue), \(storm.strategy.rawValue), \(storm.voices) voices): the worker \
            running it died (status \(status)): the process crashed.
            \(shrink ? "Shrunk to \(kept.count) of \(storm.steps.count) steps (each candidate run in a child process)" : "Not shrunk (--shrink-crashes)").
            Run these steps again (a crash kills the process):
              \(executable) --worker \(drawFlags.joined(separator: " ")) --seeds \(seed)..<\(seed + 1) --steps \(kept.map(String.init).joined(separator: ","))
            Steps (index in the whole storm: step):
            \(steps.joined(separator: "\n"))

            """
        try? FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        return Failed(seed: seed, kind: "crash", file: path)
    }

    /// Whether the storm of `seed` with only the steps at `kept` kills the process that runs it.
    private func crashes(seed: UInt64, keeping kept: [Int]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--worker", "--seeds", "\(seed)..<\(seed + 1)", "--steps", kept.map(String.init).joined(separator: ","),
                             "--assets", StormAssets.root] + drawFlags
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
    }

    /// Counts storms and prints each failure as it comes.
    private func note(_ failed: [Failed], storms: Int) {
        progress.withLock { progress in
            progress.stormsDone += storms
            progress.failed += failed
        }
        for failure in failed { say("  FAILED: seed \(failure.seed) (\(failure.kind)): \(failure.file)") }
    }

    /// One progress line: storms done of all, failures, rate and time left.
    private func report() {
        let (done, failed, chunks) = progress.withLock { ($0.stormsDone, $0.failed.count, $0.chunksDone) }
        let elapsed = Date().timeIntervalSince(started)
        let rate = Double(done) / max(elapsed, 0.001)
        let total = skipped + done
        let left = Double(seeds.count - total) / max(rate, 0.001)
        say("  \(total)/\(seeds.count) storms (\(chunks)/\(chunkCount) chunks), \(failed + earlier.count) failed, "
            + String(format: "%.1f", rate) + " storms/s, \(Self.duration(elapsed)) elapsed, ETA \(Self.duration(left))")
    }

    /// The final lines: every failure with its file, how long it took. - Returns: How many failed.
    private func summarise() -> Int {
        let (done, failed) = progress.withLock { ($0.stormsDone, $0.failed) }
        let elapsed = Date().timeIntervalSince(started)
        let all = (earlier + failed).sorted { $0.seed < $1.seed }
        say("gamesound-storms: \(skipped + done) of \(seeds.count) storms run (\(done) in this run, in \(Self.duration(elapsed)), "
              + String(format: "%.1f storms/s", Double(done) / max(elapsed, 0.001)) + "); \(all.count) failed")
        for failure in all { say("  seed \(failure.seed): \(failure.kind), \(failure.file)") }
        if !all.isEmpty { say("Replay one: gamesound-storms --replay <file>.json") }
        return all.count
    }

    /// On Ctrl-C or a kill: stop the workers and say how to go on; the state file keeps the finished chunks.
    private func watchSignals() -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                let (running, done) = progress.withLock { progress in
                    progress.stopping = true
                    return (progress.running, progress.chunksDone)
                }
                for pid in running { kill(pid, SIGTERM) }
                say("\ngamesound-storms: stopped; \(done) of \(chunkCount) chunks are recorded in \(state.path). "
                    + "Run the same command again to go on.")
                exit(130)
            }
            source.resume()
            return source
        }
    }

    /// Writes a line at once (not through a buffer), also when standard output is a file or a pipe.
    private func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// `1 h 02 min`, `12 min 05 s` or `42 s`.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        if whole >= 3_600 { return String(format: "%d h %02d min", whole / 3_600, whole % 3_600 / 60) }
        if whole >= 60 { return String(format: "%d min %02d s", whole / 60, whole % 60) }
        return "\(whole) s"
    }
}
