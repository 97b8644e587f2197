#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CVorbis

extension VorbisStreamDecoder {
    /// The four bytes that begin every Ogg page.
    static let oggCapturePattern: [UInt8] = Array("OggS".utf8)

    /// Fails with `.notOgg` unless the source starts with an Ogg page, then rewinds it.
    ///
    /// libvorbisfile would hunt through arbitrary bytes for a page and then report them as
    /// "not Vorbis"; checking first tells "not an Ogg file at all" apart from "Ogg, but not Vorbis".
    static func checkCapturePattern(of source: any VorbisByteSource, name: String) throws(AudioFileError) {
        var magic = [UInt8](repeating: 0, count: oggCapturePattern.count)
        var filled = 0
        while filled < magic.count {
            let count = magic.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return source.read(into: base + filled, count: buffer.count - filled)
            }
            if count == 0 { break }
            filled += count
        }
        guard filled == magic.count, magic == oggCapturePattern else {
            throw AudioFileError(file: name, reason: .notOgg)
        }
        guard source.seek(offset: 0, whence: SEEK_SET) == 0 else {
            throw AudioFileError(file: name, reason: .corruptVorbisStream(code: OV_EREAD))
        }
    }

    /// Runs `ov_open_callbacks` over the box's source and maps its failure codes to reasons.
    static func open(_ vorbisFile: UnsafeMutablePointer<OggVorbis_File>, box: VorbisSourceBox,
                     name: String) throws(AudioFileError) {
        let result = ov_open_callbacks(box.datasource, vorbisFile, nil, 0, VorbisCallbacks.make())
        guard result == 0 else {
            // libvorbisfile also says "not Vorbis" when a Vorbis file is cut short right after its
            // first page; if that page does hold a Vorbis identification header, the headers are damaged.
            if result == OV_ENOTVORBIS && startsWithVorbisIdentification(box.source) {
                throw AudioFileError(file: name, reason: .badVorbisHeader(code: result))
            }
            throw AudioFileError(file: name, reason: openFailureReason(code: result))
        }
    }

    /// Whether the first Ogg page's first packet begins like a Vorbis identification header
    /// (packet type 1, then `vorbis`).
    static func startsWithVorbisIdentification(_ source: any VorbisByteSource) -> Bool {
        var head = [UInt8](repeating: 0, count: 27 + 255 + 7)
        guard source.seek(offset: 0, whence: SEEK_SET) == 0 else { return false }
        let count = head.withUnsafeMutableBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            return source.read(into: base, count: buffer.count)
        }
        guard count >= 27 else { return false }
        let bodyStart = 27 + Int(head[26])
        guard count >= bodyStart + 7 else { return false }
        return head[bodyStart..<(bodyStart + 7)].elementsEqual([0x01] + Array("vorbis".utf8))
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
        guard let comment = ov_comment(vorbisFile, 0)?.pointee, comment.comments > 0,
              let texts = comment.user_comments, let lengths = comment.comment_lengths else { return [] }
        return (0..<Int(comment.comments)).compactMap { index in
            guard let text = texts[index], lengths[index] >= 0 else { return nil }
            let bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
            return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(lengths[index])), as: UTF8.self)
        }
    }
}
