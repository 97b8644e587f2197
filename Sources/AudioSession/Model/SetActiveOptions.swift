// SPDX-License-Identifier: Zlib
/// Options for ``AudioSession/setActive(_:options:)``.
public struct SetActiveOptions: OptionSet, Sendable, Hashable {
    /// The bits of the set.
    public let rawValue: UInt32

    /// Creates a set from its bits.
    ///
    /// - Parameter rawValue: The bits, one per option.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// When deactivating, tell the apps this session interrupted that they may resume.
    ///
    /// Without it they receive an interruption end without `shouldResume`, and a music
    /// player stays paused.
    public static let notifyOthersOnDeactivation = SetActiveOptions(rawValue: 1 << 0)
}
