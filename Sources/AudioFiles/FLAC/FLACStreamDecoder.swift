// SPDX-License-Identifier: Zlib
import CFLAC

/// Decodes a FLAC file a block at a time, from a file on disk or from bytes in memory.
///
/// Use it for lossless music and ambience: opened from a path it reads the file as it goes, so
/// memory stays the same size however long the stream is. Call ``read(maxFrames:)`` until it
/// returns an empty buffer, and ``seek(toFrame:)`` to loop or jump. For short sounds that you
/// want fully in memory, ``FLACDecoder`` is simpler.
///
/// **Formats.** Any sample rate and any sample size (4 to 32 bits) libFLAC decodes, mono or
/// stereo; samples are scaled so that full scale is 1.0, exactly as a WAV file of the same depth
/// decodes. The file must record its length in `STREAMINFO` (every file `flac` writes does).
///
/// **Damaged audio.** A frame whose checksum fails is played as silence of the same length and a
/// damaged stretch that breaks the frame sync is skipped, as libFLAC does; each adds one to
/// ``skippedGapCount``. A file cut short yields the frames before the cut, then ends.
///
/// **Ownership.** A decoder is not `Sendable`: it has one owner at a time, called from one thread
/// at a time (libFLAC keeps mutable state).
///
/// The underlying C library is libFLAC (`FLAC__stream_decoder_init_stream`,
/// `FLAC__stream_decoder_process_single`, `FLAC__stream_decoder_seek_absolute`).
public final class FLACStreamDecoder {
    /// The sample rate and channel count (mono or stereo) of every frame, from `STREAMINFO`.
    public let format: PCMFormat

    /// The length of the stream in frames, as `STREAMINFO` records it.
    public let frameCount: Int

    /// The loop that the file's `LOOPSTART`, `LOOPLENGTH` and `LOOPEND` Vorbis comments (its
    /// `VORBIS_COMMENT` metadata block, as `metaflac --set-tag` writes) describe, or nil when it has none.
    ///
    /// The same convention as ``VorbisStreamDecoder/loopPoints``, checked the same way when the
    /// file is opened, so it always lies inside `0..<frameCount`.
    public let loopPoints: LoopPoints?

    /// How many damaged frames have been played as silence or skipped so far (0 for an intact file).
    public private(set) var skippedGapCount = 0

    /// The next frame ``read(maxFrames:)`` will return, counted from the start of the stream.
    public private(set) var position = 0

    private let name: String
    private let decoder: UnsafeMutablePointer<FLAC__StreamDecoder>
    // libFLAC holds an unretained pointer to the client; keeping it here keeps it alive.
    private let client: FLACClient
    /// Whether libFLAC has reached the end of the stream (or a seek went to the very end).
    private var atEnd = false

    /// Opens the FLAC file at `path` for streaming.
    ///
    /// The file stays open until the decoder is released; only a few kilobytes of it are held in memory.
    ///
    /// - Parameter path: The path of a `.flac` file holding mono or stereo audio.
    /// - Throws: ``AudioFileError`` naming `path`, with reason `.missing`, `.unreadable(errno:)`,
    ///   `.empty`, `.notFLAC`, `.badFLACHeader(_:)` (cut short, damaged metadata, no recorded
    ///   length), `.unsupportedChannelCount(_:)` for more than two channels,
    ///   `.unsupportedBitDepth(_:)`, `.invalidSampleRate(_:)`, or `.badLoopPoints(_:)` as for
    ///   ``VorbisStreamDecoder/init(path:)``.
    public convenience init(path: String) throws(AudioFileError) {
        try self.init(path: path, readingLoopPoints: true)
    }


    /// Opens FLAC audio that is already in memory.
    ///
    /// - Parameters:
    ///   - bytes: The contents of a `.flac` file holding mono or stereo audio.
    ///   - label: A name for the bytes, used in error messages.
    /// - Throws: ``AudioFileError`` naming `label`, with the reasons of ``init(path:)`` other than
    ///   `.missing` and `.unreadable(errno:)`.
    public convenience init(bytes: [UInt8], label: String = "<memory>") throws(AudioFileError) {
        try self.init(bytes: bytes, label: label, readingLoopPoints: true)
    }


    /// Opens the stream in `source`; see ``ByteSourceDecoder``.
    init(source: any SeekableByteSource, name: String, readingLoopPoints: Bool) throws(AudioFileError) {
        let client = FLACClient(source: source, readsComments: readingLoopPoints)
        let decoder: UnsafeMutablePointer<FLAC__StreamDecoder>
        do {
            try source.checkStarts(with: AudioFileFormat.flacMagic, orFailWith: .notFLAC, name: name)
            decoder = try Self.open(client: client, name: name)
        } catch {
            source.close()
            throw error
        }
        do {
            let info = try Self.checkedStreamInfo(of: client, name: name)
            self.format = PCMFormat(sampleRate: info.sampleRate, channelCount: info.channelCount)
            self.frameCount = Int(info.totalFrames)
            self.loopPoints = readingLoopPoints
                ? try LoopPoints.parse(vorbisComments: client.comments, frameCount: Int(info.totalFrames), label: name)
                : nil
        } catch {
            FLAC__stream_decoder_delete(decoder)
            source.close()
            throw error
        }
        self.name = name
        self.decoder = decoder
        self.client = client
    }

