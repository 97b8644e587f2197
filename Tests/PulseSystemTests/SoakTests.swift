// SPDX-License-Identifier: Zlib
import AudioAnalysis
import CMallocStats
import Foundation
import GameSound
import PulseSystem
import Testing

/// The server SIGKILLed and restarted round after round under a playing game.
///
/// `GAMESOUND_SOAK_ROUNDS` rounds (Tests/pulse/run.sh: 10 by default, `make soak-desktop`: 100).
/// Each round: kill (`GAMESOUND_SERVER_KILL`), wait for "media services lost", start again
/// (`GAMESOUND_SERVER_START`, which returns once the server answers with a default sink), and
/// record the default sink's monitor until the soundtrack is heard in it: the time from the restart
/// until the recording holds it is the round's recovery time (bounds below). After each round
/// the process's descriptors, threads, live OpenAL objects, resident memory and heap are sampled.
extension PulseSystemTests {
    static var soakRounds: Int { Int(ProcessInfo.processInfo.environment["GAMESOUND_SOAK_ROUNDS"] ?? "") ?? 0 }

    /// What one round leaves behind.
    struct SoakSample {
        var recovery: Double
        var descriptors: Int
        var threads: Int
        var sources: Int
        var buffers: Int
        var residentKB: Int
        var heapKB: Int
    }

