// SPDX-License-Identifier: Zlib
import Foundation

/// Runs another program to completion and reports its output and the CPU time it used.
enum ChildProcess {
    struct Result {
        var status: Int32
        var output: String
        var errorOutput: String
        var cpuSeconds: Double
    }

    /// Runs `executable` with `arguments`, waits for it, and returns what it printed.
    ///
    /// CPU time is read from this process's `RUSAGE_CHILDREN` before and after, so it covers the
    /// child (and its own children) only. Not safe to call from two threads at once.
    static func run(_ executable: String, _ arguments: [String]) throws(BenchError) -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let cpu0 = Measure.childrenCPUSeconds()
        do { try process.run() } catch { throw .failed("cannot start \(executable): \(error)") }
        let errReader = PipeReader(err.fileHandleForReading)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorData = errReader.wait()
        return Result(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
                      errorOutput: String(decoding: errorData, as: UTF8.self),
                      cpuSeconds: Measure.childrenCPUSeconds() - cpu0)
    }

    /// Where a program is on `PATH`, or nil.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// `key=value` pairs from a line such as `voices=4 cpu=0.12`.
    static func fields(_ line: String) -> [String: String] {
        var result: [String: String] = [:]
        for token in line.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let parts = token.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { result[String(parts[0])] = String(parts[1]) }
        }
        return result
    }
}
