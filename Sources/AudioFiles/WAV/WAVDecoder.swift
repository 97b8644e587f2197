// SPDX-License-Identifier: Zlib
/// Decodes WAV files into floating-point samples.
///
/// Reads RIFF/WAVE files holding mono or stereo audio as 8-bit unsigned, 16-, 24- or
/// 32-bit signed integer PCM, or 32-bit IEEE float, in the classic layout or as
/// `WAVE_FORMAT_EXTENSIBLE`. Integer samples are scaled so that full scale is 1.0
/// (a 16-bit sample `x` becomes `x / 32768`); float samples are kept as they are.
///
/// A file that is not one of these, or is damaged, is reported with an
/// ``AudioFileError`` whose ``AudioFileError/Reason`` says exactly what is wrong. A file
/// whose `data` chunk declares more bytes than the file holds is rejected rather than
/// played shortened, so a half-copied asset is noticed at once.
///
/// ```swift
/// let footstep = try WAVDecoder.decode(path: "Sounds/footstep.wav")
/// print(footstep.format, footstep.duration)
/// ```
public enum WAVDecoder {
    /// The highest sample rate accepted, in hertz; a header claiming more is taken for damage.
    public static var maximumSampleRate: Int { WAVFormatChunk.maximumSampleRate }

    /// Reads and decodes the WAV file at `path`.
    ///
    /// - Parameter path: The file to read, absolute or relative to the working directory.
    /// - Returns: The file's audio, interleaved, at its own sample rate and channel count.
    /// - Throws: ``AudioFileError`` naming `path`: `.missing`, `.unreadable(errno:)` or
    ///   `.empty` when the file cannot be read, otherwise the reasons of ``decode(bytes:label:)``.
    public static func decode(path: String) throws(AudioFileError) -> PCMBuffer<Float> {
        let bytes = try FileBytes.read(path: path)
        return try decode(bytes: bytes, label: path)
    }

    /// Decodes a WAV file held in memory.
    ///
    /// - Parameters:
    ///   - bytes: The complete file, from its `RIFF` header on.
    ///   - label: What errors call the file, such as the name of the asset it came from.
    /// - Returns: The file's audio, interleaved, at its own sample rate and channel count.
    /// - Throws: ``AudioFileError`` naming `label`, with the reason `.empty`, `.notRIFF`,
    ///   `.notWAVE`, `.missingChunk(_:)`, `.truncatedChunk(_:)`, `.chunkPastEnd(chunk:declared:available:)`,
    ///   `.unsupportedEncoding(formatTag:name:)`, `.unsupportedBitDepth(_:)`,
    ///   `.unsupportedChannelCount(_:)`, `.invalidSampleRate(_:)`,
    ///   `.inconsistentBlockAlign(declared:expected:)` or `.partialFrame(dataBytes:blockAlign:)`.
    public static func decode(bytes: [UInt8], label: String = "<memory>") throws(AudioFileError) -> PCMBuffer<Float> {
        let header = try WAVHeader(reading: RIFFMemorySource(bytes: bytes), label: label)
        let data = bytes[header.layout.dataRange]
        return PCMBuffer(format: header.pcmFormat,
                         samples: WAVSampleConversion.samples(in: data, encoding: header.format.encoding))
    }
}
