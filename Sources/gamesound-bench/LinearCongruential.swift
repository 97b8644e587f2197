// SPDX-License-Identifier: Zlib
/// A tiny deterministic noise source, so generated fixtures are the same on every run.
struct LinearCongruential {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The next value, uniform in -1...1.
    mutating func nextSample() -> Float {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Float(state >> 40) / Float(1 << 23) - 1
    }
}
