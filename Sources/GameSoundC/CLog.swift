// SPDX-License-Identifier: Zlib
import Logging

/// Loggers for the parts of the library a C game runs.
enum CLog {
    /// A logger whose messages go where the C game asked (`gs_set_log_handler`), or to standard error.
    ///
    /// - Parameter label: The logger's label; the code of a message that carries none.
    /// - Returns: A `Logger` that forwards through ``CLogHandler``.
    static func logger(label: String) -> Logger {
        Logger(label: label) { CLogHandler(label: $0) }
    }
}
