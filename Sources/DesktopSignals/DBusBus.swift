// SPDX-License-Identifier: Zlib
/// Which bus a watcher listens on.
enum DBusBus: Sendable {
    /// The user's session bus (`DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`): MPRIS players.
    case session
    /// The machine's system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else `/run/dbus/system_bus_socket`): logind.
    case system

    var name: String { self == .session ? "session bus" : "system bus" }
}
