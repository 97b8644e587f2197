// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#endif

/// The errors the wrappers raise themselves, counted for ``OpenALProcess/errorCount``.
extension OpenALError {
    /// Makes an error the wrappers are about to throw, and counts it.
    static func raised(operation: String, code: Code) -> OpenALError {
        let error = OpenALError(operation: operation, code: code)
        OpenALProcess.countError(error)
        if traceErrors {
            let line = Array("OpenAL error raised: \(error)\n".utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
        return error
    }
}

/// Set `GAMESOUND_TRACE_AL_ERRORS=1` to have every raised error written to standard error.
private let traceErrors = getenv("GAMESOUND_TRACE_AL_ERRORS").map { String(cString: $0) } == "1"
