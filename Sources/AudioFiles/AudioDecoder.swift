// SPDX-License-Identifier: Zlib
/// Decodes a sound file whatever its format, by looking at its first bytes.
///
/// Use this when a game loads assets by name and should not care whether an effect was exported
/// as WAV, FLAC, Ogg Vorbis or Opus. `RIFF` files go to ``WAVDecoder``, `fLaC` files to
/// ``FLACDecoder``, Ogg files whose first packet is `OpusHead` to ``OpusDecoder`` and other
/// `OggS` files to ``VorbisDecoder``; anything else is reported as `.notAudioFile`. The file's
/// name plays no part.
public enum AudioDecoder {
    /// Decodes the whole file at `path` into memory.
    ///
    /// - Parameter path: A WAV, FLAC, Ogg Vorbis or Ogg Opus file.
    /// - Returns: The decoded audio as 32-bit float samples (Opus at 48 kHz, the others at their own rate).
    /// - Throws: ``AudioFileError`` naming the file and what is wrong with it.
    public static func decode(path: String) throws(AudioFileError) -> PCMBuffer<Float> {
        try decode(bytes: FileBytes.read(path: path), label: path)
    }

    /// Decodes a WAV, FLAC, Ogg Vorbis or Ogg Opus file held in memory.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - label: How errors name the data, for example the asset's name.
    /// - Returns: The decoded audio as 32-bit float samples.
    /// - Throws: ``AudioFileError``; bytes that start as none of the four give `.notAudioFile`
    ///   ("it is not a WAV, Ogg Vorbis, Opus or FLAC file"), whatever the file's name says.
    public static func decode(bytes: [UInt8], label: String = "<memory>") throws(AudioFileError) -> PCMBuffer<Float> {
        if bytes.isEmpty { return try WAVDecoder.decode(bytes: bytes, label: label) }
        switch AudioFileFormat(head: Array(bytes.prefix(AudioFileFormat.headLength))) {
        case .wav: return try WAVDecoder.decode(bytes: bytes, label: label)
        case .vorbis: return try VorbisDecoder.decode(bytes: bytes, label: label)
        case .opus: return try OpusDecoder.decode(bytes: bytes, label: label)
        case .flac: return try FLACDecoder.decode(bytes: bytes, label: label)
        case nil: throw AudioFileError(file: label, reason: .notAudioFile)
        }
    }
}
