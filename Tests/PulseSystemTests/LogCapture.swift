// SPDX-License-Identifier: Zlib
import Logging
import Synchronization

/// The lines a logger received, with their `code` metadata: a swift-log handler kept in memory.
final class LogCapture: Sendable {
    struct Line: Sendable {
        var level: Logger.Level
        var code: String?
        var message: String
    }

    private let lines = Mutex<[Line]>([])

    /// A logger whose every line (trace and up) lands here.
    var logger: Logger {
        Logger(label: "gamesound.desktop.test") { _ in Handler(capture: self) }
    }

    /// A logger whose every line lands here and is also printed (standard output), as the default logger does.
    var printingLogger: Logger {
        Logger(label: "gamesound") { label in MultiplexLogHandler([StreamLogHandler.standardOutput(label: label), Handler(capture: self)]) }
    }

    var all: [Line] { lines.withLock { $0 } }

    /// The lines carrying `code`.
    func lines(_ code: String) -> [Line] { all.filter { $0.code == code } }

    fileprivate func append(_ line: Line) { lines.withLock { $0.append(line) } }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let code = (event.metadata?["code"] ?? metadata["code"]).map { "\($0)" }
            capture.append(Line(level: event.level, code: code, message: event.message.description))
        }
    }
}
