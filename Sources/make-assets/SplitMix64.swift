/// A small seeded pseudo-random generator (SplitMix64) for the noise in the sounds.
///
/// Every noise source is seeded with a fixed number, so `make-assets` writes the same
/// bytes every time it runs; nothing here reads the clock or the system's randomness.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// White noise: a uniform value in -1.0..<1.0.
    mutating func bipolar() -> Float {
        // The top 24 bits give every Float in [0, 1) with equal spacing.
        Float(next() >> 40) / Float(1 << 24) * 2 - 1
    }

    /// A uniform value in 0.0..<1.0.
    mutating func unit() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }
}
