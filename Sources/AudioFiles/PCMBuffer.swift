// SPDX-License-Identifier: Zlib
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
