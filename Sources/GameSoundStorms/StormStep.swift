// SPDX-License-Identifier: Zlib
/// A step and the frames rendered after it.
public struct StormStep: Hashable, Sendable {
    /// What the system or the game does.
    public var action: StormAction
    /// How many frames are rendered after it.
    public var framesAfter: Int

    /// Creates a step.
    public init(action: StormAction, framesAfter: Int) {
        self.action = action
        self.framesAfter = framesAfter
    }
}
