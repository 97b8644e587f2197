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

    var description: String { "\(operation): \(name.map { "\($0): " } ?? "")\(message)" }
}
