// SPDX-License-Identifier: Zlib
import GameSound

/// Which way the listener of a scenario's `listener` event faces: the value of its `orientation`,
/// `{"at": [X, Y, Z], "up": [X, Y, Z]}`.
///
/// `at` is the direction the listener looks in and `up` the direction of the top of its head, in
/// OpenAL's coordinates (x right, y up, z towards the viewer, so the default facing is `[0, 0, -1]`
/// with `[0, 1, 0]` up). Neither need be of length 1, but neither may be zero, and they may not
/// point the same way or opposite ways. `{"at": [0, 0, 1], "up": [0, 1, 0]}` turns the listener
/// round: a sound at +X is then on the left.
public struct ListenerOrientation: Sendable, Hashable {
    /// The direction the listener faces.
    public var at: SIMDPosition
    /// The direction of the top of the listener's head; not along ``at``.
    public var up: SIMDPosition

    /// Creates an orientation.
    ///
    /// - Parameters:
    ///   - at: The direction the listener faces.
    ///   - up: The direction of the top of its head.
    public init(at: SIMDPosition, up: SIMDPosition) {
        self.at = at
        self.up = up
    }
}
