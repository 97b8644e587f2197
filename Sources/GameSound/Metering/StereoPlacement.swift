// SPDX-License-Identifier: Zlib
/// The left and right gains OpenAL Soft 1.19 gives a mono sound on stereo speakers, so the level
/// meters can place a sound where the mixer does.
///
/// OpenAL Soft pans through first-order ambisonics: it widens front azimuths by 1.5 (up to the side),
/// then decodes to a pair of speakers. Measured on its loopback device, a sound dead ahead comes out
/// at 0.596 on each side and a sound at the side only on that side; this reproduces both.
enum StereoPlacement {
    /// The decoder's weight for the front (X) component, scaled for the N3D normalisation OpenAL Soft uses.
    private static let frontWeight: Float = 0.0552305643 * Float(3).squareRoot()

    /// Left and right gains for a mono sound coming from `direction` (listener space: x right,
    /// y up, -z ahead; any length).
    static func gains(direction: (x: Float, y: Float, z: Float)) -> (left: Float, right: Float) {
        let length = (direction.x * direction.x + direction.y * direction.y + direction.z * direction.z).squareRoot()
        guard length > 0 else { return (0.5 + frontWeight, 0.5 + frontWeight) }
        let elevation = asin(max(-1, min(1, direction.y / length)))
        var azimuth = atan2(direction.x, -direction.z)
        if abs(azimuth) <= .pi / 2 {
            azimuth = min(abs(azimuth) * 1.5, .pi / 2) * (azimuth < 0 ? -1 : 1)
        }
        let side = 0.5 * sin(azimuth) * cos(elevation)
        let front = frontWeight * cos(azimuth) * cos(elevation)
        return (max(0, 0.5 - side + front), max(0, 0.5 + side + front))
    }

    /// The gain of OpenAL's clamped distance models at `distance` (the formulas of the OpenAL 1.1
    /// specification, as OpenAL Soft computes them).
    static func distanceGain(_ distance: Float, model: DistanceModel, reference: Float = 1,
                             maximum: Float = .greatestFiniteMagnitude, rolloff: Float = 1) -> Float {
        let clamped = min(max(distance, reference), maximum)
        switch model {
        case .none:
            return 1
        case .inverseClamped:
            return reference / (reference + rolloff * (clamped - reference))
        case .linearClamped:
            guard maximum > reference else { return 1 }
            return max(0, 1 - rolloff * (clamped - reference) / (maximum - reference))
        case .exponentClamped:
            return pow(clamped / reference, -rolloff)
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
