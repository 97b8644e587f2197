// SPDX-License-Identifier: Zlib
/// A refinement of a ``Category`` that tunes the system's processing for one use.
///
/// Which modes go with which categories is kept in ``CategoryRules``; every category accepts
/// ``default``. The ``name`` of each case is the spelling used in scenario files and logs.
public enum Mode: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// No special processing; valid with every category.
    case `default`
    /// Voice chat in a game; set by the system only, an app may not choose it.
    case gameChat
    /// Minimal signal processing, for measuring input or output.
    case measurement
    /// Playback of movies.
    case moviePlayback
    /// Short videos that the player watches with sound on, such as clips in a feed.
    case shortFormVideo
    /// Spoken content such as podcasts and audiobooks.
    case spokenAudio
    /// Two-way video chat.
    case videoChat
    /// Recording video.
    case videoRecording
    /// Two-way voice chat.
    case voiceChat
    /// Short spoken prompts, such as navigation directions.
    case voicePrompt

    /// The mode's name as the spec spells it, for example `"voiceChat"`.
    public var name: String { rawValue }

    /// The same as ``name``.
    public var description: String { rawValue }

    /// Parses a mode from its ``name``.
    ///
    /// - Parameter name: A spelling such as `"default"` or `"spokenAudio"` (case-sensitive).
    /// - Returns: `nil` when the name is not a mode.
    public init?(name: String) {
        self.init(rawValue: name)
    }
}
