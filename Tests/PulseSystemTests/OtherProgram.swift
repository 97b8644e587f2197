// SPDX-License-Identifier: Zlib
import AudioFiles
import AudioAnalysis
import Foundation
import TestSupport

/// Another program playing through the server: `paplay` with a media role, playing a tone
/// long enough to outlast a test, stopped by ``stop()`` (or when dropped).
final class OtherProgram {
    private let process: Process

    /// Starts `paplay --property=media.role=<role>` (no property at all when `role` is nil).
    convenience init(role: String?, folder: String) throws {
        try self.init(properties: role.map { ["media.role=\($0)"] } ?? [], folder: folder)
    }

    /// Starts `paplay` with each of `properties` (`key=value`) set on its stream.
    convenience init(properties: [String], folder: String) throws {
        let path = try Self.tone(in: folder)
        try self.init(arguments: ["paplay"] + properties.map { "--property=\($0)" } + [path])
    }

    /// Starts `mpv` as a player would run it (its default output: PipeWire's own where it runs,
    /// else PulseAudio), playing the tone.
    convenience init(mpvPlayingFor folder: String) throws {
        let path = try Self.tone(in: folder)
        try self.init(arguments: ["mpv", "--no-video", "--no-config", "--really-quiet", path])
    }

    private init(arguments: [String]) throws {
        process = try PulseTestEnvironment.start(arguments)
    }

    /// A 60 s tone at 330 Hz, long enough to outlast a test.
    private static func tone(in folder: String) throws -> String {
        let path = folder + "/other-\(UUID().uuidString).wav"
        let tone = Signal.sine(frequency: 330, amplitude: 0.3, frameCount: 44_100 * 60, sampleRate: 44_100)
        try WAVEncoder.write(PCMBuffer(format: PCMFormat(sampleRate: 44_100, channelCount: 1), samples: tone),
                             as: .pcm16, to: path)
        return path
    }

    /// The program's process id, as the server reports it in `application.process.id`.
    var processID: Int32 { process.processIdentifier }

    /// Stops the program at once (its stream disappears from the server) and waits for it to exit.
    func stop() {
        ChildProcess.stop(process)
    }

    deinit { stop() }
}
