// SPDX-License-Identifier: Zlib
/// How samples are stored in a WAV file: the sample type and its size.
///
/// ``WAVEncoder`` writes any of these and ``WAVDecoder`` reads all of them back.
/// Integer encodings hold fixed-point values whose full scale matches 1.0 in a
/// `PCMBuffer<Float>`; ``float32`` stores the floats themselves.
public enum WAVEncoding: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// 8-bit unsigned integers (silence is 128), the smallest and noisiest choice.
    case pcm8
    /// 16-bit signed integers, the CD-quality format almost every tool reads.
    case pcm16
    /// 24-bit signed integers, common for studio recordings.
    case pcm24
    /// 32-bit signed integers.
    case pcm32
    /// 32-bit IEEE floating point, stored exactly as the buffer holds it.
    case float32

    /// The number of bits one sample takes in the file.
    public var bitsPerSample: Int {
        switch self {
        case .pcm8: 8
        case .pcm16: 16
        case .pcm24: 24
        case .pcm32, .float32: 32
        }
    }

    /// The number of bytes one sample takes in the file.
    public var bytesPerSample: Int { bitsPerSample / 8 }

    /// Whether the samples are IEEE floats rather than integers.
    public var isFloat: Bool { self == .float32 }

    /// A short name such as `"16-bit PCM"` or `"32-bit float"`.
    public var description: String {
        isFloat ? "\(bitsPerSample)-bit float" : "\(bitsPerSample)-bit PCM"
    }
}
