// SPDX-License-Identifier: Zlib
/// A message that did not hold what its interface promises: a wrong type, or too few arguments.
struct DBusMessageError: Error, CustomStringConvertible, Sendable {
    /// The D-Bus type code that was expected next.
    let expected: Character

    var description: String { "the message does not hold the '\(expected)' its interface promises" }
}
