// SPDX-License-Identifier: Zlib
/// The kinds of sound file GameSound decodes, recognised by their first bytes (never by their names).
///
/// ``AudioDecoder`` and ``AudioStreamDecoder`` both choose their decoder through this, so a file
/// that loads as an effect also opens as a stream, and fails the same way when it is damaged.
enum AudioFileFormat: Equatable {
    /// `RIFF`: a WAV file.
    case wav
    /// `OggS` whose first packet is a Vorbis identification header (`\u{1}vorbis`), or any other
    /// Ogg stream, which the Vorbis decoder then reports as not Vorbis.
    case vorbis
    /// `OggS` whose first packet is `OpusHead`.
    case opus
    /// `fLaC`: a native FLAC file.
    case flac

    /// How many bytes from the start of a file ``init(head:)`` looks at: an Ogg page header
    /// (27 bytes), its longest segment table (255) and the 8 bytes of `OpusHead`.
    static let headLength = 27 + 255 + 8

    static let oggCapturePattern: [UInt8] = Array("OggS".utf8)
    static let riffMagic: [UInt8] = Array("RIFF".utf8)
    static let flacMagic: [UInt8] = Array("fLaC".utf8)
    static let opusIdentification: [UInt8] = Array("OpusHead".utf8)
    static let vorbisIdentification: [UInt8] = [0x01] + Array("vorbis".utf8)

    /// The format that a file's first ``headLength`` bytes (or all of them, if it is shorter) show,
    /// or nil for bytes that start as none of them (a text file, an MP3).
    init?(head: [UInt8]) {
        if head.starts(with: Self.riffMagic) {
            self = .wav
        } else if head.starts(with: Self.flacMagic) {
            self = .flac
        } else if head.starts(with: Self.oggCapturePattern) {
            let isOpus = Self.firstOggPacket(in: head)?.starts(with: Self.opusIdentification) ?? false
            self = isOpus ? .opus : .vorbis
        } else {
            return nil
        }
    }

    /// The start of the first packet on the Ogg page that `head` begins with (as much of it as
    /// `head` holds), or nil when `head` is too short to reach it.
    ///
    /// An Ogg page is a 27-byte header whose last byte counts the segment table's entries, the
    /// table, then the body; the stream's first page holds only its identification packet.
    static func firstOggPacket(in head: [UInt8]) -> ArraySlice<UInt8>? {
        guard head.count >= 27 else { return nil }
        let bodyStart = 27 + Int(head[26])
        guard head.count > bodyStart else { return nil }
        return head[bodyStart...]
    }
}
