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

/// The shape of PCM audio: how many frames a second and how many channels in a frame.
public struct PCMFormat: Sendable, Hashable, CustomStringConvertible {
    /// Frames per second, for example 48 000.
    public var sampleRate: Int
    /// Samples per frame: 1 for mono, 2 for stereo.
    public var channelCount: Int

    /// Creates a format.
    ///
    /// - Parameters:
    ///   - sampleRate: Frames per second.
    ///   - channelCount: 1 (mono) or 2 (stereo).
    public init(sampleRate: Int, channelCount: Int) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
    }

    public var description: String {
        "\(sampleRate) Hz, \(channelCount == 1 ? "mono" : channelCount == 2 ? "stereo" : "\(channelCount) channels")"
    }
}

/// Decoded audio held in memory: interleaved samples plus the format that explains them.
///
/// `PCMBuffer<Int16>` is what OpenAL buffers are filled with; `PCMBuffer<Float>` keeps
/// full precision for analysis and mixing. Use ``converted(to:)`` to go from one to the other.
public struct PCMBuffer<Sample: PCMSample>: Sendable, Hashable {
    /// Sample rate and channel count.
    public var format: PCMFormat
    /// Interleaved samples; `samples.count == frameCount * format.channelCount`.
    public var samples: [Sample]

    /// Creates a buffer from interleaved samples.
    ///
    /// - Precondition: `samples.count` is a multiple of `format.channelCount`.
    public init(format: PCMFormat, samples: [Sample]) {
        precondition(format.channelCount > 0 && samples.count % format.channelCount == 0,
                     "interleaved sample count must be a multiple of the channel count")
        self.format = format
        self.samples = samples
    }

    /// The number of frames (one sample per channel).
    public var frameCount: Int { samples.count / format.channelCount }

    /// The length in seconds.
    public var duration: Double { Double(frameCount) / Double(format.sampleRate) }

    /// The samples of one channel, de-interleaved.
    ///
    /// - Parameter channel: 0 for the left (or only) channel, 1 for the right.
    public func channel(_ channel: Int) -> [Sample] {
        precondition(channel >= 0 && channel < format.channelCount, "no channel \(channel)")
        return stride(from: channel, to: samples.count, by: format.channelCount).map { samples[$0] }
    }

    /// The same audio with another sample type.
    public func converted<Other: PCMSample>(to _: Other.Type = Other.self) -> PCMBuffer<Other> {
        PCMBuffer<Other>(format: format, samples: samples.map { Other(normalized: $0.normalized) })
    }

    /// The frames in `range`, as a new buffer.
    public func frames(_ range: Range<Int>) -> PCMBuffer<Sample> {
        let clamped = range.clamped(to: 0..<frameCount)
        let channels = format.channelCount
        return PCMBuffer(format: format,
                         samples: Array(samples[(clamped.lowerBound * channels)..<(clamped.upperBound * channels)]))
    }
}
