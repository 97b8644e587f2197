// SPDX-License-Identifier: Zlib
/// A small seeded pseudo-random generator (SplitMix64): the same seed gives the same numbers on
/// every machine and every run.
///
/// For anything that must be reproducible: synthesised noise in the demo's sounds, randomized
/// tests whose failures print their seed, fuzz-like storms. Not for security.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; equal seeds give equal sequences.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// White noise: a uniform value in -1.0..<1.0 (24 bits, every step equally likely).
    public mutating func bipolar() -> Float {
        Float(next() >> 40) / Float(1 << 24) * 2 - 1
    }

    /// A uniform value in 0.0..<1.0 (53 bits).
    public mutating func unit() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }
}
