// SPDX-License-Identifier: Zlib
import CSDBus
import Glibc

/// A received D-Bus message (a reply or a signal), read front to back.
///
/// Valid on the bus's own thread only; it holds a reference to the sd-bus message until dropped.
final class DBusMessage {
    private let message: OpaquePointer

    /// Takes over a reference the caller owns.
    init(adopting message: OpaquePointer) {
        self.message = message
    }

    /// Takes a reference of its own to a message lent to a callback.
    init(borrowing message: OpaquePointer) {
        // sd_bus_message_ref returns the message it was given (nil only for nil).
        self.message = libsystemd.sd_bus_message_ref(message)!
    }

    deinit {
        _ = libsystemd.sd_bus_message_unref(message)
    }

    /// The unique name of the connection that sent it (`:1.42`).
    var sender: String? { libsystemd.sd_bus_message_get_sender(message).map { String(cString: $0) } }

    /// The serial its sender gave it: a connection numbers what it sends in order, so of two messages
    /// from one sender, the lower serial was sent first. nil for a message not sent yet.
    var serial: UInt64? {
        var cookie: UInt64 = 0
        return libsystemd.sd_bus_message_get_cookie(message, &cookie) >= 0 ? cookie : nil
    }

    /// The signal's or method's name.
    var member: String? { libsystemd.sd_bus_message_get_member(message).map { String(cString: $0) } }

    /// The next argument as a string (`s`) or object path (`o`).
    func string(_ type: Character = "s") throws(DBusMessageError) -> String {
        var value: UnsafePointer<CChar>?
        try check(libsystemd.sd_bus_message_read_basic(message, CChar(type.asciiValue!), &value), reading: type)
        guard let value else { throw DBusMessageError(expected: type) }
        return String(cString: value)
    }

    /// The next argument as a boolean (`b`).
    func bool() throws(DBusMessageError) -> Bool {
        var value: Int32 = 0
        try check(libsystemd.sd_bus_message_read_basic(message, CChar(UInt8(ascii: "b")), &value), reading: "b")
        return value != 0
    }

    /// The next argument as an unsigned 32-bit integer (`u`).
    func uint32() throws(DBusMessageError) -> UInt32 {
        var value: UInt32 = 0
        try check(libsystemd.sd_bus_message_read_basic(message, CChar(UInt8(ascii: "u")), &value), reading: "u")
        return value
    }

    /// The next argument as a signed 32-bit integer (`i`).
    func int32() throws(DBusMessageError) -> Int32 {
        var value: Int32 = 0
        try check(libsystemd.sd_bus_message_read_basic(message, CChar(UInt8(ascii: "i")), &value), reading: "i")
        return value
    }

    /// The next argument as a signed 64-bit integer (`x`).
    func int64() throws(DBusMessageError) -> Int64 {
        var value: Int64 = 0
        try check(libsystemd.sd_bus_message_read_basic(message, CChar(UInt8(ascii: "x")), &value), reading: "x")
        return value
    }

    /// The next argument, a variant, read with `body` when it holds `contents`; nil (and skipped)
    /// when it holds something else.
    func variant<Value>(
        holding contents: String, _ body: () throws(DBusMessageError) -> Value
    ) throws(DBusMessageError) -> Value? {
        var type: CChar = 0
        var held: UnsafePointer<CChar>?
        try check(libsystemd.sd_bus_message_peek_type(message, &type, &held), reading: "v")
        guard type == CChar(UInt8(ascii: "v")), let held else { throw DBusMessageError(expected: "v") }
        guard String(cString: held) == contents else {
            try check(libsystemd.sd_bus_message_skip(message, "v"), reading: "v")
            return nil
        }
        try check(libsystemd.sd_bus_message_enter_container(message, CChar(UInt8(ascii: "v")), contents), reading: "v")
        let value = try body()
        try check(libsystemd.sd_bus_message_exit_container(message), reading: "v")
        return value
    }

    /// Reads an array (`a` of `contents`), calling `element` until it is exhausted.
    func array(of contents: String, _ element: () throws(DBusMessageError) -> Void) throws(DBusMessageError) {
        try check(libsystemd.sd_bus_message_enter_container(message, CChar(UInt8(ascii: "a")), contents), reading: "a")
        while libsystemd.sd_bus_message_at_end(message, 0) == 0 {
            try element()
        }
        try check(libsystemd.sd_bus_message_exit_container(message), reading: "a")
    }

    /// Reads a dictionary entry (`{` `contents` `}`) with `body`.
    func entry(_ contents: String, _ body: () throws(DBusMessageError) -> Void) throws(DBusMessageError) {
        try check(libsystemd.sd_bus_message_enter_container(message, CChar(UInt8(ascii: "e")), contents), reading: "e")
        try body()
        try check(libsystemd.sd_bus_message_exit_container(message), reading: "e")
    }

    /// Reads a `a{sv}` dictionary, handing each key to `value`, which reads (or skips) the variant.
    func properties(_ value: (String) throws(DBusMessageError) -> Void) throws(DBusMessageError) {
        try array(of: "{sv}") { () throws(DBusMessageError) in
            try entry("sv") { () throws(DBusMessageError) in
                let key = try string()
                try value(key)
            }
        }
    }

    /// Skips the next argument of the given signature.
    func skip(_ signature: String) throws(DBusMessageError) {
        try check(libsystemd.sd_bus_message_skip(message, signature), reading: Character(String(signature.prefix(1))))
    }

    private func check(_ result: Int32, reading type: Character) throws(DBusMessageError) {
        // sd-bus returns 0 at the end of a container: a message that is shorter than it should be.
        guard result > 0 else { throw DBusMessageError(expected: type) }
    }
}
