// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A stereo buffer of exactly one loop's length in which writes past the end wrap to the start.
///
/// Notes that ring past the last bar, and echoes of the last bar, land at the beginning, just
/// where they would sound when the track plays again: that is what makes the loop seamless.
struct StereoLoop {
    var left: [Float]
    var right: [Float]

    init(frameCount: Int) {
        left = [Float](repeating: 0, count: frameCount)
        right = left
    }

    var frameCount: Int { left.count }

    /// Adds a mono sound at `frame`, placed by `pan` (-1 left, 0 centre, 1 right) at equal power.
    mutating func add(_ sound: [Float], at frame: Int, gain: Float, pan: Float = 0) {
        let angle = Double(pan + 1) * Double.pi / 4
        add(sound, at: frame, leftGain: gain * Float(cos(angle)), rightGain: gain * Float(sin(angle)))
    }

    /// Adds a mono sound at `frame` with a separate gain for each side.
    mutating func add(_ sound: [Float], at frame: Int, leftGain: Float, rightGain: Float) {
        let count = frameCount
        for (offset, sample) in sound.enumerated() {
            let index = (frame + offset) % count
            left[index] += sample * leftGain
            right[index] += sample * rightGain
        }
    }

    /// Adds another loop of the same length, scaled by `gain`.
    mutating func mix(_ other: StereoLoop, gain: Float) {
        precondition(other.frameCount == frameCount, "loops must have the same length")
        for index in 0..<frameCount {
            left[index] += other.left[index] * gain
            right[index] += other.right[index] * gain
        }
    }

    /// The interleaved samples (left, right, left, right...).
    func interleaved() -> [Float] {
        var samples = [Float](repeating: 0, count: frameCount * 2)
        for index in 0..<frameCount {
            samples[2 * index] = left[index]
            samples[2 * index + 1] = right[index]
        }
        return samples
    }

    /// The largest magnitude on either side.
    var peak: Float {
        max(left.reduce(0) { max($0, abs($1)) }, right.reduce(0) { max($0, abs($1)) })
    }

    /// Scales both sides by `gain`.
    mutating func scale(by gain: Float) {
        for index in 0..<frameCount {
            left[index] *= gain
            right[index] *= gain
        }
    }
}
