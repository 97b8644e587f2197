// SPDX-License-Identifier: Zlib
/// A point in the game world, in OpenAL's coordinates.
public struct SIMDPosition: Sendable, Hashable {
    /// Right of the listener.
    public var x: Float
    /// Above the listener.
    public var y: Float
    /// Behind the listener (towards the player's back); negative is in front.
    public var z: Float

    /// Creates a position.
    public init(x: Float, y: Float, z: Float) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// Whether all three numbers are finite (no NaN, no infinity).
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

    /// The distance from the origin.
    public var length: Float { (x * x + y * y + z * z).squareRoot() }
}
