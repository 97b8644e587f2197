// SPDX-License-Identifier: Zlib
/// A value that can stand partway between two others: what a ``Ramp`` needs of what it moves.
///
/// A gain, a pitch or a pan is a `Float` and moves in a straight line; a place (``SIMDPosition``)
/// moves in a straight line too, each coordinate on its own; a ``Listener`` moves its place and
/// speed in straight lines but turns its facing and its head on the sphere.
protocol Interpolatable {
    /// The value a fraction `progress` of the way from `start` to `end`.
    ///
    /// - Parameters:
    ///   - start: Where the move begins (what `progress` 0 gives).
    ///   - end: Where the move ends (what `progress` 1 aims at; the arithmetic may land a rounding
    ///     step away, which is why ``Ramp/value(at:)`` returns `end` itself once there is no way left).
    ///   - progress: How far along, from 0 to 1.
    static func interpolated(from start: Self, to end: Self, progress: Float) -> Self
}

extension Float: Interpolatable {
    /// The straight line: `start + (end - start) * progress`.
    static func interpolated(from start: Float, to end: Float, progress: Float) -> Float {
        start + (end - start) * progress
    }
}

extension SIMDPosition: Interpolatable {
    /// The straight line between two places, each coordinate as a `Float` moves.
    static func interpolated(from start: SIMDPosition, to end: SIMDPosition, progress: Float) -> SIMDPosition {
        SIMDPosition(x: start.x + (end.x - start.x) * progress, y: start.y + (end.y - start.y) * progress,
                     z: start.z + (end.z - start.z) * progress)
    }
}
