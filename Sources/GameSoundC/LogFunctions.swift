// SPDX-License-Identifier: Zlib
import Logging

/// Sets the function that receives the library's log messages, process-wide (every runtime, and
/// whatever else the library runs).
///
/// The handler gets each message at or above `min_level`: its `GS_LOG_` level, a stable short code
/// (`"effect.undecodable"`, listed in docs/c-api.md) and its text. It is called from a delivery
/// thread of the library's own, one message at a time and in order, never while the runtime holds
/// its lock, so it may call any `gs_` function. Without a handler (and after NULL), warnings and
/// errors go to standard error as `gamesound: <level> <code>: <text>`, and nothing below.
///
/// When this returns, every message logged before has reached the previous handler, which is not
/// called again; so its `user_data` may be freed. Called from a handler or an event callback, it
/// does not wait for that.
///
/// - Parameters:
///   - handler: The function, or NULL for standard error.
///   - user_data: Passed back to the handler untouched.
///   - min_level: The lowest level delivered: `GS_LOG_DEBUG`, `GS_LOG_INFO`, `GS_LOG_WARNING` or
///     `GS_LOG_ERROR`; ignored with a NULL handler.
/// - Returns: `GS_OK`, or `GS_ERR_INVALID_ARGUMENT` for a `min_level` that is no `GS_LOG_` value
///   (nothing changes).
@c public func gs_set_log_handler(
    _ handler: gs_log_handler?, _ user_data: UnsafeMutableRawPointer?, _ min_level: Int32
) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        var route: CLogRoute?
        if let handler {
            guard let minimum = Logger.Level(cMinimum: min_level) else {
                throw CFailure(.invalidArgument, "gs_set_log_handler: min_level \(min_level) is not a GS_LOG_ level (0 to 3)")
            }
            route = CLogRoute(function: handler, userData: user_data, minimum: minimum)
        }
        CLogSink.shared.set(route)
        return ResultCode.ok.rawValue
    }
}
