// SPDX-License-Identifier: Zlib
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
    /// libpulse itself could not be loaded (it is opened on first use, not linked): `library` is
    /// its soname (`libpulse.so.0`), `reason` the dynamic loader's message (not installed, or a
    /// function missing). The desktop is unavailable, as when no server answers.
    case libraryUnavailable(library: String, reason: String)

    /// The stable short code the system's log line carries for this error (metadata key `code`).
    public var logCode: String {
        switch self {
        case .serverUnreachable: "desktop.no-server"
        case .timedOut: "desktop.server-timeout"
        case .mainLoopFailed: "desktop.main-loop-failed"
        case .libraryUnavailable: "desktop.no-libpulse"
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
        case .libraryUnavailable(let library, let reason):
            "\(library) (the sound server's client library) could not be loaded: \(reason)"
        }
    }
}
