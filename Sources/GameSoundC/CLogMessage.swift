// SPDX-License-Identifier: Zlib
import Logging

/// One log message on its way to the C side: its level, its stable short code and its text.
struct CLogMessage: Sendable {
    let level: Logger.Level
    let code: String
    let text: String

    /// The line written to standard error when no handler is set.
    var standardErrorLine: String { "gamesound: \(level.cName) \(code): \(text)\n" }
}
