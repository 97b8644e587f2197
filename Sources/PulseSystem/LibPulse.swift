// SPDX-License-Identifier: Zlib
import CPulse

/// libpulse, opened with `dlopen` the first time the desktop is probed rather than linked: a game
/// that never probes it (headless, the simulated system, an offline render) never maps libpulse
/// and the libraries it brings (issue 29).
enum LibPulse {
    /// Opens libpulse and resolves the functions GameSound calls; once per process, thread-safe
    /// (the C loader does it under `pthread_once`; later calls return what the first one found).
    ///
    /// - Throws: ``PulseSystemError/libraryUnavailable(library:reason:)`` when the library is not
    ///   installed or lacks a function: the desktop is then unavailable, as when no server answers.
    static func load() throws(PulseSystemError) {
        var reason: UnsafePointer<CChar>?
        guard gamesound_libpulse_load(&reason) != nil else {
            throw .libraryUnavailable(library: GAMESOUND_LIBPULSE_SONAME,
                                      reason: reason.map { String(cString: $0) } ?? "unknown reason")
        }
    }
}

/// libpulse's functions (`libpulse.pa_context_new(api, name)`), for code that runs once
/// ``LibPulse/load()`` succeeded: a ``PulseConnection`` exists only then. Aborts otherwise.
var libpulse: gamesound_libpulse_functions { gamesound_libpulse().pointee }
