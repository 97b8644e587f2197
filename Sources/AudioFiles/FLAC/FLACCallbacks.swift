// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFLAC

/// libFLAC's stream-decoder callbacks: reading through the ``FLACClient``'s ``SeekableByteSource``
/// and handing metadata, frames and errors to the client.
///
/// Each is a C function pointer with no captures; it finds its client through `client_data`.
enum FLACCallbacks {
    /// Runs `FLAC__stream_decoder_init_stream` with every callback, for `client`.
    ///
    /// - Returns: libFLAC's status; `FLAC__STREAM_DECODER_INIT_STATUS_OK` when the decoder is ready.
    static func initialize(_ decoder: UnsafeMutablePointer<FLAC__StreamDecoder>, client: FLACClient) -> FLAC__StreamDecoderInitStatus {
        FLAC__stream_decoder_init_stream(
            decoder,
            { _, buffer, bytes, clientData in
                guard let buffer, let bytes, let client = FLACClient.from(clientData), bytes.pointee > 0 else {
                    return FLAC__STREAM_DECODER_READ_STATUS_ABORT
                }
                let copied = client.source.read(into: buffer, count: bytes.pointee)
                bytes.pointee = copied
                guard copied > 0 else {
                    return errno == 0 ? FLAC__STREAM_DECODER_READ_STATUS_END_OF_STREAM : FLAC__STREAM_DECODER_READ_STATUS_ABORT
                }
                return FLAC__STREAM_DECODER_READ_STATUS_CONTINUE
            },
            { _, offset, clientData in
                guard let client = FLACClient.from(clientData), offset <= UInt64(Int64.max),
                      client.source.seek(offset: Int64(offset), whence: SEEK_SET) == 0 else {
                    return FLAC__STREAM_DECODER_SEEK_STATUS_ERROR
                }
                return FLAC__STREAM_DECODER_SEEK_STATUS_OK
            },
            { _, offset, clientData in
                guard let offset, let position = FLACClient.from(clientData)?.source.tell(), position >= 0 else {
                    return FLAC__STREAM_DECODER_TELL_STATUS_ERROR
                }
                offset.pointee = UInt64(position)
                return FLAC__STREAM_DECODER_TELL_STATUS_OK
            },
            { _, length, clientData in
                guard let length, let client = FLACClient.from(clientData) else {
                    return FLAC__STREAM_DECODER_LENGTH_STATUS_ERROR
                }
                length.pointee = UInt64(client.byteCount)
                return FLAC__STREAM_DECODER_LENGTH_STATUS_OK
            },
            { _, clientData in
                guard let client = FLACClient.from(clientData) else { return 1 }
                return client.source.tell() >= client.byteCount ? 1 : 0
            },
            { _, frame, buffer, clientData in
                guard let frame, let buffer, let client = FLACClient.from(clientData),
                      client.receive(frame: frame.pointee, buffer: buffer) else {
                    return FLAC__STREAM_DECODER_WRITE_STATUS_ABORT
                }
                return FLAC__STREAM_DECODER_WRITE_STATUS_CONTINUE
            },
            { _, metadata, clientData in
                guard let metadata, let client = FLACClient.from(clientData) else { return }
                client.receive(metadata: metadata.pointee)
            },
            { _, status, clientData in
                FLACClient.from(clientData)?.reportedProblems.append(FLACCallbacks.problem(for: status))
            },
            client.clientData)
    }

    /// The problem an error-callback status names.
    static func problem(for status: FLAC__StreamDecoderErrorStatus) -> AudioFileError.FLACProblem {
        switch status {
        case FLAC__STREAM_DECODER_ERROR_STATUS_LOST_SYNC: .lostSync
        case FLAC__STREAM_DECODER_ERROR_STATUS_BAD_HEADER: .badFrameHeader
        case FLAC__STREAM_DECODER_ERROR_STATUS_FRAME_CRC_MISMATCH: .frameChecksumMismatch
        case FLAC__STREAM_DECODER_ERROR_STATUS_UNPARSEABLE_STREAM: .unparseableStream
        default: .badMetadata
        }
    }
}
