// SPDX-License-Identifier: Zlib
/// A temporary output choice for a `playAndRecord` session, made with
/// ``AudioSession/overrideOutputAudioPort(_:)``.
public enum OutputPortOverride: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// No override: output goes where the category sends it (the receiver, or the speaker with
    /// `defaultToSpeaker`, or the newest plugged device).
    case none
    /// Output goes to the built-in speaker, whatever is plugged in.
    case speaker

    /// The override's name as scenario files spell it: `"none"` or `"speaker"`.
    public var name: String { rawValue }

    /// The same as ``name``.
    public var description: String { rawValue }

    /// Parses an override from its ``name``.
    ///
    /// - Parameter name: `"none"` or `"speaker"`.
    /// - Returns: `nil` for any other text.
    public init?(name: String) {
        self.init(rawValue: name)
    }
}
