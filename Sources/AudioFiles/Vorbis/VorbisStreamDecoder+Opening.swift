// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CVorbis

extension VorbisStreamDecoder {
    /// Fails with `.notOgg` unless the source starts with an Ogg page (`OggS`), then rewinds it.
    ///
    /// libvorbisfile would hunt through arbitrary bytes for a page and then report them as
    /// "not Vorbis"; checking first tells "not an Ogg file at all" apart from "Ogg, but not Vorbis".
    static func checkCapturePattern(of source: any SeekableByteSource, name: String) throws(AudioFileError) {
        try source.checkStarts(with: AudioFileFormat.oggCapturePattern, orFailWith: .notOgg, name: name)
    }

    /// Runs `ov_open_callbacks` over the box's source and maps its failure codes to reasons.
    static func open(_ vorbisFile: UnsafeMutablePointer<OggVorbis_File>, box: ByteSourceBox,
                     name: String) throws(AudioFileError) {
        let result = ov_open_callbacks(box.datasource, vorbisFile, nil, 0, VorbisCallbacks.make())
        guard result == 0 else {
            // libvorbisfile also says "not Vorbis" when a Vorbis file is cut short right after its
            // first page; if that page does hold a Vorbis identification header, the headers are damaged.
            if result == OV_ENOTVORBIS && startsWithVorbisIdentification(box.source, name: name) {
                throw AudioFileError(file: name, reason: .badVorbisHeader(code: result))
            }
            throw AudioFileError(file: name, reason: openFailureReason(code: result))
        }
    }

    /// Whether the first Ogg page's first packet begins like a Vorbis identification header
    /// (packet type 1, then `vorbis`).
    static func startsWithVorbisIdentification(_ source: any SeekableByteSource, name: String) -> Bool {
        guard let head = try? source.head(count: AudioFileFormat.headLength, name: name) else { return false }
        return AudioFileFormat.firstOggPacket(in: head)?.starts(with: AudioFileFormat.vorbisIdentification) ?? false
    }

    /// What an `ov_open_callbacks` error code means for the game developer.
    static func openFailureReason(code: Int32) -> AudioFileError.Reason {
        switch code {
        case OV_ENOTVORBIS: .notVorbis
        case OV_EBADHEADER, OV_EVERSION: .badVorbisHeader(code: code)
        default: .corruptVorbisStream(code: code)
        }
    }

    /// The stream's format and length, after checking that every link is mono or stereo and
    /// that all links share one format.
    ///
    /// A chained Ogg file (several Vorbis streams back to back) decodes as one stream when its
    /// links agree; one whose format changes part-way is reported as `.corruptVorbisStream`
    /// with libvorbisfile's `OV_EBADLINK`, since a single ``PCMBuffer`` cannot describe it.
    static func readLayout(of vorbisFile: UnsafeMutablePointer<OggVorbis_File>,
                           name: String) throws(AudioFileError) -> (PCMFormat, Int) {
        guard let first = ov_info(vorbisFile, 0)?.pointee else {
            throw AudioFileError(file: name, reason: .badVorbisHeader(code: OV_EBADHEADER))
        }
        let format = PCMFormat(sampleRate: Int(first.rate), channelCount: Int(first.channels))
        guard format.channelCount == 1 || format.channelCount == 2 else {
            throw AudioFileError(file: name, reason: .unsupportedChannelCount(format.channelCount))
        }
        guard format.sampleRate > 0 else {
            throw AudioFileError(file: name, reason: .invalidSampleRate(format.sampleRate))
        }
        for link in 1..<max(1, ov_streams(vorbisFile)) {
            guard let info = ov_info(vorbisFile, Int32(clamping: link))?.pointee,
                  Int(info.rate) == format.sampleRate, Int(info.channels) == format.channelCount else {
                throw AudioFileError(file: name, reason: .corruptVorbisStream(code: OV_EBADLINK))
            }
        }
        let total = ov_pcm_total(vorbisFile, -1)
        guard total >= 0 else {
            throw AudioFileError(file: name, reason: .corruptVorbisStream(code: Int32(clamping: total)))
        }
        return (format, Int(total))
    }

    /// The user comments (`NAME=value`) of the stream's first link, as libvorbisfile parsed them.
    static func comments(of vorbisFile: UnsafeMutablePointer<OggVorbis_File>) -> [String] {
        guard let comment = ov_comment(vorbisFile, 0)?.pointee else { return [] }
        return CommentTexts.strings(texts: comment.user_comments, lengths: comment.comment_lengths, count: comment.comments)
    }
}
