// SPDX-License-Identifier: Zlib
import COpusFile

extension OpusStreamDecoder {
    /// Runs `op_open_callbacks` over the box's source and maps its failure codes to reasons.
    static func open(box: ByteSourceBox, name: String) throws(AudioFileError) -> OpaquePointer {
        var callbacks = OpusCallbacks.make()
        var error: Int32 = 0
        guard let opusFile = op_open_callbacks(box.datasource, &callbacks, nil, 0, &error) else {
            // libopusfile also says "not Opus" when an Opus file is cut short inside its headers;
            // if the first packet is an OpusHead, the headers are damaged.
            if error == OP_ENOTFORMAT && startsWithOpusHead(box.source, name: name) {
                throw AudioFileError(file: name, reason: .badOpusHeader(code: error))
            }
            throw AudioFileError(file: name, reason: openFailureReason(code: error))
        }
        return opusFile
    }

    /// Whether the first Ogg page's first packet is an Opus identification header (`OpusHead`).
    static func startsWithOpusHead(_ source: any SeekableByteSource, name: String) -> Bool {
        guard let head = try? source.head(count: AudioFileFormat.headLength, name: name) else { return false }
        return AudioFileFormat(head: head) == .opus
    }

    /// What an `op_open_callbacks` error code means for the game developer.
    static func openFailureReason(code: Int32) -> AudioFileError.Reason {
        switch code {
        case OP_ENOTFORMAT: .notOpus
        case OP_EBADHEADER, OP_EVERSION, OP_EIMPL: .badOpusHeader(code: code)
        default: .corruptOpusStream(code: code)
        }
    }

    /// The stream's format (48 kHz, the channel count) and length, after checking that it is mono
    /// or stereo and that every link of a chained file has the same channel count.
    static func readLayout(of opusFile: OpaquePointer, name: String) throws(AudioFileError) -> (PCMFormat, Int) {
        let channels = Int(op_channel_count(opusFile, 0))
        guard channels == 1 || channels == 2 else {
            throw AudioFileError(file: name, reason: .unsupportedChannelCount(channels))
        }
        for link in 1..<max(1, op_link_count(opusFile)) where Int(op_channel_count(opusFile, link)) != channels {
            throw AudioFileError(file: name, reason: .corruptOpusStream(code: OP_EBADLINK))
        }
        let total = op_pcm_total(opusFile, -1)
        guard total >= 0 else {
            throw AudioFileError(file: name, reason: .corruptOpusStream(code: Int32(clamping: total)))
        }
        return (PCMFormat(sampleRate: 48_000, channelCount: channels), Int(total))
    }

    /// The user comments (`NAME=value`) of the stream's first link, as libopusfile parsed them.
    static func comments(of opusFile: OpaquePointer) -> [String] {
        guard let tags = op_tags(opusFile, 0)?.pointee else { return [] }
        return CommentTexts.strings(texts: tags.user_comments, lengths: tags.comment_lengths, count: tags.comments)
    }
}
