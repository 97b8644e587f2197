// SPDX-License-Identifier: Zlib
import CSDBus
import Glibc

/// libsystemd's sd-bus, opened with `dlopen` the first time a bus is opened rather than linked: a
/// game that never reaches the desktop never maps libsystemd (issue 29).
enum LibSystemd {
    /// Opens libsystemd and resolves the sd-bus functions GameSound calls; once per process,
    /// thread-safe (the C loader does it under `pthread_once`; later calls return what the first
    /// one found).
    ///
    /// - Throws: ``DBusError`` (code `-ELIBACC`) when the library is not installed or lacks a
    ///   function: no bus can be reached then, as when the bus's socket is not there.
    static func load() throws(DBusError) {
        var reason: UnsafePointer<CChar>?
        guard gamesound_libsystemd_load(&reason) != nil else {
            throw DBusError(operation: "loading \(GAMESOUND_LIBSYSTEMD_SONAME) (sd-bus)", name: nil,
                            message: reason.map { String(cString: $0) } ?? "unknown reason", code: -ELIBACC)
        }
    }
}

/// libsystemd's sd-bus functions (`libsystemd.sd_bus_open_user(&bus)`), for code that runs once
/// ``LibSystemd/load()`` succeeded: a ``DBusConnection`` and its messages exist only then. Aborts otherwise.
var libsystemd: gamesound_libsystemd_functions { gamesound_libsystemd().pointee }
