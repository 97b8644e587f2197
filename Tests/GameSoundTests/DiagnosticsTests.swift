// SPDX-License-Identifier: Zlib
import AudioSession
import Foundation
import GameSound
import Logging
import OpenAL
import Synchronization
import Testing

/// What a game's logs receive from the runtime through swift-log.
@Suite("Diagnostics")
struct DiagnosticsTests {
    /// A log handler that keeps every message, with its level, its code (metadata "code") and the logger's label.
    struct Capture: LogHandler {
        let label: String
        let store: Store
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        final class Store: Sendable {
            let entries = Mutex<[(label: String, level: Logger.Level, message: String, code: String?)]>([])
        }

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let code = (event.metadata?["code"] ?? metadata["code"]).map { "\($0)" }
            store.entries.withLock { $0.append((label, event.level, event.message.description, code)) }
        }
    }

    /// A logger that keeps what it is given, on OpenAL Soft's null device.
    private func capturingLogger() -> (Logger, Capture.Store) {
        OpenALProcess.setDrivers("null")
        let store = Capture.Store()
        return (Logger(label: "gamesound") { Capture(label: $0, store: store) }, store)
    }

    private func runtime(system: SimulatedSystem = SimulatedSystem()) throws -> (GameSoundRuntime, Capture.Store) {
        let (logger, store) = capturingLogger()
        let runtime = try GameSoundRuntime(configuration: .init(output: .headless), system: system, logger: logger)
        return (runtime, store)
    }

    @Test("a file that does not decode is reported at error level under the label gamesound, naming the effect")
    func decodeFailure() throws {
        let (runtime, store) = try runtime()
        let path = NSTemporaryDirectory() + "diagnostics-\(UUID().uuidString).ogg"
        try Data("not audio at all".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: GameSoundError.self) { try runtime.preload("laser", path: path) }
        let entries = store.entries.withLock { $0 }
        let entry = try #require(entries.first { $0.message.contains("cannot load the effect 'laser'") })
        #expect(entry.label == "gamesound")
        #expect(entry.level == .error)
        #expect(entry.code == "effect.undecodable")
        #expect(entry.message.contains("not a WAV, Ogg Vorbis, Opus or FLAC file"))
    }

    @Test("a real output that does not open at once is tried again, a warning each time, and the runtime starts on it")
    func firstOutputRetried() throws {
        let (logger, store) = capturingLogger()
        // The device opens (OpenAL Soft's null device), its context is refused twice: as a settling
        // sound server refuses the first stream.
        OpenALProcess.failNextCalls(of: "alcCreateContext", count: 2, code: .invalidDevice)
        defer { OpenALProcess.clearInjectedFailures() }
        let began = ContinuousClock.now
        let runtime = try GameSoundRuntime(configuration: .init(output: .realtime()), system: SimulatedSystem(), logger: logger)
        defer { runtime.shutdown() }
        let waited = ContinuousClock.now - began
        let retries = store.entries.withLock { $0 }.filter { $0.code == "output.open-retried" }
        #expect(retries.count == 2)
        #expect(retries.allSatisfy { $0.level == .warning && $0.message.contains("alcCreateContext") })
        #expect(retries.last?.message.contains("attempt 3 of 3") == true)
        #expect(waited >= .milliseconds(500), "two pauses of 0.25 s: \(waited)")
        // On a context of its own, which the null device mixes in real time.
        #expect(runtime.isRunning)
        #expect(runtime.liveOpenALObjects.sources > 0)
        let frame = runtime.currentFrame
        usleep(200_000)
        #expect(runtime.currentFrame > frame)
    }

    @Test("a real output refused three times fails the runtime's creation with OpenAL's error, after two warnings")
    func firstOutputFails() throws {
        let (logger, store) = capturingLogger()
        OpenALProcess.failNextCalls(of: "alcCreateContext", count: 3, code: .invalidDevice)
        defer { OpenALProcess.clearInjectedFailures() }
        #expect {
            _ = try GameSoundRuntime(configuration: .init(output: .realtime()), system: SimulatedSystem(), logger: logger)
        } throws: { error in
            "\(error)".contains("alcCreateContext")
        }
        #expect(store.entries.withLock { $0 }.filter { $0.code == "output.open-retried" }.count == 2)
        // A headless output is never tried again: a loopback device has no server to settle.
        OpenALProcess.failNextCalls(of: "alcCreateContext", count: 1, code: .invalidDevice)
        #expect(throws: GameSoundError.self) {
            _ = try GameSoundRuntime(configuration: .init(output: .headless), system: SimulatedSystem(), logger: logger)
        }
        #expect(store.entries.withLock { $0 }.filter { $0.code == "output.open-retried" }.count == 2)
    }

    @Test("an activation the system refuses is reported once at warning level, and the retry that succeeds logs nothing more")
    func refusedActivation() throws {
        let system = SimulatedSystem()
        let (runtime, store) = try runtime(system: system)
        try runtime.perform(.phoneRing)
        try runtime.perform(.phoneAccept)
        try runtime.perform(.appForeground)
        _ = try runtime.render(frames: 2_048)
        let warnings = store.entries.withLock { $0 }.filter { $0.level == .warning }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("insufficientPriority") == true)
        #expect(warnings.first?.code == "session.activation-refused")
        try runtime.perform(.phoneHangUp)
        _ = try runtime.render(frames: 2_048)
        #expect(runtime.isRunning)
        #expect(store.entries.withLock { $0 }.filter { $0.level >= .warning }.count == 1)
    }
}
