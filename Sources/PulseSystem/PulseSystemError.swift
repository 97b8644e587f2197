/// Why a ``PulseSystem`` could not be created.
///
/// Once a ``PulseSystem`` exists, the sound server going away is not an error: sessions hear
/// `mediaServicesLost`, and `mediaServicesReset` when it is back.
public enum PulseSystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No PulseAudio (or PipeWire-pulse) server answered at `server`; `reason` is libpulse's explanation.
    case serverUnreachable(server: String, reason: String)
    /// The server accepted the connection but did not describe itself within `seconds`.
    case timedOut(server: String, seconds: Double)
    /// libpulse could not create or start its main loop thread (out of memory or threads).
    case mainLoopFailed

    /// The stable short code the system's log line carries for this error (metadata key `code`).
    public var logCode: String {
        switch self {
        case .serverUnreachable: "desktop.no-server"
        case .timedOut: "desktop.server-timeout"
        case .mainLoopFailed: "desktop.main-loop-failed"
        }
    }

    /// A sentence naming the server and what went wrong.
    public var description: String {
        switch self {
        case .serverUnreachable(let server, let reason):
            "no PulseAudio server reachable at \(server): \(reason)"
        case .timedOut(let server, let seconds):
            "the PulseAudio server at \(server) accepted the connection but did not answer within \(seconds) s"
        case .mainLoopFailed:
            "libpulse could not start its threaded main loop"
        }
    }
}
