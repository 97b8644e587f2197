// SPDX-License-Identifier: Zlib
/// A sample type that a ``PCMBuffer`` can hold: 16-bit integers or 32-bit floats.
///
/// Both are interleaved (left, right, left, right... for stereo) and both use the
/// same scale: full scale is `Int16.max` for integers and 1.0 for floats.
public protocol PCMSample: Sendable, Hashable, BitwiseCopyable {
    /// The sample's value scaled to the range -1.0...1.0.
    var normalized: Float { get }
    /// Makes a sample from a value in -1.0...1.0, clamping anything outside that range.
    init(normalized value: Float)
}

extension Int16: PCMSample {
    public var normalized: Float { Float(self) / 32768 }

    public init(normalized value: Float) {
        let scaled = (value * 32768).rounded()
        self = Int16(Swift.max(-32768, Swift.min(32767, scaled)))
    }
}

extension Float: PCMSample {
    public var normalized: Float { self }

    public init(normalized value: Float) {
        self = Swift.max(-1, Swift.min(1, value))
    }
}
