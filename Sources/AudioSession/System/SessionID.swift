// SPDX-License-Identifier: Zlib
/// The handle a ``SystemAudio`` gives each session attached to it.
public struct SessionID: Sendable, Hashable, CustomStringConvertible {
    /// The number the system chose; unique within one system.
    public let rawValue: UInt64

    /// Wraps a number chosen by a ``SystemAudio`` implementation.
    ///
    /// - Parameter rawValue: A number unique within that system.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// `session#` followed by the number.
    public var description: String { "session#\(rawValue)" }
}
