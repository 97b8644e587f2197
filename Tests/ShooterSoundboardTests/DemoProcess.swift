// SPDX-License-Identifier: Zlib
import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `shooter-soundboard` binary as a child process, as a user would.
enum DemoProcess {
    /// The repository root, found from this file's location.
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The binary next to the test bundle (SwiftPM builds every product into the same folder).
    static var binary: String {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var candidate = folder
        // The test bundle may be a directory (…/GameSoundPackageTests.xctest) or a file; its folder holds the products.
        if candidate.lastPathComponent.hasSuffix(".xctest") { candidate.deleteLastPathComponent() }
        return candidate.appendingPathComponent("shooter-soundboard").path
    }

    /// Runs the binary with `arguments` from the repository root, on OpenAL Soft's null device, and waits for it.
    static func run(_ arguments: [String], directory: String = repositoryRoot) throws -> ChildProcess.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["ALSOFT_DRIVERS"] = "null"
        return try ChildProcess.run(binary, arguments, environment: environment, directory: directory)
    }
}

/// The binary running in a pseudo-terminal: keys in, screen out.
final class PseudoTerminalSession {
    private let master: Int32
    private let process: Process
    private var screen = ""
    /// Everything the program wrote to the terminal so far, as bytes: a character can arrive split
    /// across two reads, so the text is decoded from the whole.
    private var transcriptBytes: [UInt8] = []
    /// Everything the program wrote to the terminal so far.
    var transcript: String { String(decoding: transcriptBytes, as: UTF8.self) }

    init(arguments: [String], columns: Int = 120, rows: Int = 40) throws {
        var master: Int32 = 0, slave: Int32 = 0
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(.ENODEV) }
        self.master = master
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process = try ChildProcess.start(DemoProcess.binary, arguments, directory: DemoProcess.repositoryRoot,
                                         input: terminal, output: terminal, errorOutput: terminal)
    }

    /// What a frame shows: the text without escape sequences (CSI sequences such as `ESC[K`).
    static func visibleText(_ frame: String) -> String {
        var text = ""
        var scalars = frame.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else { text.unicodeScalars.append(scalar); continue }
            guard scalars.next() == "[" else { continue }
            while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
        }
        return text
    }

    /// Types `keys`.
    func send(_ keys: String) {
        var keys = keys
        keys.withUTF8 { _ = write(master, $0.baseAddress, $0.count) }
    }

    /// Reads the screen until `text` appears (true) or `timeout` seconds pass (false).
    func waitFor(_ text: String, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Date() < deadline {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 100) > 0 {
                let count = read(master, &buffer, buffer.count)
                if count > 0 {
                    screen += String(decoding: buffer[0..<count], as: UTF8.self)
                    transcriptBytes += buffer[0..<count]
                }
            }
            if let range = screen.range(of: text, options: .backwards), screen.distance(from: range.lowerBound, to: screen.endIndex) < 4_000 {
                screen = String(screen[range.upperBound...])
                return true
            }
        }
        return false
    }

    /// Sends SIGINT, as a terminal does for Ctrl-C.
    func interrupt() { process.interrupt() }

    /// Waits for the process to end and returns its exit status.
    func waitForExit(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { _ = waitFor("\u{0}", timeout: 0.1) }
        if process.isRunning { process.terminate(); return nil }
        process.waitUntilExit()  // isRunning can turn false before the status is recorded
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
    }
}
