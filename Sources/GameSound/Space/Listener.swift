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

/// A listener moving from one state to another over a number of frames; directions turn on the
/// sphere (a half turn goes round the head, not through it).
struct ListenerRamp {
    var from: Listener
    var to: Listener
    var startFrame: Int
    var frames: Int

    var endFrame: Int { startFrame + frames }

    func value(at frame: Int) -> Listener {
        guard frames > 0 else { return to }
        let t = Float(min(max(frame - startFrame, 0), frames)) / Float(frames)
        var listener = Listener()
        listener.position = Self.mix(from.position, to.position, t)
        listener.velocity = Self.mix(from.velocity, to.velocity, t)
        listener.up = Self.turn(from.up, to.up, t, axis: from.at)
        listener.at = Self.turn(from.at, to.at, t, axis: listener.up)
        return listener
    }

    static func mix(_ a: SIMDPosition, _ b: SIMDPosition, _ t: Float) -> SIMDPosition {
        SIMDPosition(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, z: a.z + (b.z - a.z) * t)
    }

    /// Spherical interpolation between two directions; opposite ones turn about `axis`.
    static func turn(_ a: SIMDPosition, _ b: SIMDPosition, _ t: Float, axis: SIMDPosition) -> SIMDPosition {
        let a = a.normalized, b = b.normalized
        let cosine = max(-1, min(1, a.x * b.x + a.y * b.y + a.z * b.z))
        if cosine > 0.9999 { return mix(a, b, t).normalized }
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
