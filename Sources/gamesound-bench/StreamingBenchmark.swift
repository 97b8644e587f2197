// SPDX-License-Identifier: Zlib
import Foundation
import GameSound
import OpenAL

/// Streaming: peak memory while a long and a short soundtrack play (each in a child process of its
/// own, so one case's allocations cannot raise another's peak), and underruns during a real-time run
/// on OpenAL Soft's null backend, with and without two busy processes competing for the cores.
enum StreamingBenchmark {
    /// Child side of the memory case: plays `path` (or nothing, for "none") headlessly for `seconds`
    /// and prints its peak RSS.
    static func rssChild(path: String, seconds: Double) throws(BenchError) {
        do {
            let runtime = try GameSoundRuntime(configuration: .init(policy: .effectsPlusSoundtrack, output: .headless),
                                               soundtrack: path == "none" ? nil : path)
            var block = [Float](repeating: 0, count: 512)
            let blocks = Int(seconds * Double(Fixtures.sampleRate)) / 256
            try block.withUnsafeMutableBufferPointer { (buffer) throws(GameSoundError) in
                for _ in 0..<blocks { try runtime.render(into: buffer) }
            }
            print("maxrss_kib=\(Measure.peakRSSKiB() ?? -1) playing=\(runtime.isSoundtrackPlaying) position=\(runtime.soundtrackPosition ?? -1)")
            runtime.shutdown()
        } catch { throw .failed("rss-child: \(error)") }
    }

    /// Child side of the underrun case: real-time output on the null backend for `seconds`.
    static func underrunChild(path: String, seconds: Double) throws(BenchError) {
        guard OpenALProcess.setDrivers("null", overridingEnvironment: true) else {
            throw .failed("underrun-child: OpenAL Soft had already started; cannot choose the null backend")
        }
        do {
            let runtime = try GameSoundRuntime(configuration: .init(policy: .effectsPlusSoundtrack, output: .realtime()),
                                               soundtrack: path)
            Thread.sleep(forTimeInterval: seconds)
            print("underruns=\(runtime.soundtrackUnderruns) playing=\(runtime.isSoundtrackPlaying) position=\(runtime.soundtrackPosition ?? -1)")
            runtime.shutdown()
        } catch { throw .failed("underrun-child: \(error)") }
    }

    static func run(scale: BenchScale, table: ReportTable, me: String) throws(BenchError) {
        let folder = try Fixtures.temporaryFolder("tracks")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let long = folder + "/long.ogg"
        let short = folder + "/short.ogg"
        print("streaming: encoding a \(Int(scale.longTrackSeconds)) s and a \(Int(scale.shortTrackSeconds)) s soundtrack")
        try Fixtures.writeSoundtrack(seconds: scale.longTrackSeconds, to: long)
        try Fixtures.writeSoundtrack(seconds: scale.shortTrackSeconds, to: short)
        func peak(_ track: String) throws(BenchError) -> Double {
            let result = try ChildProcess.run(me, ["rss-child", track, String(scale.rssRenderSeconds)])
            let fields = ChildProcess.fields(result.output)
            guard result.status == 0, let kib = fields["maxrss_kib"].flatMap(Double.init), kib > 0 else {
                throw .failed("rss-child failed: \(result.errorOutput)")
            }
            if track != "none", fields["playing"] != "true" { throw .failed("rss-child: the soundtrack did not play") }
            return kib / 1024
        }
        var longPeaks: [Double] = []
        var shortPeaks: [Double] = []
        var idlePeaks: [Double] = []
        for _ in 0..<scale.repetitions {
            longPeaks.append(try peak(long))
            shortPeaks.append(try peak(short))
            idlePeaks.append(try peak("none"))
        }
        let mib = { (value: Double) in String(format: "%.1f MiB", value) }
        let longSummary = Summary(longPeaks)
        let shortSummary = Summary(shortPeaks)
        table.add("streaming", "peak RSS, \(Int(scale.longTrackSeconds)) s track vs \(Int(scale.shortTrackSeconds)) s track",
                  gameSound: longSummary.text(mib), baseline: shortSummary.text(mib),
                  ratio: String(format: "%+.1f MiB", longSummary.median - shortSummary.median))
        table.add("streaming", "peak RSS, \(Int(scale.shortTrackSeconds)) s track vs no soundtrack",
                  gameSound: shortSummary.text(mib), baseline: Summary(idlePeaks).text(mib),
                  ratio: String(format: "%+.1f MiB", shortSummary.median - Summary(idlePeaks).median))

        func underruns(loaded: Bool) throws(BenchError) -> String {
            var hogs: [Process] = []
            if loaded {
                for _ in 0..<2 {
                    let hog = Process()
                    hog.executableURL = URL(fileURLWithPath: "/bin/sh")
                    hog.arguments = ["-c", "while :; do :; done"]
                    do { try hog.run() } catch { throw .failed("cannot start a busy loop: \(error)") }
                    hogs.append(hog)
                }
            }
            defer {
                for hog in hogs {
                    kill(hog.processIdentifier, SIGKILL)
                    hog.waitUntilExit()
                }
            }
            let result = try ChildProcess.run(me, ["underrun-child", long, String(scale.underrunSeconds)])
            let fields = ChildProcess.fields(result.output)
            guard result.status == 0, let count = fields["underruns"] else {
                throw .failed("underrun-child failed: \(result.errorOutput)")
            }
            return "\(count) (playing: \(fields["playing"] ?? "?"))"
        }
        print("streaming: \(Int(scale.underrunSeconds)) s real-time on the null backend, idle then with 2 busy loops")
        let idle = try underruns(loaded: false)
        let busy = try underruns(loaded: true)
        table.add("streaming", "underruns in \(Int(scale.underrunSeconds)) s real time: 2 busy loops vs idle machine",
                  gameSound: busy, baseline: idle)
    }
}
