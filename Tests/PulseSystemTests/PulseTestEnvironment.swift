// SPDX-License-Identifier: Zlib
import Foundation
import Testing
import TestSupport

/// The private sound server that `Tests/desktop/with-server.sh` starts (PulseAudio or PipeWire),
/// and the tools that play the other programs' parts (`paplay`, `parec`, `pactl`).
enum PulseTestEnvironment {
    /// Which server the harness started.
    enum ServerKind: String {
        case pulseaudio
        case pipewire
    }

    private static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The server under test, from `GAMESOUND_SERVER_KIND`; nil outside the harness.
    static let kind = ProcessInfo.processInfo.environment["GAMESOUND_SERVER_KIND"].flatMap(ServerKind.init(rawValue:))

    /// Whether a private server runs for these tests (`Tests/pulse/run.sh` runs them under the harness).
    static let requested = kind != nil

    /// Whether the server is PipeWire's (`pipewire-pulse`), where it behaves differently from PulseAudio.
    static var isPipeWire: Bool { kind == .pipewire }

    /// The monitor of the sink that is the default at start (`null.monitor`, `auto_null.monitor`).
    static var monitorSource: String { environment["GAMESOUND_MONITOR_SOURCE"] ?? "@DEFAULT_MONITOR@" }

    /// The latency recorders ask of `parec`: PipeWire delivers nothing within a second without one.
    static var recordLatencyMilliseconds: String { environment["GAMESOUND_RECORD_LATENCY_MSEC"] ?? "20" }

    /// The environment for the other programs: without `PULSE_PROP`, which our process sets for
    /// its own streams and which must not make `paplay` a game too.
    static var otherProgramEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PULSE_PROP"] = nil
        return environment
    }

    /// Runs a tool to completion and returns its standard output.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        // Output goes to a file, not a pipe: a daemon that forks (the start script's) would hold a pipe open forever.
        let result = try ChildProcess.run("/usr/bin/env", [tool] + arguments, environment: otherProgramEnvironment,
                                          outputThrough: .file)
        guard result.status == 0 else {
            throw ToolFailure(command: ([tool] + arguments).joined(separator: " "), status: result.status,
                              output: result.output + result.errorOutput)
        }
        return result.output
    }

    /// Starts another program (a tool on `PATH`, with ``otherProgramEnvironment``) beside a test;
    /// `ChildProcess.stop(_:)` ends it.
    static func start(_ arguments: [String], output: FileHandle = .nullDevice) throws -> Process {
        try ChildProcess.start("/usr/bin/env", arguments, environment: otherProgramEnvironment, output: output)
    }

    /// Kills the server (`SIGKILL`; on PipeWire pipewire, wireplumber and pipewire-pulse) with the
    /// harness's `GAMESOUND_SERVER_KILL` and waits until it no longer answers.
    static func killServer() throws {
        try run(try script("GAMESOUND_SERVER_KILL"), [])
        try #require(waitUntil(seconds: 10) { (try? run("pactl", ["info"])) == nil }, "the server did not stop")
    }

    /// Starts the server again as the harness first started it (`GAMESOUND_SERVER_START`); returns
    /// once it answers with a default sink. The private PipeWire restarted under a playing game
    /// failed to become ready about once in 75 restarts (every daemon idle, nobody answered), and
    /// once (CI, 2026-11-28) three times in a row, a failed start having left pipewire running with
    /// its socket's lock. The testbed now kills what a failed start started, waits for pipewire's
    /// socket to take a connection and for WirePlumber to be set up before pipewire-pulse starts
    /// (none failed in 600 rounds since: docs/reliability.md). What the start script said (why, and
    /// the daemons' logs) is printed and it is started again, up to three times in all, a second
    /// apart, so that the tests built on it measure the game's recovery, not the private server's.
    ///
    /// A failed start may have let the game connect for a moment before its daemons were killed: the
    /// game then saw one more loss and return than the test caused. The returned count of failed
    /// starts lets a test that counts those allow for them.
    /// - Returns: How many starts failed before the one that worked (0 almost always).
    @discardableResult
    static func startServer() throws -> Int {
        let start = try script("GAMESOUND_SERVER_START")
        for failed in 0..<2 {
            do {
                try run(start, [])
                return failed
            } catch let failure as ToolFailure {
                print("the private server did not start (\(failure)); starting it again in 1 s (try \(failed + 2) of 3)")
                usleep(1_000_000)
            }
        }
        try run(start, [])
        return 2
    }

    /// Stops every daemon of the server (`SIGSTOP`): it keeps its sockets and answers nothing.
    /// - Returns: The stopped processes, for ``continueServer(_:)``.
    static func stopServer() throws -> [pid_t] {
        let folder = try script("GAMESOUND_SERVER_PIDS")
        let pids = try FileManager.default.contentsOfDirectory(atPath: folder).compactMap { name in
            (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)).flatMap {
                pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        try #require(!pids.isEmpty, "no server process ids in \(folder)")
        for pid in pids { kill(pid, SIGSTOP) }
        return pids
    }

    /// Lets stopped daemons run again (`SIGCONT`).
    static func continueServer(_ pids: [pid_t]) {
        for pid in pids { kill(pid, SIGCONT) }
    }

    private static func script(_ name: String) throws -> String {
        try #require(environment[name], "\(name) is not set: run under Tests/desktop/with-server.sh")
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
    /// What the tool printed on its standard output and error, to say why: its first line (the start
    /// script's says why the server did not start) and its last lines (the daemons' logs).
    var output = ""
    var description: String {
        let lines = output.split(separator: "\n")
        let shown = lines.count <= 24 ? Array(lines) : Array(lines.prefix(2)) + ["..."] + Array(lines.suffix(21))
        return "`\(command)` exited with status \(status)" + (shown.isEmpty ? "" : ": " + shown.joined(separator: " | "))
    }
}
