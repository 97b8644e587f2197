// SPDX-License-Identifier: Zlib
/// What one ``Category`` does, as a row of the category table.
public struct CategoryTraits: Sendable, Hashable {
    /// Whether the silent switch, the screen lock and the background silence its output;
    /// `nil` where the question does not apply (no output).
    public let silencedBySwitchAndLock: Bool?
    /// Whether it mixes with other audio without any option.
    public let mixesByDefault: Bool
    /// Whether it records.
    public let hasInput: Bool
    /// Whether it plays.
    public let hasOutput: Bool
    /// The options that may be combined with it.
    public let allowedOptions: CategoryOptions
    /// The modes that may be combined with it by an app.
    public let allowedModes: Set<Mode>
    /// Whether an active session of this category keeps the app running in the background.
    public let keepsRunningInBackground: Bool
}
