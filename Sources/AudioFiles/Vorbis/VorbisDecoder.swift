// SPDX-License-Identifier: Zlib
/// Decodes a whole Ogg Vorbis file into memory in one call.
///
/// Right for sound effects and other short clips that are played many times: decode once at
/// load time, keep the ``PCMBuffer``. The whole decoded audio is held in memory (4 bytes per
/// sample), so for music prefer ``VorbisStreamDecoder``, which reads as it plays.
///
/// Damaged pages in the middle of the file are skipped exactly as ``VorbisStreamDecoder``
/// describes, so the result can be shorter than the file's recorded length. Loop comments
/// (`LOOPSTART`...) are ignored: they matter only to a stream, and never stop a sound from loading.
public enum VorbisDecoder {
    /// Decodes the Ogg Vorbis file at `path`.
    ///
    /// - Parameter path: The path of an `.ogg` file holding mono or stereo Vorbis audio.
    /// - Returns: Every frame of the file as interleaved floats in -1.0...1.0.
    /// - Throws: ``AudioFileError`` naming `path`; see ``VorbisStreamDecoder/init(path:)`` for the reasons.
    public static func decode(path: String) throws(AudioFileError) -> PCMBuffer<Float> {
        try VorbisStreamDecoder(path: path, readingLoopPoints: false).readToEnd()
    }

    /// Decodes Ogg Vorbis audio that is already in memory.
    ///
    /// - Parameters:
    ///   - bytes: The contents of an `.ogg` file holding mono or stereo Vorbis audio.
    ///   - label: A name for the bytes, used in error messages.
    /// - Returns: Every frame as interleaved floats in -1.0...1.0.
    /// - Throws: ``AudioFileError`` naming `label`; see ``VorbisStreamDecoder/init(bytes:label:)`` for the reasons.
    public static func decode(bytes: [UInt8], label: String = "<memory>") throws(AudioFileError) -> PCMBuffer<Float> {
        try VorbisStreamDecoder(bytes: bytes, label: label, readingLoopPoints: false).readToEnd()
    }
}
