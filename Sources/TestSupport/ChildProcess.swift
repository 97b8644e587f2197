// SPDX-License-Identifier: Zlib
import Foundation

/// Another program run as a child process, the way the tests run the built tools (`make-assets`,
/// `shooter-soundboard`) and the desktop's programs (`pactl`, `paplay`, `parec`, `mpv`).
///
/// Every child reads its standard input from `/dev/null` unless told otherwise: a test never types
/// into it by accident.
public enum ChildProcess {
    /// How a program ended and what it printed.
    public struct Result: Sendable {
        /// The exit status (or the number of the signal that ended it).
        public var status: Int32
        /// Its standard output.
        public var output: String
        /// Its standard error.
        public var errorOutput: String
    }

    /// Where ``run(_:_:environment:directory:outputThrough:)`` sends a program's standard output.
    public enum OutputChannel: Sendable {
        /// A pipe, as a shell's `|` would: the program sees no terminal and no file.
        case pipe
        /// A temporary file, read once the program has ended: for a program that starts a daemon,
        /// which would hold a pipe open (and the read waiting) for ever.
        case file
    }

    /// Runs `executable` with `arguments` and waits for it to end.
    ///
    /// Standard error goes to a temporary file, so a program that writes a lot to both cannot block
    /// on one while its output is read from the other.
    /// - Parameters:
    ///   - environment: The program's environment; nil for this process's.
    ///   - directory: Its working directory; nil for this process's.
    ///   - channel: Where its standard output goes (a pipe unless it starts a daemon).
    /// - Returns: Its exit status, standard output and standard error.
    /// - Throws: When the program cannot be started or its output cannot be read.
    public static func run(_ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil,
                           directory: String? = nil, outputThrough channel: OutputChannel = .pipe) throws -> Result {
        let process = configured(executable, arguments, environment: environment, directory: directory)
        let errors = try TemporaryOutput()
        defer { errors.remove() }
        process.standardError = errors.writer
        let output: Data
        switch channel {
        case .pipe:
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
        case .file:
            let file = try TemporaryOutput()
            defer { file.remove() }
            process.standardOutput = file.writer
            try process.run()
            process.waitUntilExit()
            output = try file.contents()
        }
        return Result(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
                      errorOutput: String(decoding: try errors.contents(), as: UTF8.self))
    }

    /// Starts `executable` with `arguments` and returns at once, for a program that runs beside a
    /// test until ``stop(_:)``.
    /// - Parameters:
    ///   - environment: The program's environment; nil for this process's.
    ///   - directory: Its working directory; nil for this process's.
    ///   - input: Its standard input.
    ///   - output: Its standard output.
    ///   - errorOutput: Its standard error.
    /// - Returns: The running process.
    /// - Throws: When the program cannot be started.
    public static func start(_ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil,
                             directory: String? = nil, input: FileHandle = .nullDevice, output: FileHandle = .nullDevice,
                             errorOutput: FileHandle = .nullDevice) throws -> Process {
        let process = configured(executable, arguments, environment: environment, directory: directory)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errorOutput
        try process.run()
        return process
    }

    /// Ends a started program at once (`SIGKILL`) if it still runs, and waits until it has exited.
    public static func stop(_ process: Process) {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    private static func configured(_ executable: String, _ arguments: [String], environment: [String: String]?,
                                   directory: String?) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardInput = FileHandle.nullDevice
        return process
    }
}

/// A temporary file a child process writes to, read when it has ended.
private struct TemporaryOutput {
    let path = NSTemporaryDirectory() + "child-output-\(UUID().uuidString)"
    let writer: FileHandle

    init() throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        writer = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    /// Everything written to the file.
    ///
    /// Not `Data(contentsOf:)`: the Foundation of Swift 6.3 on Linux leaks a 4 kB buffer on every
    /// read of an empty file, and the sound server's kill and start scripts print nothing (12 kB a
    /// soak round; docs/reliability.md, the soak). FileHandle's read does not.
    func contents() throws -> Data {
        try writer.close()
        let reader = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? reader.close() }
        return try reader.readToEnd() ?? Data()
    }

    func remove() {
        try? writer.close()
        try? FileManager.default.removeItem(atPath: path)
    }
}
