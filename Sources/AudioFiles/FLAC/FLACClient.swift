// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFLAC

/// What libFLAC's callbacks work on: the bytes to read, and where decoded metadata, frames and
/// problems go. libFLAC pushes everything through callbacks, so the ``FLACStreamDecoder`` keeps
/// its frames here until ``FLACStreamDecoder/read(maxFrames:)`` takes them.
final class FLACClient {
    /// The format `STREAMINFO` declares.
    struct StreamInfo {
        var sampleRate: Int
        var channelCount: Int
        var bitsPerSample: Int
        var totalFrames: UInt64
    }

    let source: any SeekableByteSource
    /// The source's length in bytes, for libFLAC's length and end-of-file callbacks.
    let byteCount: Int
    /// Whether to keep the Vorbis comments (only streams look at loop points).
    let readsComments: Bool

    private(set) var streamInfo: StreamInfo?
    private(set) var comments: [String] = []
    /// Decoded frames not read yet, interleaved, from ``pendingStart`` on.
    var pending: [Float] = []
    var pendingStart = 0
    /// The frame number (in the stream) of the first pending frame.
    var pendingFirstFrame = 0
    /// The problems libFLAC reported through its error callback since they were last taken.
    var reportedProblems: [AudioFileError.FLACProblem] = []
    /// Why the write callback stopped decoding, if it did.
    private(set) var frameProblem: AudioFileError.FLACProblem?

    init(source: any SeekableByteSource, readsComments: Bool) {
        self.source = source
        self.readsComments = readsComments
        let start = source.tell()
        if source.seek(offset: 0, whence: SEEK_END) == 0 {
            byteCount = max(0, source.tell())
        } else {
            byteCount = 0
        }
        _ = source.seek(offset: Int64(max(0, start)), whence: SEEK_SET)
    }

    /// The pointer handed to libFLAC as `client_data`; the client must outlive the decoder.
    var clientData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ clientData: UnsafeMutableRawPointer?) -> FLACClient? {
        clientData.map { Unmanaged<FLACClient>.fromOpaque($0).takeUnretainedValue() }
    }

    /// How many decoded frames are waiting.
    var pendingFrameCount: Int {
        guard let channels = streamInfo?.channelCount else { return 0 }
        return (pending.count - pendingStart) / channels
    }

    func discardPending() {
        pending.removeAll(keepingCapacity: true)
        pendingStart = 0
    }

    /// Keeps what a metadata block says: the format from `STREAMINFO`, the comments from `VORBIS_COMMENT`.
    func receive(metadata: FLAC__StreamMetadata) {
        switch metadata.type {
        case FLAC__METADATA_TYPE_STREAMINFO:
            let info = metadata.data.stream_info
            streamInfo = StreamInfo(sampleRate: Int(info.sample_rate), channelCount: Int(info.channels),
                                    bitsPerSample: Int(info.bits_per_sample), totalFrames: info.total_samples)
        case FLAC__METADATA_TYPE_VORBIS_COMMENT where readsComments:
            let block = metadata.data.vorbis_comment
            guard let entries = block.comments else { return }
            comments = (0..<Int(block.num_comments)).compactMap { index in
                CommentTexts.string(bytes: entries[index].entry.map { UnsafeRawPointer($0) }, length: Int(entries[index].length))
            }
        default:
            break
        }
    }

    /// Appends a decoded frame to ``pending`` as floats; false (stop decoding) when the frame does
    /// not match `STREAMINFO`.
    func receive(frame: FLAC__Frame, buffer: UnsafePointer<UnsafePointer<FLAC__int32>?>) -> Bool {
        guard let info = streamInfo else {
            frameProblem = .missingStreamInfo
            return false
        }
        let header = frame.header
        let channels = Int(header.channels)
        guard channels == info.channelCount else {
            frameProblem = .channelCountChanged(streamInfo: info.channelCount, frame: channels)
            return false
        }
        let bits = Int(header.bits_per_sample)
        guard (1...32).contains(bits) else {
            frameProblem = .badFrameHeader
            return false
        }
        let frames = Int(header.blocksize)
        if pendingFrameCount == 0 {
            discardPending()
            pendingFirstFrame = header.number_type == FLAC__FRAME_NUMBER_TYPE_SAMPLE_NUMBER
                ? Int(clamping: header.number.sample_number)
                : Int(header.number.frame_number) * frames
        }
        // Full scale is 2^(bits - 1), as for a WAV file of the same depth: a power of two, so the
        // scaling itself is exact.
        let scale = 1 / Float(sign: .plus, exponent: bits - 1, significand: 1)
        pending.reserveCapacity(pending.count + frames * channels)
        for index in 0..<frames {
            for channel in 0..<channels {
                pending.append(Float(buffer[channel]?[index] ?? 0) * scale)
            }
        }
        return true
    }
}
