// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Amplitude and pitch shapes over time, as plain functions of seconds.
enum Envelope {
    /// 1 at `t = 0`, falling by a factor e every `time` seconds.
    static func decay(_ t: Double, time: Double) -> Double {
        exp(-t / time)
    }

    /// A linear attack to 1 over `attack` seconds, then an exponential decay.
    static func attackDecay(_ t: Double, attack: Double, decay time: Double) -> Double {
        t < attack ? t / attack : exp(-(t - attack) / time)
    }

    /// Glides from `start` to `end` exponentially (evenly in pitch) over `duration` seconds.
    static func glide(_ t: Double, from start: Double, to end: Double, over duration: Double) -> Double {
        start * pow(end / start, min(1, max(0, t / duration)))
    }

    /// A note's gain: linear attack to 1, held until `gate` seconds, then a linear release to 0.
    static func gated(_ t: Double, attack: Double, gate: Double, release: Double) -> Double {
        if t < attack { return t / attack }
        if t < gate { return 1 }
        return max(0, 1 - (t - gate) / release)
    }

    /// A raised-cosine ramp from 0 to 1 as `t` goes from 0 to `length`.
    static func smoothRamp(_ t: Double, length: Double) -> Double {
        guard t < length else { return 1 }
        guard t > 0 else { return 0 }
        return 0.5 - 0.5 * cos(Double.pi * t / length)
    }
}
