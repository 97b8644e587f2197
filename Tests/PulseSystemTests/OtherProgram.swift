import AudioFiles
import AudioAnalysis
import Foundation

/// Another program playing through the server: `paplay` with a media role, playing a tone
/// long enough to outlast a test, stopped by ``stop()`` (or when dropped).
final class OtherProgram {
    private let process = Process()

    /// Starts `paplay --property=media.role=<role>` (no property at all when `role` is nil).
    init(role: String?, folder: String) throws {
        let path = folder + "/other-\(role ?? "none")-\(UUID().uuidString).wav"
        let tone = Signal.sine(frequency: 330, amplitude: 0.3, frameCount: 44_100 * 60, sampleRate: 44_100)
        try WAVEncoder.write(PCMBuffer(format: PCMFormat(sampleRate: 44_100, channelCount: 1), samples: tone),
                             as: .pcm16, to: path)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["paplay"] + (role.map { ["--property=media.role=\($0)"] } ?? []) + [path]
        process.environment = PulseTestEnvironment.otherProgramEnvironment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// The program's process id, as the server reports it in `application.process.id`.
    var processID: Int32 { process.processIdentifier }

    /// Stops the program at once (its stream disappears from the server) and waits for it to exit.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }
}
