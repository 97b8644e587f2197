/// Opens a sound for streaming whatever its format, by looking at its first bytes.
///
/// `OggS` files open as a ``VorbisStreamDecoder``, `RIFF` files as a ``WAVStreamDecoder``, the
/// same choice ``AudioDecoder`` makes for whole files; the file's name plays no part.
///
/// ```swift
/// let music = try AudioStreamDecoder.open(path: "assets/theme.wav")   // or theme.ogg
/// if let loop = music.loopPoints { print("intro, then \(loop)") }
/// let block = try music.read(maxFrames: 4096)
/// ```
public enum AudioStreamDecoder {
    /// Opens the WAV or Ogg Vorbis file at `path` for streaming.
    ///
    /// - Parameter path: A WAV or Ogg Vorbis file.
    /// - Returns: A ``VorbisStreamDecoder`` or a ``WAVStreamDecoder``, positioned at frame 0.
    /// - Throws: ``AudioFileError`` naming `path`: `.missing`, `.unreadable(errno:)` or `.empty`
    ///   when the file cannot be read; `.notAudioFile` when it starts as neither `OggS` nor
    ///   `RIFF`; otherwise whatever the chosen decoder throws when opening it.
    public static func open(path: String) throws(AudioFileError) -> any StreamingDecoder {
        let file = try RIFFFileSource(path: path)
        switch try Kind(of: file.bytes(at: 0, count: 4)) {
        case .vorbis: return try VorbisStreamDecoder(path: path)
        case .wav: return try WAVStreamDecoder(source: file, name: path)
        case .unknown: throw AudioFileError(file: path, reason: .notAudioFile)
        }
    }

    /// Opens a WAV or Ogg Vorbis file held in memory for streaming.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - label: How errors name the data, for example the asset's name.
    /// - Throws: ``AudioFileError`` naming `label`: `.empty` for no bytes, `.notAudioFile` for
    ///   bytes that start as neither `OggS` nor `RIFF`, otherwise what the chosen decoder throws.
    public static func open(bytes: [UInt8], label: String = "<memory>") throws(AudioFileError) -> any StreamingDecoder {
        guard !bytes.isEmpty else { throw AudioFileError(file: label, reason: .empty) }
        switch Kind(of: Array(bytes.prefix(4))) {
        case .vorbis: return try VorbisStreamDecoder(bytes: bytes, label: label)
        case .wav: return try WAVStreamDecoder(bytes: bytes, label: label)
        case .unknown: throw AudioFileError(file: label, reason: .notAudioFile)
        }
    }

    /// Which decoder a file's first bytes call for.
    private enum Kind {
        case vorbis, wav, unknown

        init(of magic: [UInt8]) {
            self = switch magic {
            case Array("OggS".utf8): .vorbis
            case Array("RIFF".utf8): .wav
            default: .unknown
            }
        }
    }
}
