// SPDX-License-Identifier: Zlib
/// Decodes a whole FLAC file into memory in one call.
///
/// Right for lossless sound effects: decode once at load time, keep the ``PCMBuffer``. The whole
/// decoded audio is held in memory (4 bytes per sample), so for music prefer ``FLACStreamDecoder``.
/// Loop comments (`LOOPSTART`...) are ignored: they matter only to a stream, and never stop a sound from loading.
public enum FLACDecoder {
    /// Decodes the FLAC file at `path`.
    ///
    /// - Parameter path: The path of a `.flac` file holding mono or stereo audio.
    /// - Returns: Every frame of the file as interleaved floats in -1.0...1.0, at the file's sample rate.
    /// - Throws: ``AudioFileError`` naming `path`; see ``FLACStreamDecoder/init(path:)`` for the reasons.
    public static func decode(path: String) throws(AudioFileError) -> PCMBuffer<Float> {
        try FLACStreamDecoder(path: path, readingLoopPoints: false).readToEnd()
    }

    /// Decodes FLAC audio that is already in memory.
    ///
    /// - Parameters:
    ///   - bytes: The contents of a `.flac` file holding mono or stereo audio.
    ///   - label: A name for the bytes, used in error messages.
    /// - Returns: Every frame as interleaved floats in -1.0...1.0, at the file's sample rate.
    /// - Throws: ``AudioFileError`` naming `label`; see ``FLACStreamDecoder/init(bytes:label:)`` for the reasons.
    public static func decode(bytes: [UInt8], label: String = "<memory>") throws(AudioFileError) -> PCMBuffer<Float> {
        try FLACStreamDecoder(bytes: bytes, label: label, readingLoopPoints: false).readToEnd()
    }
}
