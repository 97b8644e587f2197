// SPDX-License-Identifier: Zlib
import AudioSession
import Foundation
import GameSound
import Logging
import OpenAL
import Testing

/// `isHRTFActive` and the meters' `excludesHRTF` say what the output device mixes with, read back
/// from it, not what the runtime asked for.
@Suite("HRTF as the device reports it")
struct HRTFStateTests {
    private func runtime(_ output: GameSoundConfiguration.Output, sampleRate: Int = 48_000,
                         spatialization: Spatialization, logger: Logger = Logger(label: "gamesound")) throws -> GameSoundRuntime {
        OpenALProcess.setDrivers("null")
        var configuration = GameSoundConfiguration(output: output, sampleRate: sampleRate)
        configuration.spatialization = spatialization
        return try GameSoundRuntime(configuration: configuration, system: SimulatedSystem(), logger: logger)
    }

    @Test("headless at 44.1 and 48 kHz with HRTF asked: the loopback device grants it, and the meters say they leave it out",
          arguments: [44_100, 48_000])
    func grantedOnLoopback(sampleRate: Int) throws {
        let runtime = try runtime(.headless, sampleRate: sampleRate, spatialization: .hrtf)
        defer { runtime.shutdown() }
        _ = try runtime.render(frames: 1_024)
        #expect(runtime.isHRTFActive)
        #expect(runtime.levels.excludesHRTF)
        #expect(runtime.snapshot.levels.excludesHRTF)
    }

    @Test("headless at 22.05 kHz with HRTF asked: no HRTF set has that rate, so it reads false, the meters model all of the mix, and a warning says why")
    func refusedAtARateWithNoSet() throws {
        let store = DiagnosticsTests.Capture.Store()
        let logger = Logger(label: "gamesound") { DiagnosticsTests.Capture(label: $0, store: store) }
        let runtime = try runtime(.headless, sampleRate: 22_050, spatialization: .hrtf, logger: logger)
        defer { runtime.shutdown() }
        _ = try runtime.render(frames: 1_024)
        #expect(!runtime.isHRTFActive)
        #expect(!runtime.levels.excludesHRTF)
        let warning = try #require(store.entries.withLock { $0 }.first { $0.code == "hrtf.unavailable" })
        #expect(warning.level == .warning)
        #expect(warning.message.contains("unsupportedFormat"), "\(warning.message)")
    }

    @Test("HRTF not asked (stereo): false on loopback, and the meters leave nothing out")
    func notAsked() throws {
        let runtime = try runtime(.headless, spatialization: .stereo)
        defer { runtime.shutdown() }
        #expect(!runtime.isHRTFActive)
        #expect(!runtime.levels.excludesHRTF)
    }

    @Test("real time on OpenAL Soft's null device: HRTF asked at 48 kHz is granted and read back; stereo reads false",
          arguments: [Spatialization.hrtf, .stereo])
    func realtimeNullDevice(spatialization: Spatialization) throws {
        let runtime = try runtime(.realtime(), spatialization: spatialization)
        defer { runtime.shutdown() }
        #expect(runtime.isHRTFActive == (spatialization == .hrtf))
        #expect(runtime.levels.excludesHRTF == (spatialization == .hrtf))
    }
}
