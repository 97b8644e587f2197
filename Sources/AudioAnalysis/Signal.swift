// SPDX-License-Identifier: Zlib
/// Measurements on rendered audio, for tests that assert on what a player would hear.
///
/// Every function takes one channel of samples scaled to -1.0...1.0 (use
/// ``Signal/channel(_:of:channelCount:)`` to pick one out of interleaved audio).
public enum Signal {
    /// The largest absolute sample value, 0 for an empty array.
    public static func peak(_ samples: some Collection<Float>) -> Float {
        samples.reduce(0) { max($0, abs($1)) }
    }

    /// The root mean square level, 0 for an empty array.
    public static func rms(_ samples: some Collection<Float>) -> Float {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return Float((sum / Double(samples.count)).squareRoot())
    }

    /// Whether every sample is exactly zero: digital silence, not merely quiet.
    public static func isExactlySilent(_ samples: some Collection<Float>) -> Bool {
        samples.allSatisfy { $0 == 0 }
    }

    /// The index of the first sample whose magnitude exceeds `threshold`, or nil.
    public static func firstAudibleIndex(_ samples: some Collection<Float>, threshold: Float = 0) -> Int? {
        for (index, sample) in samples.enumerated() where abs(sample) > threshold {
            return index
        }
        return nil
    }

    /// The dominant frequency in hertz, estimated from upward zero crossings with
    /// sub-sample interpolation. Accurate to well under 1 Hz for a clean tone of a
    /// few hundred milliseconds; meaningless for noise.
    public static func dominantFrequency(_ samples: [Float], sampleRate: Int) -> Double {
        var crossings: [Double] = []
        for index in 1..<max(1, samples.count) {
            let previous = samples[index - 1], current = samples[index]
            if previous < 0 && current >= 0 {
                let fraction = Double(-previous) / Double(current - previous)
                crossings.append(Double(index - 1) + fraction)
            }
        }
        guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else { return 0 }
        return Double(crossings.count - 1) * Double(sampleRate) / (last - first)
    }

    /// The energy of `frequency` in the signal (a single-bin DFT, the Goertzel algorithm),
    /// normalised so that a full-scale sine at that frequency gives about 0.5.
    public static func power(at frequency: Double, in samples: [Float], sampleRate: Int) -> Double {
        guard !samples.isEmpty else { return 0 }
        let omega = 2 * Double.pi * frequency / Double(sampleRate)
        let coefficient = 2 * cos(omega)
        var s1 = 0.0, s2 = 0.0
        for sample in samples {
            let s0 = Double(sample) + coefficient * s1 - s2
            s2 = s1
            s1 = s0
        }
        let magnitudeSquared = s1 * s1 + s2 * s2 - coefficient * s1 * s2
        let n = Double(samples.count)
        return 2 * magnitudeSquared / (n * n)
    }

    /// One channel out of interleaved samples.
    public static func channel(_ channel: Int, of interleaved: [Float], channelCount: Int) -> [Float] {
        precondition(channel >= 0 && channel < channelCount, "no channel \(channel)")
        return stride(from: channel, to: interleaved.count, by: channelCount).map { interleaved[$0] }
    }

    /// A sine tone: `frameCount` samples of `frequency` hertz at `amplitude` (full scale 1.0).
    public static func sine(frequency: Double, amplitude: Float = 0.5, frameCount: Int, sampleRate: Int) -> [Float] {
        let step = 2 * Double.pi * frequency / Double(sampleRate)
        return (0..<frameCount).map { Float(sin(Double($0) * step)) * amplitude }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
