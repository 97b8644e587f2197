// SPDX-License-Identifier: Zlib
/// The checked header of a WAV file: where its chunks are, what its format is, and that its
/// `data` chunk is whole. The one parser behind both ``WAVDecoder`` and ``WAVStreamDecoder``.
///
/// The checks run in this order, so a file with several problems reports the same, most useful
/// one from both decoders: the file itself and its RIFF structure (``WAVChunkLayout``), the
/// format (``WAVFormatChunk``), then the `data` chunk: running past the end of the file, then
/// not a whole number of frames.
struct WAVHeader {
    /// Where the chunks lie.
    let layout: WAVChunkLayout
    /// The parsed `fmt ` chunk.
    let format: WAVFormatChunk

    /// Walks and checks the header of `source`.
    ///
    /// - Throws: ``AudioFileError`` naming `label`, with any of the reasons
    ///   ``WAVDecoder/decode(bytes:label:)`` lists.
    init(reading source: some RIFFByteSource, label: String) throws(AudioFileError) {
        let layout = try WAVChunkLayout(scanning: source, label: label)
        let format = try WAVFormatChunk(parsing: layout.format[...], label: label)
        // A file cut short inside its data (or a streaming writer's 0xFFFFFFFF size) is refused,
        // not played shortened: a half-copied asset should be noticed at once.
        guard layout.dataCount == layout.declaredDataSize else {
            throw AudioFileError(file: label, reason: .chunkPastEnd(
                chunk: "data", declared: layout.declaredDataSize, available: layout.dataCount))
        }
        guard layout.dataCount % format.blockAlign == 0 else {
            throw AudioFileError(file: label, reason: .partialFrame(
                dataBytes: layout.dataCount, blockAlign: format.blockAlign))
        }
        self.layout = layout
        self.format = format
    }

    /// The sample rate and channel count of the decoded audio.
    var pcmFormat: PCMFormat {
        PCMFormat(sampleRate: format.sampleRate, channelCount: format.channelCount)
    }

    /// The number of frames in the `data` chunk.
    var frameCount: Int { layout.dataCount / format.blockAlign }
}
