// SPDX-License-Identifier: Zlib
/// The message of the last failed call on the calling thread.
///
/// Each thread has its own; a successful call leaves it unchanged.
///
/// - Returns: A sentence naming the function and what was wrong, or `""` if nothing failed yet on
///   this thread. Valid until the next failure on this thread; never NULL.
@c public func gs_last_error() -> UnsafePointer<CChar> {
    LastError.currentMessage
}

/// The code of the last failed call on the calling thread.
///
/// - Returns: A negative `GS_ERR_` code, or `GS_OK` if nothing failed yet on this thread.
@c public func gs_last_error_code() -> Int32 {
    LastError.currentCode
}

/// Why the last failed call on the calling thread dropped a play, when it returned `GS_ERR_DROPPED`.
///
/// Like the last error it describes the last failure: a success does not clear it.
///
/// - Returns: `GS_DROP_INTERRUPTED`, `GS_DROP_MEDIA_SERVICES_LOST`, `GS_DROP_ALL_VOICES_OUTRANK`,
///   `GS_DROP_SESSION_INACTIVE`, `GS_DROP_NO_OUTPUT_DEVICE`, `GS_DROP_BUS_VOICE_LIMIT`,
///   `GS_DROP_COOLDOWN` or `GS_DROP_MAX_INSTANCES`; `GS_DROP_NONE` (0) when the last failure was not
///   a drop, or nothing failed yet on this thread.
@c public func gs_last_drop_reason() -> Int32 {
    LastError.currentDropReason
}

/// The name of a result code, for logs.
///
/// - Parameter code: A value a `gs_` function returned.
/// - Returns: `"GS_OK"`, `"GS_ERR_INVALID_HANDLE"`, ..., or `"GS_ERR_UNKNOWN_CODE"`; never NULL,
///   valid as long as the process.
@c public func gs_result_name(_ code: Int32) -> UnsafePointer<CChar> {
    (ResultCode(rawValue: code)?.constantName ?? "GS_ERR_UNKNOWN_CODE").cString
}
