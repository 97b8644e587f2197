// SPDX-License-Identifier: Zlib
import AudioFiles

/// Encodes PCM audio as an Ogg Vorbis file, in memory.
///
/// Used by tests to build Vorbis files on the fly and by the asset tool that prepares a game's
/// sounds. Encoding is deterministic: the same buffer, quality and serial number always give
/// the same bytes (no timestamps or random numbers go into the file), so generated assets can
/// be checked in and compared.
///
/// The underlying C library is libvorbisenc (`vorbis_encode_init_vbr`).
public enum VorbisEncoder {
    /// Encodes `buffer` with variable bit rate at the given quality.
    ///
    /// The file records the buffer's exact length, so decoding it gives back exactly
    /// `buffer.frameCount` frames (lossy, so the samples themselves differ slightly).
    ///
    /// - Parameters:
    ///   - buffer: Mono or stereo audio; samples are expected in -1.0...1.0.
    ///   - quality: From -0.1 (smallest) to 1.0 (best); 0.4 is transparent enough for most game audio
    ///     (roughly 128 kbit/s for stereo at 44.1 kHz).
    ///   - serialNumber: The Ogg stream serial number written into every page.
    /// - Returns: The bytes of a complete `.ogg` file.
    /// - Throws: ``VorbisEncodeError`` for an unsupported channel count, sample rate or quality,
    ///   a NaN or infinite sample, or a failure inside libvorbis.
    public static func encode(_ buffer: PCMBuffer<Float>, quality: Float = 0.4,
                              serialNumber: Int32 = 1) throws(VorbisEncodeError) -> [UInt8] {
        let format = buffer.format
        guard format.channelCount == 1 || format.channelCount == 2 else {
            throw .unsupportedChannelCount(format.channelCount)
        }
        guard format.sampleRate > 0 && format.sampleRate <= 200_000 else { throw .invalidSampleRate(format.sampleRate) }
        guard quality >= -0.1 && quality <= 1.0 else { throw .qualityOutOfRange(quality) }
        if let index = buffer.samples.firstIndex(where: { !$0.isFinite }) { throw .nonFiniteSample(index: index) }

        let session = try VorbisEncoderSession(format: format, quality: quality, serialNumber: serialNumber)
        try session.encode(buffer.samples)
        try session.finish()
        return session.output
    }
}
