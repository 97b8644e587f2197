// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A two-pole resonant filter (the trapezoidal state-variable form) with low, band and high outputs.
///
/// Stays stable when its cutoff moves every sample, which the sweeps in the effects need.
struct StateVariableFilter {
    struct Output {
        var low: Float
        var band: Float
        var high: Float
    }

    private var ic1: Double = 0
    private var ic2: Double = 0

    /// Filters one sample.
    ///
    /// - Parameters:
    ///   - input: The sample.
    ///   - cutoff: The corner (or centre) frequency in hertz.
    ///   - resonance: Q; 0.707 is flat, higher values ring at the cutoff.
    ///   - sampleRate: Frames per second.
    mutating func process(_ input: Float, cutoff: Double, resonance: Double, sampleRate: Double) -> Output {
        let clamped = min(max(cutoff, 10), sampleRate * 0.45)
        let g = tan(Double.pi * clamped / sampleRate)
        let k = 1 / resonance
        let a1 = 1 / (1 + g * (g + k))
        let a2 = g * a1
        let a3 = g * a2
        let v0 = Double(input)
        let v3 = v0 - ic2
        let v1 = a1 * ic1 + a2 * v3
        let v2 = ic2 + a2 * ic1 + a3 * v3
        ic1 = 2 * v1 - ic1
        ic2 = 2 * v2 - ic2
        return Output(low: Float(v2), band: Float(v1), high: Float(v0 - k * v1 - v2))
    }
}
