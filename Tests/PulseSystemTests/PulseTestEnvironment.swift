import Foundation
import Testing

/// The private PulseAudio daemon that `tests/pulse/run.sh` starts, and the tools that play
/// the other programs' parts (`paplay`, `parec`, `pactl`).
enum PulseTestEnvironment {
    /// Whether the run script asked for these tests (it sets `GAMESOUND_PULSE_TESTS=1`).
    static let requested = ProcessInfo.processInfo.environment["GAMESOUND_PULSE_TESTS"] == "1"

    /// The daemon's command line, so a test can restart it the way the script started it.
    static var daemonArguments: [String] {
        (ProcessInfo.processInfo.environment["GAMESOUND_PULSE_DAEMON_ARGS"] ?? "")
            .split(separator: " ").map(String.init)
    }

    /// The daemon's own HOME (the script keeps the real one for everything else).
    static var daemonHome: String? { ProcessInfo.processInfo.environment["GAMESOUND_PULSE_DAEMON_HOME"] }

    /// The environment for the other programs: without `PULSE_PROP`, which our process sets for
    /// its own streams and which must not make `paplay` a game too.
    static var otherProgramEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PULSE_PROP"] = nil
        return environment
    }

    /// Runs a tool to completion and returns its standard output.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String], home: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        var environment = otherProgramEnvironment
        if let home { environment["HOME"] = home }
        process.environment = environment
        // Output goes to a file, not a pipe: a daemon that forks would hold a pipe open forever.
        let path = NSTemporaryDirectory() + "pulse-tool-\(UUID().uuidString).out"
        try #require(FileManager.default.createFile(atPath: path, contents: nil), "cannot create \(path)")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try output.close()
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard process.terminationStatus == 0 else {
            throw ToolFailure(command: ([tool] + arguments).joined(separator: " "), status: process.terminationStatus)
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Kills the daemon and waits until it is gone.
    static func killDaemon() throws {
        try run("pulseaudio", ["--kill"], home: daemonHome)
        try #require(waitUntil(seconds: 10) { (try? run("pactl", ["info"])) == nil }, "the daemon did not stop")
    }

    /// Starts the daemon again with the script's command line.
    static func startDaemon() throws {
        try run("pulseaudio", daemonArguments, home: daemonHome)
        try #require(waitUntil(seconds: 10) { (try? run("pactl", ["info"])) != nil }, "the daemon did not start")
    }

    /// Polls `condition` every 20 ms for up to `seconds`; returns whether it became true.
    static func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition()
    }

    /// A temporary folder for generated sounds and recordings.
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "pulse-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// A tool that exited with a failure status.
struct ToolFailure: Error, CustomStringConvertible {
    let command: String
    let status: Int32
    var description: String { "`\(command)` exited with status \(status)" }
}
