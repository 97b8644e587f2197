// SPDX-License-Identifier: Zlib
import AudioSession
import Foundation
import GameSound
import OpenAL
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Long runs: many media-services resets and interruptions with effects and the soundtrack playing.
///
/// Off by default (minutes); `make endurance-cycles` sets `GAMESOUND_ENDURANCE=1`, and `make sanitize`
/// runs them under AddressSanitizer and LeakSanitizer. `GAMESOUND_RESETS` and
/// `GAMESOUND_INTERRUPTIONS` change the counts (1 000 and 10 000).
@Suite("Endurance", .serialized, .enabled(if: ProcessInfo.processInfo.environment["GAMESOUND_ENDURANCE"] == "1"))
struct EnduranceTests {
    static let resets = Int(ProcessInfo.processInfo.environment["GAMESOUND_RESETS"] ?? "") ?? 1_000
    static let interruptions = Int(ProcessInfo.processInfo.environment["GAMESOUND_INTERRUPTIONS"] ?? "") ?? 10_000
    /// How much resident memory may grow after the warm-up, in kilobytes.
    static let rssBoundKB = 8_192
    /// Whether the process runs under AddressSanitizer (`make sanitize`): ASan holds freed memory in
    /// quarantine (up to 256 MB), so resident memory says nothing about leaks there and its bound is
    /// not checked; LeakSanitizer reports any leak at exit instead.
    static let underAddressSanitizer = dlsym(nil, "__asan_init") != nil

    /// The process's resident memory (VmRSS) in kilobytes, or nil if /proc cannot be read.
    static func residentKB() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return line.split(separator: " ").compactMap { Int($0) }.first
    }

    private func makeRuntime(strategy: GameSoundConfiguration.InterruptionStrategy) throws -> GameSoundRuntime {
        OpenALProcess.setDrivers("null")
        let runtime = try GameSoundRuntime(configuration: .init(output: .headless, voices: 16, interruptionStrategy: strategy),
                                           system: SimulatedSystem(), soundtrack: StormAssets.trackPath("stormA"))
        for name in StormAssets.effects + [StormAssets.probe] { try runtime.preload(name, path: StormAssets.effectPath(name)) }
        return runtime
    }

    /// Runs `cycles` disturbances, checking objects each cycle and memory every 1/20th; prints what it measured.
    private func endure(_ label: String, cycles: Int, runtime: GameSoundRuntime,
                        disturb: (GameSoundRuntime) throws -> Void) throws {
        let errors = OpenALProcess.errorCountOnCurrentThread
        try runtime.play(StormAssets.probe, options: PlayOptions(gain: 0.5, loop: true, priority: 100))
        var objects: (sources: Int, buffers: Int)?
        var baselineKB: Int?
        var peakKB = 0
        let warmUp = max(cycles / 10, 1)
        for cycle in 0..<cycles {
            try runtime.play(StormAssets.effects[cycle % StormAssets.effects.count])
            try disturb(runtime)
            let samples = try runtime.render(frames: 512)
            // The looping probe is back in the very first block after every disturbance.
            #expect(samples.prefix(512).contains { $0 != 0 }, "silent after cycle \(cycle)")
            let live = runtime.liveOpenALObjects
            if let objects {
                #expect(live.sources == objects.sources && live.buffers == objects.buffers,
                        "cycle \(cycle): \(live) live OpenAL objects, \(objects) after the first")
            } else {
                objects = live
            }
            if cycle == warmUp { baselineKB = Self.residentKB() }
            if cycle % max(cycles / 20, 1) == 0 || cycle == cycles - 1, let rss = Self.residentKB() { peakKB = max(peakKB, rss) }
        }
        #expect(OpenALProcess.errorCountOnCurrentThread == errors)
        let finalKB = Self.residentKB() ?? 0
        let growth = max(peakKB, finalKB) - (baselineKB ?? finalKB)
        print("endurance \(label): \(cycles) cycles, live OpenAL objects \(objects.map { "\($0)" } ?? "?") throughout, "
              + "VmRSS \(baselineKB ?? 0) kB after warm-up, peak \(peakKB) kB, final \(finalKB) kB, growth \(growth) kB"
              + (Self.underAddressSanitizer ? " (AddressSanitizer: not checked)" : ""))
        #expect(growth <= Self.rssBoundKB || Self.underAddressSanitizer, "resident memory grew by \(growth) kB")
    }

    @Test("1 000 media-services resets with effects and the soundtrack playing: objects constant, memory flat")
    func mediaServicesResets() throws {
        let runtime = try makeRuntime(strategy: .suspendContext)
        try endure("media-services resets", cycles: Self.resets, runtime: runtime) { runtime in
            try runtime.perform(.mediaServicesLose)
            _ = try runtime.render(frames: 256)
            try runtime.perform(.mediaServicesReset)
        }
        runtime.shutdown()
    }

    @Test("10 000 interruptions (suspend and rebuild) with effects and the soundtrack playing: objects constant, memory flat",
          arguments: GameSoundConfiguration.InterruptionStrategy.allCases)
    func interruptions(strategy: GameSoundConfiguration.InterruptionStrategy) throws {
        let runtime = try makeRuntime(strategy: strategy)
        try endure("interruptions (\(strategy.rawValue))", cycles: Self.interruptions, runtime: runtime) { runtime in
            try runtime.perform(.phoneRing)
            _ = try runtime.render(frames: 256)
            try runtime.perform(.phoneDecline)
        }
        runtime.shutdown()
    }
}
