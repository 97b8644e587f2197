// SPDX-License-Identifier: Zlib
import Foundation
import GameSound

/// Preloading: a bank of Vorbis effects decoded one by one and in parallel through GameSound,
/// and the CPU time against `oggdec` decoding the same files.
enum PreloadBenchmark {
    /// Preloads every file of `folder`, one by one or through `preloadBank`; returns wall and CPU seconds.
    static func preload(folder: String, paths: [String], parallel: Bool) throws(BenchError) -> (wall: Double, cpu: Double) {
        do {
            let runtime = try GameSoundRuntime(configuration: .init(output: .headless), soundtrack: nil)
            defer { runtime.shutdown() }
            let timed = try Measure.time { () throws(GameSoundError) in
                if parallel {
                    let report = try runtime.preloadBank(folder: folder)
                    guard report.failed.isEmpty else { throw GameSoundError.invalidArgument("bank failures: \(report.failed)") }
                } else {
                    for path in paths {
                        try runtime.preload(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, path: path)
                    }
                }
            }
            guard runtime.loadedEffects.count == paths.count else {
                throw BenchError.failed("preloading: \(runtime.loadedEffects.count) of \(paths.count) effects loaded")
            }
            return (timed.wall, timed.cpu)
        } catch let error as BenchError {
            throw error
        } catch {
            throw .failed("preloading: \(error)")
        }
    }

    /// `oggdec` decoding every file in one invocation (16-bit WAV written next to a copy of each file).
    static func oggdec(_ executable: String, paths: [String]) throws(BenchError) -> (wall: Double, cpu: Double) {
        let scratch = try Fixtures.temporaryFolder("oggdec")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var copies: [String] = []
        for path in paths {
            let copy = scratch + "/" + URL(fileURLWithPath: path).lastPathComponent
            do { try FileManager.default.copyItem(atPath: path, toPath: copy) } catch { throw .failed("copy: \(error)") }
            copies.append(copy)
        }
        let start = ContinuousClock.now
        let result = try ChildProcess.run(executable, ["-Q"] + copies)
        guard result.status == 0 else { throw .failed("oggdec failed: \(result.errorOutput)") }
        return ((ContinuousClock.now - start).seconds, result.cpuSeconds)
    }

    static func run(scale: BenchScale, table: ReportTable) throws(BenchError) {
        let folder = try Fixtures.temporaryFolder("bank")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = try Fixtures.writeEffectBank(count: scale.bankSize, into: folder)
        print("preloading: \(paths.count) Vorbis effects (0.5–1.5 s mono 48 kHz) on \(ProcessInfo.processInfo.activeProcessorCount) cores")
        var sequential: [(wall: Double, cpu: Double)] = []
        var parallel: [(wall: Double, cpu: Double)] = []
        var external: [(wall: Double, cpu: Double)] = []
        let decoder = ChildProcess.which("oggdec")
        // One untimed pass first: the first decode of a run pays for page faults and lazy binding.
        _ = try preload(folder: folder, paths: paths, parallel: false)
        for _ in 0..<scale.repetitions {
            sequential.append(try preload(folder: folder, paths: paths, parallel: false))
            parallel.append(try preload(folder: folder, paths: paths, parallel: true))
            if let decoder { external.append(try oggdec(decoder, paths: paths)) }
        }
        let ms = { (value: Double) in String(format: "%.1f ms", value * 1000) }
        let seqWall = Summary(sequential.map(\.wall))
        let parWall = Summary(parallel.map(\.wall))
        table.add("preloading", "\(paths.count) effects, wall time: parallel vs sequential", gameSound: parWall.text(ms),
                  baseline: seqWall.text(ms), ratio: String(format: "%.2f×", parWall.median / seqWall.median))
        guard !external.isEmpty else {
            print("  oggdec not found (apt: vorbis-tools): skipping the oggdec baseline")
            table.add("preloading", "\(paths.count) effects, CPU time (sequential)", gameSound: Summary(sequential.map(\.cpu)).text(ms),
                      baseline: "oggdec absent")
            return
        }
        let ours = Summary(sequential.map(\.cpu))
        let theirs = Summary(external.map(\.cpu))
        table.add("preloading", "\(paths.count) effects, CPU time: sequential preload vs oggdec", gameSound: ours.text(ms),
                  baseline: theirs.text(ms), ratio: String(format: "%.2f×", ours.median / theirs.median))
        let parCPU = Summary(parallel.map(\.cpu))
        table.add("preloading", "\(paths.count) effects, CPU time: preloadBank vs oggdec", gameSound: parCPU.text(ms),
                  baseline: theirs.text(ms), ratio: String(format: "%.2f×", parCPU.median / theirs.median))
    }
}
