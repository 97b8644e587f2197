/// The errors the wrappers raise themselves, counted for ``OpenALProcess/errorCount``.
extension OpenALError {
    /// Makes an error the wrappers are about to throw, and counts it.
    static func raised(operation: String, code: Code) -> OpenALError {
        let error = OpenALError(operation: operation, code: code)
        OpenALProcess.countError(error)
        if traceErrors { FileHandle.standardError.write(Data("OpenAL error raised: \(error)\n".utf8)) }
        return error
    }
}

/// Set `GAMESOUND_TRACE_AL_ERRORS=1` to have every raised error written to standard error.
private let traceErrors = ProcessInfo.processInfo.environment["GAMESOUND_TRACE_AL_ERRORS"] == "1"

import Foundation
