// SPDX-License-Identifier: Zlib
/// The kind of audio an app makes, which decides how the system treats it.
///
/// The category answers questions such as "is this sound silenced by the silent switch?",
/// "does it stop the player's music?" and "does it record?". The full table of what each
/// category does lives in ``CategoryRules``. The ``name`` of each case is the spelling used
/// in scenario files and event logs.
public enum Category: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Sound that accompanies the app and mixes with other audio; silenced by the silent switch and screen lock.
    case ambient
    /// The default: the app's own sound replaces other audio; silenced by the silent switch and screen lock.
    case soloAmbient
    /// Sound central to the app (a media player); not silenced by the silent switch, may play in the background.
    case playback
    /// Recording only; no output.
    case record
    /// Recording and playback at once (voice chat); output goes to the receiver unless told otherwise.
    case playAndRecord
    /// Several inputs and outputs at once, for example headphones and HDMI together.
    case multiRoute
    /// Legacy offline processing: neither input nor output.
    case audioProcessing

    /// The category's name as the spec and scenario files spell it, for example `"soloAmbient"`.
    public var name: String { rawValue }

    /// The same as ``name``.
    public var description: String { rawValue }

    /// Parses a category from its ``name``.
    ///
    /// - Parameter name: A spelling such as `"ambient"` or `"playAndRecord"` (case-sensitive).
    /// - Returns: `nil` when the name is not a category.
    public init?(name: String) {
        self.init(rawValue: name)
    }
}
