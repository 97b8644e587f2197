// SPDX-License-Identifier: Zlib
/// Where the player's ears are: a place, a facing and a speed, in OpenAL's right-handed
/// coordinates (x right, y up, z towards the viewer, so the default facing is −z).
///
/// Set it with ``GameSoundRuntime/setListener(position:at:up:velocity:over:)``, for example from
/// the camera every frame.
public struct Listener: Sendable, Hashable {
    /// Where the listener stands.
    public var position = SIMDPosition(x: 0, y: 0, z: 0)
    /// The direction the listener faces.
    public var at = SIMDPosition(x: 0, y: 0, z: -1)
    /// The direction of the top of the listener's head.
    public var up = SIMDPosition(x: 0, y: 1, z: 0)
    /// How fast the listener moves, in units per second (heard as Doppler shift).
    public var velocity = SIMDPosition(x: 0, y: 0, z: 0)

    /// A listener at the origin, facing −z, head up, still.
    public init() {}
}

extension Listener: Interpolatable {
    /// The listener partway through a move: its place and speed in straight lines, its head and
    /// facing turned on the sphere (a half turn goes round the head, not through it).
    ///
    /// `up` turns first, about the old facing; then `at` turns about the new `up`, so that the two
    /// stay at right angles as they go.
    static func interpolated(from start: Listener, to end: Listener, progress: Float) -> Listener {
        var listener = Listener()
        listener.position = .interpolated(from: start.position, to: end.position, progress: progress)
        listener.velocity = .interpolated(from: start.velocity, to: end.velocity, progress: progress)
        listener.up = turn(start.up, end.up, progress, axis: start.at)
        listener.at = turn(start.at, end.at, progress, axis: listener.up)
        return listener
    }

    /// Spherical interpolation between two directions; opposite ones turn about `axis`.
    private static func turn(_ a: SIMDPosition, _ b: SIMDPosition, _ t: Float, axis: SIMDPosition) -> SIMDPosition {
        let a = a.normalized, b = b.normalized
        let cosine = max(-1, min(1, a.x * b.x + a.y * b.y + a.z * b.z))
        if cosine > 0.9999 { return SIMDPosition.interpolated(from: a, to: b, progress: t).normalized }
        if cosine < -0.9999 {
            // Half a turn: go round `axis` (perpendicular to a), a × axis being the way round.
            let side = SIMDPosition(x: axis.y * a.z - axis.z * a.y, y: axis.z * a.x - axis.x * a.z, z: axis.x * a.y - axis.y * a.x).normalized
            let angle = Float.pi * t
            return SIMDPosition(x: a.x * cos(angle) + side.x * sin(angle), y: a.y * cos(angle) + side.y * sin(angle),
                                z: a.z * cos(angle) + side.z * sin(angle)).normalized
        }
        let omega = acos(cosine), sine = sin(omega)
        let wa = sin((1 - t) * omega) / sine, wb = sin(t * omega) / sine
        return SIMDPosition(x: a.x * wa + b.x * wb, y: a.y * wa + b.y * wb, z: a.z * wa + b.z * wb)
    }
}

extension SIMDPosition {
    /// The same direction at length 1 (unchanged when the length is 0).
    var normalized: SIMDPosition {
        let length = self.length
        return length > 0 ? SIMDPosition(x: x / length, y: y / length, z: z / length) : self
    }
}

#if canImport(Glibc)
import Glibc
#endif
