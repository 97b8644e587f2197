// SPDX-License-Identifier: Zlib
import Logging

/// The C values of log levels, the `GS_LOG_` constants of `gamesound.h`. Part of the ABI: never
/// renumber one.
///
/// swift-log's seven levels fold into four: trace with debug, notice with info (the runtime's
/// notices are good news, such as an output that opened again), critical with error.
extension Logger.Level {
    /// `GS_LOG_DEBUG`, `GS_LOG_INFO`, `GS_LOG_WARNING` or `GS_LOG_ERROR`.
    var cValue: Int32 {
        switch self {
        case .trace, .debug: 0
        case .info, .notice: 1
        case .warning: 2
        case .error, .critical: 3
        }
    }

    /// The lowest swift-log level whose messages a handler set with `min_level` receives; nil for
    /// a value that is not a `GS_LOG_` level.
    init?(cMinimum: Int32) {
        switch cMinimum {
        case 0: self = .trace
        case 1: self = .info
        case 2: self = .warning
        case 3: self = .error
        default: return nil
        }
    }

    /// The level's name in a line on standard error: the C level's, lower case.
    var cName: String { ["debug", "info", "warning", "error"][Int(cValue)] }
}
