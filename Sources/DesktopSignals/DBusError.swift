// SPDX-License-Identifier: Zlib
import Glibc

/// Why a D-Bus request failed: the operation, and the bus's error name and message or the errno.
struct DBusError: Error, CustomStringConvertible, Sendable {
    /// What was asked, for example `org.mpris.MediaPlayer2.Player.Pause on :1.42`.
    let operation: String
    /// The D-Bus error name (`org.freedesktop.DBus.Error.NoReply`), or nil for a local failure.
    let name: String?
    /// The bus's message, or the errno's description.
    let message: String
    /// The negative errno sd-bus returned.
    let code: Int32

    /// Whether the other side never answered within the timeout. (`NoReply` is not: the bus says so
    /// when the other side went away without answering.)
    var isTimeout: Bool { name == "org.freedesktop.DBus.Error.Timeout" || (name == nil && code == -ETIMEDOUT) }

    var description: String { "\(operation): \(name.map { "\($0): " } ?? "")\(message)\(sandboxHint)" }

    /// Inside Flatpak, a session bus that drops the connection at once is its filtering proxy:
    /// xdg-dbus-proxy before 0.1.6 (Debian 12 has 0.1.4) cannot carry libsystemd's D-Bus client,
    /// which sends its first message with its authentication. Said, so that the player (or the
    /// game's developer) knows the cause and the remedy.
    private var sandboxHint: String {
        guard name == nil, code == -ENOTCONN || code == -ECONNRESET, access("/.flatpak-info", F_OK) == 0 else { return "" }
        return " (inside Flatpak: the session bus's filter, xdg-dbus-proxy, must be 0.1.6 or newer for libsystemd's "
            + "D-Bus client; docs/shipping.md)"
    }
}