    deinit {
        FLAC__stream_decoder_delete(decoder)
        client.source.close()
    }

    /// Decodes the next frames of the stream.
    ///
    /// The buffer holds exactly `maxFrames` frames unless the stream ends first; an empty buffer
    /// means the end has been reached.
    ///
    /// - Parameter maxFrames: The most frames to return; must be greater than 0.
    /// - Returns: Interleaved float samples in -1.0...1.0 in ``format``.
    /// - Throws: ``AudioFileError`` with reason `.corruptFLACStream(_:)` when the stream is damaged
    ///   beyond what libFLAC recovers from (a frame whose channel count differs from `STREAMINFO`),
    ///   or libFLAC stops.
    public func read(maxFrames: Int) throws(AudioFileError) -> PCMBuffer<Float> {
        precondition(maxFrames > 0, "read(maxFrames:) needs a positive frame count")
        while client.pendingFrameCount < maxFrames && !atEnd {
            try decodeFrame()
        }
        let channels = format.channelCount
        let frames = min(maxFrames, client.pendingFrameCount)
        let start = client.pendingStart
        let samples = Array(client.pending[start..<(start + frames * channels)])
        client.pendingStart += frames * channels
        client.pendingFirstFrame += frames
        position = client.pendingFirstFrame
        if client.pendingFrameCount == 0 { client.discardPending() }
        return PCMBuffer(format: format, samples: samples)
    }

    /// Moves to `frame`, so that the next ``read(maxFrames:)`` starts exactly there.
    ///
    /// Seeking is sample-accurate and exact: FLAC frames decode on their own, so what follows is
    /// the same as a read from the start. Seeking to ``frameCount`` leaves the decoder at the end.
    ///
    /// - Parameter frame: A frame in `0...frameCount`.
    /// - Throws: ``AudioFileError`` with reason `.seekOutOfRange(frame:frameCount:)` for a frame
    ///   outside the stream, or `.corruptFLACStream(.seekFailed)` if libFLAC cannot get there
    ///   (the frame lies beyond where a damaged file was cut).
    public func seek(toFrame frame: Int) throws(AudioFileError) {
        guard frame >= 0 && frame <= frameCount else {
            throw AudioFileError(file: name, reason: .seekOutOfRange(frame: frame, frameCount: frameCount))
        }
        client.discardPending()
        guard frame < frameCount else {
            client.pendingFirstFrame = frame
            position = frame
            atEnd = true
            return
        }
        client.pendingFirstFrame = frame
        guard FLAC__stream_decoder_seek_absolute(decoder, UInt64(frame)) != 0 else {
            if FLAC__stream_decoder_get_state(decoder) == FLAC__STREAM_DECODER_SEEK_ERROR {
                _ = FLAC__stream_decoder_flush(decoder)
            }
            client.discardPending()
            client.reportedProblems.removeAll()
            throw AudioFileError(file: name, reason: .corruptFLACStream(.seekFailed))
        }
        takeProblems()
        position = frame
        atEnd = FLAC__stream_decoder_get_state(decoder) == FLAC__STREAM_DECODER_END_OF_STREAM
    }

    /// Has libFLAC decode one more frame into the client's pending frames.
    private func decodeFrame() throws(AudioFileError) {
        let succeeded = FLAC__stream_decoder_process_single(decoder) != 0
        if let problem = client.frameProblem {
            throw AudioFileError(file: name, reason: .corruptFLACStream(problem))
        }
        takeProblems()
        let state = FLAC__stream_decoder_get_state(decoder)
        if state == FLAC__STREAM_DECODER_END_OF_STREAM {
            atEnd = true
        } else if !succeeded || state.rawValue > FLAC__STREAM_DECODER_END_OF_STREAM.rawValue {
            throw AudioFileError(file: name, reason: .corruptFLACStream(.decoderState(Int32(bitPattern: state.rawValue))))
        }
    }

    /// Counts the damage libFLAC reported and recovered from (by silencing or skipping frames)
    /// since the last call.
    private func takeProblems() {
        skippedGapCount += client.reportedProblems.count
        client.reportedProblems.removeAll()
    }
}

@available(*, unavailable, message: "a FLACStreamDecoder has a single owner; give it away instead of sharing it")
extension FLACStreamDecoder: Sendable {}
