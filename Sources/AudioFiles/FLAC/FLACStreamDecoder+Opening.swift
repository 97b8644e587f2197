// SPDX-License-Identifier: Zlib
import CFLAC

extension FLACStreamDecoder {
    /// A libFLAC decoder over the client's source that has read all the metadata, or the reason it could not.
    static func open(client: FLACClient, name: String) throws(AudioFileError) -> UnsafeMutablePointer<FLAC__StreamDecoder> {
        guard let decoder = FLAC__stream_decoder_new() else {
            throw AudioFileError(file: name, reason: .badFLACHeader(
                .decoderState(Int32(bitPattern: FLAC__STREAM_DECODER_MEMORY_ALLOCATION_ERROR.rawValue))))
        }
        _ = FLAC__stream_decoder_set_md5_checking(decoder, 0)
        if client.readsComments {
            _ = FLAC__stream_decoder_set_metadata_respond(decoder, FLAC__METADATA_TYPE_VORBIS_COMMENT)
        }
        do throws(AudioFileError) {
            guard FLACCallbacks.initialize(decoder, client: client) == FLAC__STREAM_DECODER_INIT_STATUS_OK else {
                throw AudioFileError(file: name, reason: .badFLACHeader(
                    .decoderState(Int32(bitPattern: FLAC__stream_decoder_get_state(decoder).rawValue))))
            }
            _ = FLAC__stream_decoder_process_until_end_of_metadata(decoder)
            try checkMetadataEnded(decoder, client: client, name: name)
        } catch {
            FLAC__stream_decoder_delete(decoder)
            throw error
        }
        return decoder
    }

    /// Fails unless libFLAC read every metadata block cleanly and is now looking for the first frame.
    private static func checkMetadataEnded(_ decoder: UnsafeMutablePointer<FLAC__StreamDecoder>, client: FLACClient,
                                           name: String) throws(AudioFileError) {
        if let problem = client.reportedProblems.first {
            throw AudioFileError(file: name, reason: .badFLACHeader(problem == .lostSync && client.streamInfo == nil
                ? .missingStreamInfo : problem))
        }
        let state = FLAC__stream_decoder_get_state(decoder)
        switch state {
        case FLAC__STREAM_DECODER_SEARCH_FOR_FRAME_SYNC, FLAC__STREAM_DECODER_READ_FRAME:
            guard client.streamInfo != nil else { throw AudioFileError(file: name, reason: .badFLACHeader(.missingStreamInfo)) }
        case FLAC__STREAM_DECODER_END_OF_STREAM:
            throw AudioFileError(file: name, reason: .badFLACHeader(.truncated))
        default:
            throw AudioFileError(file: name, reason: .badFLACHeader(.decoderState(Int32(bitPattern: state.rawValue))))
        }
    }

    /// `STREAMINFO`, after checking that it describes something this decoder plays.
    static func checkedStreamInfo(of client: FLACClient, name: String) throws(AudioFileError) -> FLACClient.StreamInfo {
        guard let info = client.streamInfo else { throw AudioFileError(file: name, reason: .badFLACHeader(.missingStreamInfo)) }
        guard info.channelCount == 1 || info.channelCount == 2 else {
            throw AudioFileError(file: name, reason: .unsupportedChannelCount(info.channelCount))
        }
        guard info.sampleRate > 0 else { throw AudioFileError(file: name, reason: .invalidSampleRate(info.sampleRate)) }
        guard (4...32).contains(info.bitsPerSample) else {
            throw AudioFileError(file: name, reason: .unsupportedBitDepth(info.bitsPerSample))
        }
        guard info.totalFrames > 0 else {
            throw AudioFileError(file: name, reason: .badFLACHeader(.unknownLength))
        }
        return info
    }
}
