// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#endif

/// Why an audio file could not be decoded, and which file it was.
///
/// Every decoder in ``AudioFiles`` throws this one type, so a game can report any
/// loading problem the same way. ``description`` reads as a sentence naming the file.
public struct AudioFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path of the file, or a label such as `"<memory>"` for bytes in memory.
    public var file: String
    /// What is wrong with it.
    public var reason: Reason

    /// Creates an error for `file`.
    public init(file: String, reason: Reason) {
        self.file = file
        self.reason = reason
    }

    /// Every way a file can fail to decode.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        // Opening and reading.
        /// No file exists at the path.
        case missing
        /// The file exists but could not be read; `errno` is the system's error number.
        case unreadable(errno: Int32)
        /// The file holds no bytes at all.
        case empty

        // RIFF/WAVE structure.
        /// The first four bytes are not `RIFF` (the file is not a WAV file).
        case notRIFF
        /// A RIFF file whose form type is not `WAVE` (for example AVI).
        case notWAVE
        /// A required chunk (`fmt ` or `data`) is absent.
        case missingChunk(String)
        /// A chunk header or the `fmt ` body is cut short.
        case truncatedChunk(String)
        /// A chunk's declared size runs past the end of the file.
        case chunkPastEnd(chunk: String, declared: Int, available: Int)

        // WAVE format.
        /// The encoding is not PCM or IEEE float; `name` spells out which one it is (ADPCM, A-law...).
        case unsupportedEncoding(formatTag: UInt16, name: String)
        /// The sample size is not one this decoder reads for the encoding.
        case unsupportedBitDepth(Int)
        /// Channel count 0 or above 2.
        case unsupportedChannelCount(Int)
        /// Sample rate 0 or beyond anything plausible.
        case invalidSampleRate(Int)
        /// The `fmt ` chunk's block align disagrees with channels × bytes per sample.
        case inconsistentBlockAlign(declared: Int, expected: Int)
        /// The `data` chunk's size is not a whole number of frames.
        case partialFrame(dataBytes: Int, blockAlign: Int)

        /// The bytes start as none of the formats GameSound reads: not `RIFF` (WAV), `OggS` (Ogg
        /// Vorbis or Opus) or `fLaC` (FLAC). A text file named `.ogg`, an MP3.
        case notAudioFile

        // Ogg Vorbis.
        /// The bytes are not an Ogg stream.
        case notOgg
        /// An Ogg stream that does not carry Vorbis (for example Opus or FLAC in Ogg).
        case notVorbis
        /// The Vorbis headers are damaged or use a version this library cannot read.
        case badVorbisHeader(code: Int32)
        /// Audio data is damaged beyond what the decoder recovers from; `code` is libvorbisfile's.
        case corruptVorbisStream(code: Int32)

        // Ogg Opus.
        /// An Ogg stream that does not carry Opus (for example Vorbis, reaching ``OpusDecoder`` directly).
        case notOpus
        /// The Opus headers (`OpusHead`, `OpusTags`) are damaged, cut short or of a version this
        /// library cannot read; `code` is libopusfile's (`OP_EBADHEADER`, `OP_EVERSION`...).
        case badOpusHeader(code: Int32)
        /// Opus audio data is damaged beyond what the decoder recovers from, or has more than one
        /// format across its links; `code` is libopusfile's (`OP_EBADLINK`, `OP_EBADPACKET`...).
        case corruptOpusStream(code: Int32)

        // FLAC.
        /// The bytes do not start with `fLaC` (reaching ``FLACDecoder`` directly).
        case notFLAC
        /// The FLAC metadata (the `STREAMINFO` block and the blocks after it) is damaged or cut short.
        case badFLACHeader(FLACProblem)
        /// FLAC audio frames are damaged beyond what the decoder recovers from.
        case corruptFLACStream(FLACProblem)

        /// A seek to a frame outside the stream.
        case seekOutOfRange(frame: Int, frameCount: Int)

        // Streaming.
        /// The file's loop points (Vorbis `LOOPSTART`/`LOOPLENGTH`/`LOOPEND` comments, or a WAV
        /// `smpl` chunk's first loop) cannot be used; the message names the tag and its numbers.
        case badLoopPoints(String)

        public var description: String {
            switch self {
            case .missing: "the file does not exist"
            case .unreadable(let errno): "the file cannot be read: \(String(cString: strerror(errno)))"
            case .empty: "the file is empty"
            case .notRIFF: "it is not a RIFF file (no 'RIFF' header)"
            case .notAudioFile: "it is not a WAV, Ogg Vorbis, Opus or FLAC file"
            case .notWAVE: "it is a RIFF file but not WAVE"
            case .missingChunk(let chunk): "it has no '\(chunk)' chunk"
            case .truncatedChunk(let chunk): "the '\(chunk)' chunk is cut short"
            case .chunkPastEnd(let chunk, let declared, let available):
                "the '\(chunk)' chunk declares \(declared) bytes but only \(available) remain in the file"
            case .unsupportedEncoding(let tag, let name):
                "its encoding is \(name) (format tag 0x\(String(tag, radix: 16))); only PCM and IEEE float are supported"
            case .unsupportedBitDepth(let bits): "\(bits)-bit samples are not supported"
            case .unsupportedChannelCount(let count): "it has \(count) channels; only mono and stereo are supported"
            case .invalidSampleRate(let rate): "its sample rate \(rate) Hz is not valid"
            case .inconsistentBlockAlign(let declared, let expected):
                "its block align is \(declared) bytes but its channels and sample size make \(expected)"
            case .partialFrame(let bytes, let align):
                "its data chunk (\(bytes) bytes) is not a whole number of \(align)-byte frames"
            case .notOgg: "it is not an Ogg stream"
            case .notVorbis: "it is an Ogg stream that does not hold Vorbis audio"
            case .badVorbisHeader(let code): "its Vorbis headers are damaged (libvorbisfile error \(code))"
            case .corruptVorbisStream(let code): "its Vorbis audio data is corrupt (libvorbisfile error \(code))"
            case .notOpus: "it is an Ogg stream that does not hold Opus audio"
            case .badOpusHeader(let code): "its Opus headers are damaged (libopusfile error \(code))"
            case .corruptOpusStream(let code): "its Opus audio data is corrupt (libopusfile error \(code))"
            case .notFLAC: "it is not a FLAC file (no 'fLaC' header)"
            case .badFLACHeader(let problem): "its FLAC header is damaged: \(problem)"
            case .corruptFLACStream(let problem): "its FLAC audio data is corrupt: \(problem)"
            case .seekOutOfRange(let frame, let count): "frame \(frame) is outside the stream's \(count) frames"
            case .badLoopPoints(let problem): "its loop points are invalid: \(problem)"
            }
        }
    }

    public var description: String { "cannot decode \(file): \(reason)" }

    /// What is wrong inside a FLAC file: the problem libFLAC reports, or one found in what it decoded.
    public enum FLACProblem: Sendable, Hashable, CustomStringConvertible {
        /// The file ends before its `STREAMINFO` block or the metadata after it is complete.
        case truncated
        /// The metadata holds no `STREAMINFO` block (libFLAC found frames without one).
        case missingStreamInfo
        /// `STREAMINFO` records 0 for the number of samples (a stream written without knowing its
        /// length); re-encode it with `flac`, which records it.
        case unknownLength
        /// libFLAC lost the frame sync and had to search for the next frame.
        case lostSync
        /// A frame header is damaged.
        case badFrameHeader
        /// A frame's checksum does not match its contents.
        case frameChecksumMismatch
        /// The stream uses something this version of libFLAC cannot decode.
        case unparseableStream
        /// A metadata block is damaged.
        case badMetadata
        /// A frame has `frame` channels where `STREAMINFO` declares `streamInfo`.
        case channelCountChanged(streamInfo: Int, frame: Int)
        /// libFLAC could not get to the frame asked for.
        case seekFailed
        /// libFLAC stopped in a state this decoder does not expect; `state` is its
        /// `FLAC__StreamDecoderState` number.
        case decoderState(Int32)

        public var description: String {
            switch self {
            case .truncated: "the file ends inside its metadata"
            case .missingStreamInfo: "it has no STREAMINFO block"
            case .unknownLength: "its STREAMINFO does not record the number of samples"
            case .lostSync: "the decoder lost the frame sync"
            case .badFrameHeader: "a frame header is damaged"
            case .frameChecksumMismatch: "a frame's checksum does not match"
            case .unparseableStream: "it uses features libFLAC cannot decode"
            case .badMetadata: "a metadata block is damaged"
            case .channelCountChanged(let declared, let frame):
                "a frame has \(frame) channels but STREAMINFO declares \(declared)"
            case .seekFailed: "libFLAC could not seek to the frame asked for"
            case .decoderState(let state): "libFLAC stopped in state \(state)"
            }
        }
    }
}
