// SPDX-License-Identifier: Zlib
/// The last steps every sound goes through: level and fades.
enum Mastering {
    /// Scales `samples` so that their largest magnitude is `peak` (nothing happens to silence).
    static func normalize(_ samples: inout [Float], toPeak peak: Float) {
        let largest = samples.reduce(Float(0)) { max($0, abs($1)) }
        guard largest > 0 else { return }
        let gain = peak / largest
        for index in samples.indices { samples[index] *= gain }
    }

    /// Raised-cosine fades at both ends of a mono sound, so it starts and stops without a click.
    static func fade(_ samples: inout [Float], in fadeIn: Double, out fadeOut: Double, sampleRate: Double) {
        let inFrames = min(samples.count, Int(fadeIn * sampleRate))
        let outFrames = min(samples.count, Int(fadeOut * sampleRate))
        for index in 0..<inFrames {
            samples[index] *= Float(Envelope.smoothRamp(Double(index), length: Double(inFrames)))
        }
        for offset in 0..<outFrames {
            let index = samples.count - 1 - offset
            samples[index] *= Float(Envelope.smoothRamp(Double(offset), length: Double(outFrames)))
        }
    }

    /// A decibel value as a linear gain (-6 dB is about 0.5).
    static func gain(decibels: Double) -> Float {
        Float(pow(10, decibels / 20))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
