// SPDX-License-Identifier: Zlib
import AudioFiles
import CVorbisEnc

/// One run of libvorbisenc: the C encoder state for a single stream, and the bytes produced so far.
///
/// The C structures point at one another (a block points at its DSP state, which points at the
/// info), so each lives at a fixed heap address for the session's life. `deinit` releases
/// exactly the parts that were set up.
final class VorbisEncoderSession {
    private let info = UnsafeMutablePointer<vorbis_info>.allocate(capacity: 1)
    private let comment = UnsafeMutablePointer<vorbis_comment>.allocate(capacity: 1)
    private let dsp = UnsafeMutablePointer<vorbis_dsp_state>.allocate(capacity: 1)
    private let block = UnsafeMutablePointer<vorbis_block>.allocate(capacity: 1)
    private let stream = UnsafeMutablePointer<ogg_stream_state>.allocate(capacity: 1)
    private var analysisStarted = false
    private let channelCount: Int

    /// The Ogg pages written so far.
    private(set) var output: [UInt8] = []

    /// Sets up a VBR encoder and writes the three Vorbis header packets.
    init(format: PCMFormat, quality: Float, serialNumber: Int32) throws(VorbisEncodeError) {
        channelCount = format.channelCount
        info.initialize(to: vorbis_info())
        comment.initialize(to: vorbis_comment())
        dsp.initialize(to: vorbis_dsp_state())
        block.initialize(to: vorbis_block())
        stream.initialize(to: ogg_stream_state())
        vorbis_info_init(info)
        vorbis_comment_init(comment)
        let setup = vorbis_encode_init_vbr(info, format.channelCount, format.sampleRate, quality)
        guard setup == 0 else { throw .encoderSetupFailed(code: setup) }
        let analysis = vorbis_analysis_init(dsp, info)
        guard analysis == 0 else { throw .encoderSetupFailed(code: analysis) }
        vorbis_block_init(dsp, block)
        ogg_stream_init(stream, serialNumber)
        analysisStarted = true
        try writeHeaders()
    }

    deinit {
        if analysisStarted {
            ogg_stream_clear(stream)
            vorbis_block_clear(block)
            vorbis_dsp_clear(dsp)
        }
        vorbis_comment_clear(comment)
        vorbis_info_clear(info)
        for pointer in [UnsafeMutableRawPointer(info), UnsafeMutableRawPointer(comment), UnsafeMutableRawPointer(dsp),
                        UnsafeMutableRawPointer(block), UnsafeMutableRawPointer(stream)] {
            pointer.deallocate()
        }
    }

    /// Encodes interleaved `samples` (a whole number of frames).
    func encode(_ samples: [Float]) throws(VorbisEncodeError) {
        let chunkFrames = 1024
        let frameTotal = samples.count / channelCount
        var start = 0
        while start < frameTotal {
            let frames = min(chunkFrames, frameTotal - start)
            guard let channels = vorbis_analysis_buffer(dsp, Int32(frames)) else { throw .encodingFailed(code: OV_EFAULT) }
            for channel in 0..<channelCount {
                guard let destination = channels[channel] else { throw .encodingFailed(code: OV_EFAULT) }
                for frame in 0..<frames {
                    destination[frame] = samples[(start + frame) * channelCount + channel]
                }
            }
            let wrote = vorbis_analysis_wrote(dsp, Int32(frames))
            guard wrote == 0 else { throw .encodingFailed(code: wrote) }
            try drain()
            start += frames
        }
    }

    /// Marks the end of the audio and writes the last pages.
    func finish() throws(VorbisEncodeError) {
        let wrote = vorbis_analysis_wrote(dsp, 0)
        guard wrote == 0 else { throw .encodingFailed(code: wrote) }
        try drain()
        flushPages()
    }

    private func writeHeaders() throws(VorbisEncodeError) {
        var identification = ogg_packet(), commentPacket = ogg_packet(), codebooks = ogg_packet()
        let result = vorbis_analysis_headerout(dsp, comment, &identification, &commentPacket, &codebooks)
        guard result == 0 else { throw .encoderSetupFailed(code: result) }
        ogg_stream_packetin(stream, &identification)
        ogg_stream_packetin(stream, &commentPacket)
        ogg_stream_packetin(stream, &codebooks)
        // The headers must end their own pages so audio starts on a fresh page, as the spec requires.
        flushPages()
    }

    /// Turns every block the analyser has ready into packets, and full pages into output.
    private func drain() throws(VorbisEncodeError) {
        while vorbis_analysis_blockout(dsp, block) == 1 {
            let analysed = vorbis_analysis(block, nil)
            guard analysed == 0 else { throw .encodingFailed(code: analysed) }
            let added = vorbis_bitrate_addblock(block)
            guard added == 0 else { throw .encodingFailed(code: added) }
            var packet = ogg_packet()
            while vorbis_bitrate_flushpacket(dsp, &packet) == 1 {
                ogg_stream_packetin(stream, &packet)
                var page = ogg_page()
                while ogg_stream_pageout(stream, &page) != 0 { append(page) }
            }
        }
    }

    private func flushPages() {
        var page = ogg_page()
        while ogg_stream_flush(stream, &page) != 0 { append(page) }
    }

    private func append(_ page: ogg_page) {
        output.append(contentsOf: UnsafeBufferPointer(start: page.header, count: page.header_len))
        output.append(contentsOf: UnsafeBufferPointer(start: page.body, count: page.body_len))
    }
}
