// SPDX-License-Identifier: Zlib
/// The C type of a log handler, `gs_log_handler` in `gamesound.h`.
///
/// GameSound calls it with the message's level (a `GS_LOG_` value), its stable short code
/// (`"effect.undecodable"`), its text, and the pointer given to `gs_set_log_handler`. The strings are
/// valid only during the call.
public typealias gs_log_handler = @convention(c) (
    _ level: Int32, _ code: UnsafePointer<CChar>?, _ message: UnsafePointer<CChar>?,
    _ user_data: UnsafeMutableRawPointer?
) -> Void