    static func count(in folder: String) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: folder).count) ?? 0
    }

    static func residentKB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    @Test("soak: the server SIGKILLed and restarted GAMESOUND_SOAK_ROUNDS times under a playing game: heard again within 2 s each time; no growth in descriptors, threads, OpenAL objects or memory",
          .enabled(if: soakRounds > 0, "GAMESOUND_SOAK_ROUNDS is not set"))
    func soak() throws {
        let rounds = Self.soakRounds
        let game = try playingGame()
        let (capture, events, runtime) = (game.log, game.events, game.runtime)
        defer { runtime.shutdown() }
        try #require(runtime.isSoundtrackPlaying)
        try #require(try MonitorRecording.heard(folder: folder))
        let began = Date()
        var samples: [SoakSample] = []
        var failedStarts = 0  // each may have shown the game one more loss and return (startServer())
        func count(_ name: String) -> Int { events.all.filter { $0 == name }.count }
        for round in 1...rounds {
            let (lostBefore, resetBefore, rebuiltBefore) = (count("mediaServicesLost"), count("mediaServicesReset"), count("contextRebuilt"))
            try PulseTestEnvironment.killServer()
            try #require(PulseTestEnvironment.waitUntil(seconds: 5) { count("mediaServicesLost") > lostBefore },
                         "round \(round): media services lost should be heard")
            failedStarts += try PulseTestEnvironment.startServer()
            let restarted = Date()
            // One recorder from the restart on, polled every 20 ms. (A recorder started later, on
            // PulseAudio's null sink, delivers its first samples up to ~2 s late: the sink renders
            // large blocks while no recorder asks for a low latency.)
            let recorder = try MonitorRecording.Running(folder: folder, device: PulseTestEnvironment.monitorSource)
            var recovery: Double?, reset: Double?, rebuilt: Double?
            while recovery == nil, Date().timeIntervalSince(restarted) < 5 {
                Thread.sleep(forTimeInterval: 0.02)
                let names = events.all
                if reset == nil, names.filter({ $0 == "mediaServicesReset" }).count > resetBefore { reset = Date().timeIntervalSince(restarted) }
                if rebuilt == nil, names.filter({ $0 == "contextRebuilt" }).count > rebuiltBefore { rebuilt = Date().timeIntervalSince(restarted) }
                if Signal.peak(try recorder.newSamples()) > 0.05 { recovery = Date().timeIntervalSince(restarted) }
            }
            _ = try recorder.stop()
            print(String(format: "soak(%@) round %d: reset %.2f s, device reopened %.2f s, heard %.2f s after the restart",
                         PulseTestEnvironment.kind?.rawValue ?? "?", round, reset ?? -1, rebuilt ?? -1, recovery ?? -1))
            let heardAfter = try #require(recovery, "round \(round): the game was not heard within 5 s of the restart")
            let live = runtime.liveOpenALObjects
            samples.append(SoakSample(recovery: heardAfter, descriptors: Self.count(in: "/proc/self/fd"),
                                      threads: Self.count(in: "/proc/self/task"), sources: live.sources, buffers: live.buffers,
                                      residentKB: Self.residentKB(), heapKB: Int(gs_malloc_bytes_in_use() / 1_024)))
        }
        let elapsed = Date().timeIntervalSince(began)
        Self.report(samples, kind: PulseTestEnvironment.kind?.rawValue ?? "?", seconds: elapsed)

        // The game is heard within 2 s of each restart on PipeWire (measured 0.16-0.25 s). On PulseAudio
        // the session is reset and the device reopened 0.22 s after the restart, but nothing reaches the
        // monitor before 2.0 s: a freshly started module-null-sink renders its first block of 2 s before
        // any client's lower latency counts. That is the test sink, not the game: a plain parec connected
        // at the restart receives its first bytes 2.0 s later whoever plays, and a real card's sink
        // wakes at once. The bound there is 2.5 s, and docs/reliability.md says so.
        let bound = PulseTestEnvironment.isPipeWire ? 2.0 : 2.5
        let recoveries = samples.map(\.recovery)
        #expect(recoveries.allSatisfy { $0 <= bound }, "heard within \(bound) s of each restart: \(recoveries)")
        #expect((rounds...rounds + failedStarts).contains(capture.lines("desktop.server-lost").count))
        #expect((rounds...rounds + failedStarts).contains(capture.lines("desktop.server-back").count))
        // Growth: the last rounds against the first (round 1 is left out: the first rebuild warms up
        // the allocator and libpulse). Counts must not grow beyond a slack of 2 threads (dispatch's worker
        // pool comes and goes) and 1 descriptor (a parec being reaped); OpenAL objects not at all.
        // The heap may grow 512 kB at most: libpulse and OpenAL Soft keep per-connection caches, but a
        // leak of one libpulse context or OpenAL device a round (each well over 50 kB) grows 5 MB in
        // 100 rounds and 450 kB in 10.
        let settled = Array(samples.dropFirst())
        let window = max(1, min(3, settled.count / 3))
        let first = Array(settled.prefix(window)), last = Array(settled.suffix(window))
        func most(_ part: [SoakSample], _ key: KeyPath<SoakSample, Int>) -> Int { part.map { $0[keyPath: key] }.max() ?? 0 }
        func least(_ part: [SoakSample], _ key: KeyPath<SoakSample, Int>) -> Int { part.map { $0[keyPath: key] }.min() ?? 0 }
        #expect(least(last, \.descriptors) <= most(first, \.descriptors) + 1, "descriptors grew")
        #expect(least(last, \.threads) <= most(first, \.threads) + 2, "threads grew")
        #expect(most(last, \.sources) <= most(first, \.sources), "OpenAL sources grew")
        #expect(most(last, \.buffers) <= most(first, \.buffers), "OpenAL buffers grew")
        #expect(least(last, \.heapKB) <= most(first, \.heapKB) + 512, "the heap grew")
        #expect(runtime.isRunning && runtime.isSoundtrackPlaying)
    }

    /// Prints the figures docs/reliability.md quotes.
    static func report(_ samples: [SoakSample], kind: String, seconds: Double) {
        let sorted = samples.map(\.recovery).sorted()
        func quantile(_ q: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] }
        func format(_ value: Double) -> String { String(format: "%.2f", value) }
        print("soak(\(kind)): \(samples.count) rounds in \(format(seconds)) s; recovery s: min \(format(sorted.first ?? 0)) "
              + "median \(format(quantile(0.5))) p90 \(format(quantile(0.9))) max \(format(sorted.last ?? 0))")
        print("soak(\(kind)): recoveries " + samples.map { format($0.recovery) }.joined(separator: " "))
        guard let first = samples.first, let last = samples.last else { return }
        for (name, key) in [("fds", \SoakSample.descriptors), ("threads", \.threads), ("sources", \.sources),
                            ("buffers", \.buffers), ("rss_kb", \.residentKB), ("heap_kb", \.heapKB)] {
            print("soak(\(kind)): \(name) round 1 \(first[keyPath: key]), round \(samples.count) \(last[keyPath: key]); "
                  + "all: " + samples.map { String($0[keyPath: key]) }.joined(separator: " "))
        }
    }
}
