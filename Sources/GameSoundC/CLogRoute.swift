// SPDX-License-Identifier: Zlib
import Logging

/// A C function registered with `gs_set_log_handler`, the pointer it gets back, and the lowest
/// level it receives.
///
/// The C side promises (in `gamesound.h`) that the function may be called from any thread, and
/// `userData` belongs to the caller: GameSound only passes it back. That promise is what makes
/// this value safe to share between threads.
struct CLogRoute: @unchecked Sendable {
    let function: gs_log_handler
    let userData: UnsafeMutableRawPointer?
    let minimum: Logger.Level

    /// Calls the function with `message`; its strings live until the function returns.
    func deliver(_ message: CLogMessage) {
        message.code.withCString { code in
            message.text.withCString { text in
                function(message.level.cValue, code, text, userData)
            }
        }
    }
}
