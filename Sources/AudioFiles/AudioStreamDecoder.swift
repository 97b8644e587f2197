// SPDX-License-Identifier: Zlib
/// Opens a sound for streaming whatever its format, by looking at its first bytes.
///
/// `RIFF` files open as a ``WAVStreamDecoder``, `fLaC` files as a ``FLACStreamDecoder``, Ogg
/// files whose first packet is `OpusHead` as an ``OpusStreamDecoder`` and other `OggS` files as a
/// ``VorbisStreamDecoder``: the same choice ``AudioDecoder`` makes for whole files; the file's
/// name plays no part.
///
/// ```swift
/// let music = try AudioStreamDecoder.open(path: "assets/theme.wav")   // or .flac, .ogg, .opus
/// if let loop = music.loopPoints { print("intro, then \(loop)") }
/// let block = try music.read(maxFrames: 4096)
/// ```
public enum AudioStreamDecoder {
    /// Opens the WAV, FLAC, Ogg Vorbis or Ogg Opus file at `path` for streaming.
    ///
    /// - Parameter path: A WAV, FLAC, Ogg Vorbis or Ogg Opus file.
    /// - Returns: A ``WAVStreamDecoder``, ``FLACStreamDecoder``, ``VorbisStreamDecoder`` or
    ///   ``OpusStreamDecoder``, positioned at frame 0.
    /// - Throws: ``AudioFileError`` naming `path`: `.missing`, `.unreadable(errno:)` or `.empty`
    ///   when the file cannot be read; `.notAudioFile` when it starts as none of `RIFF`, `fLaC`
    ///   and `OggS`; otherwise whatever the chosen decoder throws when opening it.
    public static func open(path: String) throws(AudioFileError) -> any StreamingDecoder {
        let file = try RIFFFileSource(path: path)
        switch try AudioFileFormat(head: file.bytes(at: 0, count: AudioFileFormat.headLength)) {
        case .wav: return try WAVStreamDecoder(source: file, name: path)
        case .vorbis: return try VorbisStreamDecoder(path: path)
        case .opus: return try OpusStreamDecoder(path: path)
        case .flac: return try FLACStreamDecoder(path: path)
        case nil: throw AudioFileError(file: path, reason: .notAudioFile)
        }
    }

    /// Opens a WAV, FLAC, Ogg Vorbis or Ogg Opus file held in memory for streaming.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - label: How errors name the data, for example the asset's name.
    /// - Throws: ``AudioFileError`` naming `label`: `.empty` for no bytes, `.notAudioFile` for
    ///   bytes that start as none of `RIFF`, `fLaC` and `OggS`, otherwise what the chosen decoder throws.
    public static func open(bytes: [UInt8], label: String = "<memory>") throws(AudioFileError) -> any StreamingDecoder {
        guard !bytes.isEmpty else { throw AudioFileError(file: label, reason: .empty) }
        switch AudioFileFormat(head: Array(bytes.prefix(AudioFileFormat.headLength))) {
        case .wav: return try WAVStreamDecoder(bytes: bytes, label: label)
        case .vorbis: return try VorbisStreamDecoder(bytes: bytes, label: label)
        case .opus: return try OpusStreamDecoder(bytes: bytes, label: label)
        case .flac: return try FLACStreamDecoder(bytes: bytes, label: label)
        case nil: throw AudioFileError(file: label, reason: .notAudioFile)
        }
    }
}
