// SPDX-License-Identifier: Zlib
/// Decodes a whole Ogg Opus file into memory in one call, at 48 kHz.
///
/// Right for sound effects exported as Opus: decode once at load time, keep the ``PCMBuffer``.
/// Opus always decodes at 48 000 Hz, whatever rate the sound was encoded from. The whole decoded
/// audio is held in memory (4 bytes per sample), so for music prefer ``OpusStreamDecoder``.
///
/// Damaged pages in the middle of the file are skipped as ``OpusStreamDecoder`` describes. Loop
/// comments (`LOOPSTART`...) are ignored: they matter only to a stream, and never stop a sound from loading.
public enum OpusDecoder {
    /// Decodes the Ogg Opus file at `path`.
    ///
    /// - Parameter path: The path of an `.opus` file holding mono or stereo Opus audio.
    /// - Returns: Every frame of the file as interleaved floats in -1.0...1.0, at 48 000 Hz.
    /// - Throws: ``AudioFileError`` naming `path`; see ``OpusStreamDecoder/init(path:)`` for the reasons.
    public static func decode(path: String) throws(AudioFileError) -> PCMBuffer<Float> {
        try OpusStreamDecoder(path: path, readingLoopPoints: false).readToEnd()
    }

    /// Decodes Ogg Opus audio that is already in memory.
    ///
    /// - Parameters:
    ///   - bytes: The contents of an `.opus` file holding mono or stereo Opus audio.
    ///   - label: A name for the bytes, used in error messages.
    /// - Returns: Every frame as interleaved floats in -1.0...1.0, at 48 000 Hz.
    /// - Throws: ``AudioFileError`` naming `label`; see ``OpusStreamDecoder/init(bytes:label:)`` for the reasons.
    public static func decode(bytes: [UInt8], label: String = "<memory>") throws(AudioFileError) -> PCMBuffer<Float> {
        try OpusStreamDecoder(bytes: bytes, label: label, readingLoopPoints: false).readToEnd()
    }
}
