// SPDX-License-Identifier: Zlib
import Logging

/// A swift-log handler that forwards to the C API's log: the handler of `gs_set_log_handler`, or
/// standard error (warnings and errors, prefixed `gamesound:`) without one. Any `Logger` can use it
/// (see ``CLog/logger(label:)``), so every part of the library a C game runs reports the same way.
///
/// A message's code is its metadata "code"; one without takes the logger's label. Other metadata
/// follows the text as `key=value`.
struct CLogHandler: LogHandler {
    let label: String
    var metadata: Logger.Metadata = [:]
    private var levelOverride: Logger.Level?

    init(label: String) {
        self.label = label
    }

    /// The level the C side asks for now (`gs_set_log_handler`'s `min_level`, or warning), unless
    /// set on this logger; the C side's minimum applies either way.
    var logLevel: Logger.Level {
        get { levelOverride ?? CLogSink.shared.minimumLevel }
        set { levelOverride = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var all = metadata
        if let extra = event.metadata { all.merge(extra) { $1 } }
        let code = all.removeValue(forKey: "code").map { "\($0)" } ?? label
        let details = all.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        CLogSink.shared.submit(CLogMessage(level: event.level, code: code, text: event.message.description + details))
    }
}
