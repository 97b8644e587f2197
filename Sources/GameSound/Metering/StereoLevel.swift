// SPDX-License-Identifier: Zlib
/// The level of a left and a right channel.
public struct StereoLevel: Sendable, Hashable {
    /// The left channel.
    public var left: ChannelLevel
    /// The right channel.
    public var right: ChannelLevel

    /// Nothing on either side.
    public static let silent = StereoLevel(left: .silent, right: .silent)

    /// Creates a stereo level.
    public init(left: ChannelLevel, right: ChannelLevel) {
        self.left = left
        self.right = right
    }

    /// Whether both channels are exactly silent.
    public var isSilent: Bool { left.peak == 0 && right.peak == 0 }
}
