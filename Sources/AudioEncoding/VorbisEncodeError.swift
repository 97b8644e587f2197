// SPDX-License-Identifier: Zlib
/// Why audio could not be encoded as Ogg Vorbis.
public enum VorbisEncodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The buffer has a channel count other than 1 or 2.
    case unsupportedChannelCount(Int)
    /// The buffer's sample rate is not one Vorbis can encode (it must be positive; libvorbisenc
    /// supports the usual rates from 8 000 to 192 000 Hz).
    case invalidSampleRate(Int)
    /// The quality is outside -0.1...1.0.
    case qualityOutOfRange(Float)
    /// A sample is NaN or infinite; `index` is its position among the interleaved samples.
    case nonFiniteSample(index: Int)
    /// libvorbisenc refused this combination of rate, channels and quality; `code` is its error code.
    case encoderSetupFailed(code: Int32)
    /// libvorbis failed while encoding; `code` is its error code.
    case encodingFailed(code: Int32)

    /// A sentence saying what went wrong.
    public var description: String {
        switch self {
        case .unsupportedChannelCount(let count):
            "cannot encode \(count) channels as Vorbis; only mono and stereo are supported"
        case .invalidSampleRate(let rate): "cannot encode a sample rate of \(rate) Hz as Vorbis"
        case .qualityOutOfRange(let quality): "Vorbis quality \(quality) is outside -0.1...1.0"
        case .nonFiniteSample(let index): "sample \(index) is not a finite number"
        case .encoderSetupFailed(let code): "libvorbisenc rejected the settings (error \(code))"
        case .encodingFailed(let code): "libvorbis failed while encoding (error \(code))"
        }
    }
}
