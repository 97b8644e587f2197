// SPDX-License-Identifier: Zlib
import Dispatch
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where every ``CLogHandler`` sends its messages: the process-wide handler of `gs_set_log_handler`,
/// or standard error without one.
///
/// The runtime logs while it holds its lock, and a handler may call any `gs_` function, which may
/// take that lock. So a handler is never called on the logging thread: messages
/// are queued, in order, and a delivery queue of their own calls it. Standard error, which calls
/// nothing back, is written at once on the logging thread, so a game that exits right after an
/// error still shows it.
final class CLogSink: Sendable {
    static let shared = CLogSink()

    /// The handler set now; nil for standard error (warnings and errors only).
    private let route = Mutex<CLogRoute?>(nil)
    private let delivery = DispatchQueue(label: "GameSound log")
    /// Set on the delivery queue's thread while it calls a handler.
    private static let delivering = ThreadLocalSlot(destructor: nil)

    /// The lowest level that goes anywhere now: the handler's minimum, or warning for standard error.
    var minimumLevel: Logger.Level { route.withLock { $0?.minimum ?? .warning } }

    /// Sends `message` to the handler set now (queued) or to standard error, if its level is high enough.
    func submit(_ message: CLogMessage) {
        route.withLock { route in
            guard let route else {
                if message.level >= .warning { Self.writeToStandardError(message.standardErrorLine) }
                return
            }
            guard message.level >= route.minimum else { return }
            // Queued under the lock, so that a message logged before `set` is ahead of `set`'s wait.
            delivery.async {
                Self.delivering.value = UnsafeMutableRawPointer(bitPattern: 1)
                defer { Self.delivering.value = nil }
                route.deliver(message)
            }
        }
    }

    /// Replaces the handler (nil: standard error), then waits until every message logged before
    /// has been delivered, so the previous handler is not called once this returns. It does not
    /// wait when called from a handler or from an event callback (whose thread may hold the lock a
    /// handler waits for): there the previous handler may still receive what was queued before.
    func set(_ new: CLogRoute?) {
        route.withLock { $0 = new }
        guard Self.delivering.value == nil, !CallbackDepth.isInsideCallback else { return }
        delivery.sync {}
    }

    /// One `write` per line, so lines from several threads do not interleave.
    private static func writeToStandardError(_ line: String) {
        var line = line
        line.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
