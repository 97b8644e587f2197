/// Decodes a sound file whatever its format, by looking at its first bytes.
///
/// Use this when a game loads assets by name and should not care whether an effect was
/// exported as WAV or Ogg Vorbis. `RIFF` files go to ``WAVDecoder``, `OggS` files to
/// ``VorbisDecoder``; anything else is reported as not a RIFF file.
public enum AudioDecoder {
    /// Decodes the whole file at `path` into memory.
    ///
    /// - Parameter path: A WAV or Ogg Vorbis file.
    /// - Returns: The decoded audio as 32-bit float samples.
    /// - Throws: ``AudioFileError`` naming the file and what is wrong with it.
    public static func decode(path: String) throws(AudioFileError) -> PCMBuffer<Float> {
        try decode(bytes: FileBytes.read(path: path), label: path)
    }

    /// Decodes a WAV or Ogg Vorbis file held in memory.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - label: How errors name the data, for example the asset's name.
    /// - Returns: The decoded audio as 32-bit float samples.
    /// - Throws: ``AudioFileError``; bytes that start as neither RIFF nor Ogg give
    ///   `.notAudioFile` ("it is not an Ogg Vorbis or WAV file"), whatever the file's name says.
    public static func decode(bytes: [UInt8], label: String = "<memory>") throws(AudioFileError) -> PCMBuffer<Float> {
        if bytes.starts(with: Array("OggS".utf8)) {
            return try VorbisDecoder.decode(bytes: bytes, label: label)
        }
        guard bytes.isEmpty || bytes.starts(with: Array("RIFF".utf8)) else {
            throw AudioFileError(file: label, reason: .notAudioFile)
        }
        return try WAVDecoder.decode(bytes: bytes, label: label)
    }
}
