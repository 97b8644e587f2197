// SPDX-License-Identifier: Zlib
import CSDBus

/// Appends values to a D-Bus message being built (a property's reply), remembering the first
/// failure: sd-bus's non-variadic append calls, one type code at a time.
final class DBusWriter {
    private let message: OpaquePointer
    /// sd-bus's result: the first negative one, or 0.
    private(set) var result: Int32 = 0

    init(_ message: OpaquePointer) {
        self.message = message
    }

    func string(_ value: String, type: Character = "s") {
        value.withCString { append(type, $0) }
    }

    func bool(_ value: Bool) {
        var number: Int32 = value ? 1 : 0
        append("b", &number)
    }

    func double(_ value: Double) {
        var number = value
        append("d", &number)
    }

    func int64(_ value: Int64) {
        var number = value
        append("x", &number)
    }

    func strings(_ values: [String]) {
        container("a", "s") { for value in values { string(value) } }
    }

    /// MPRIS's `Metadata` (`a{sv}`): the track's id and, when there is one, its title.
    func metadata(trackID: String, title: String?) {
        container("a", "{sv}") {
            entry("mpris:trackid") { container("v", "o") { string(trackID, type: "o") } }
            if let title { entry("xesam:title") { container("v", "s") { string(title) } } }
        }
    }

    /// A portal's options (`a{sv}`) with string values, in key order.
    func options(_ options: [String: String]) {
        container("a", "{sv}") {
            for (key, value) in options.sorted(by: { $0.key < $1.key }) {
                entry(key) { container("v", "s") { string(value) } }
            }
        }
    }

    private func entry(_ key: String, _ value: () -> Void) {
        container("e", "sv") {
            string(key)
            value()
        }
    }

    private func container(_ type: Character, _ contents: String, _ body: () -> Void) {
        check(libsystemd.sd_bus_message_open_container(message, CChar(type.asciiValue!), contents))
        body()
        check(libsystemd.sd_bus_message_close_container(message))
    }

    private func append(_ type: Character, _ value: UnsafeRawPointer) {
        check(libsystemd.sd_bus_message_append_basic(message, CChar(type.asciiValue!), value))
    }

    private func check(_ code: Int32) {
        if code < 0, result == 0 { result = code }
    }
}
