// SPDX-License-Identifier: Zlib
import AudioFiles
import Foundation

/// Rendering at any length: the peak memory of `shooter-soundboard render` writing the WAV file, the
/// event log and the timeline of a long and a short scenario of 64 looping voices, each in a child
/// process of its own, measured as `/usr/bin/time -f %M` does; and an hour's render against a
/// runtime that renders nothing (`rss-child none`).
///
/// `/usr/bin/time` rather than `wait4` from here: on Linux a child started from this process carries
/// this process's own high-water mark into its `ru_maxrss` (see `Measure.peakRSSKiB`), while
/// `/usr/bin/time` is a small process whose own child starts clean.
enum RenderBenchmark {
    /// The bars of issue 19: a 600 s render may peak at most this much over a 5 s one...
    static let lengthBarMiB = 16.0
    /// ...and an hour's render at most this much over an empty runtime.
    static let hourBarMiB = 64.0

    static func run(scale: BenchScale, table: ReportTable, me: String) throws(BenchError) {
        let soundboard = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("shooter-soundboard").path
        let time = "/usr/bin/time"
        let assets = FileManager.default.currentDirectoryPath + "/assets"
        let effects = ((try? FileManager.default.contentsOfDirectory(atPath: assets + "/sfx")) ?? [])
            .compactMap { SoundFileName.split($0)?.name }.sorted()
        let missing = !FileManager.default.isExecutableFile(atPath: soundboard)
            ? "no shooter-soundboard beside gamesound-bench (swift build \(me.contains("/release/") ? "-c release " : "")--product shooter-soundboard)"
            : !FileManager.default.isExecutableFile(atPath: time) ? "no \(time) (Debian package time)"
            : effects.isEmpty ? "no demo sounds in ./assets/sfx (run from the repository root)" : nil
        if let missing {
            print("render: skipped: \(missing)")
            table.add("render", "peak RSS, \(Int(scale.renderLongSeconds)) s 64-voice render vs \(Int(scale.renderShortSeconds)) s",
                      gameSound: "skipped", baseline: "skipped", ratio: missing)
            return
        }

        let folder = try Fixtures.temporaryFolder("render")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func scenario(seconds: Double) throws(BenchError) -> String {
            // 64 looping effects, started 50 ms apart (closer in a short one), on a 64-voice pool, over
            // the default soundtrack.
            let step = min(0.05, seconds / 128)
            let fires = (0..<64).map { index in
                #"{"at": \#(Double(index) * step), "fire": "\#(effects[index % effects.count])", "loop": true, "gain": 0.05}"#
            }
            let json = #"{"name": "render-\#(Int(seconds))", "duration": \#(seconds), "voices": 64, "events": [\#(fires.joined(separator: ", "))]}"#
            let path = folder + "/render-\(Int(seconds)).json"
            guard FileManager.default.createFile(atPath: path, contents: Data(json.utf8)) else {
                throw .failed("cannot write \(path)")
            }
            return path
        }
        func peak(seconds: Double) throws(BenchError) -> Double {
            let path = try scenario(seconds: seconds)
            let out = folder + "/out-\(Int(seconds))"
            defer { for suffix in [".wav", ".jsonl", ".svg"] { try? FileManager.default.removeItem(atPath: out + suffix) } }
            let result = try ChildProcess.run(time, ["-f", "maxrss_kib=%M", soundboard, "render", path, "--out", out + ".wav",
                                                     "--events", out + ".jsonl", "--timeline", out + ".svg", "--quiet",
                                                     "--assets", assets])
            guard result.status == 0, let kib = ChildProcess.fields(result.errorOutput)["maxrss_kib"].flatMap(Double.init), kib > 0 else {
                throw .failed("render of \(Int(seconds)) s failed: \(result.errorOutput)")
            }
            return kib / 1024
        }
        let mib = { (value: Double) in String(format: "%.1f MiB", value) }
        func verdict(_ difference: Double, bar: Double) -> String {
            String(format: "%+.1f MiB", difference) + " (bar ≤ \(Int(bar)) MiB: \(difference <= bar ? "met" : "NOT MET"))"
        }

        print("render: peak RSS of `shooter-soundboard render`, \(Int(scale.renderLongSeconds)) s and \(Int(scale.renderShortSeconds)) s of 64 looping voices")
        var longPeaks: [Double] = []
        var shortPeaks: [Double] = []
        for _ in 0..<scale.renderRepetitions {
            longPeaks.append(try peak(seconds: scale.renderLongSeconds))
            shortPeaks.append(try peak(seconds: scale.renderShortSeconds))
        }
        let long = Summary(longPeaks), short = Summary(shortPeaks)
        table.add("render", "peak RSS, \(Int(scale.renderLongSeconds)) s 64-voice render vs \(Int(scale.renderShortSeconds)) s",
                  gameSound: long.text(mib), baseline: short.text(mib),
                  ratio: verdict(long.median - short.median, bar: lengthBarMiB))

        print("render: an hour's render (\(Int(scale.renderHourSeconds)) s) against an empty runtime")
        let hour = try peak(seconds: scale.renderHourSeconds)
        let empty = try ChildProcess.run(me, ["rss-child", "none", "1"])
        guard empty.status == 0, let emptyKiB = ChildProcess.fields(empty.output)["maxrss_kib"].flatMap(Double.init), emptyKiB > 0 else {
            throw .failed("rss-child failed: \(empty.errorOutput)")
        }
        table.add("render", "peak RSS, \(Int(scale.renderHourSeconds)) s 64-voice render vs an empty runtime",
                  gameSound: mib(hour), baseline: mib(emptyKiB / 1024),
                  ratio: verdict(hour - emptyKiB / 1024, bar: hourBarMiB))
    }
}
