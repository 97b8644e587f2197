// SPDX-License-Identifier: Zlib
import COpusFile

/// Decodes an Ogg Opus stream a block at a time at 48 kHz, from a file on disk or from bytes in memory.
///
/// Use it for music, ambience and dialogue shipped as Opus: opened from a path it reads the file as
/// it goes, so memory stays the same size however long the stream is. Call ``read(maxFrames:)``
/// until it returns an empty buffer, and ``seek(toFrame:)`` to loop or jump. For short sounds
/// that you want fully in memory, ``OpusDecoder`` is simpler.
///
/// **Sample rate.** Opus always decodes at 48 000 Hz (the rate an encoder was fed is only a hint
/// in the header), so ``format`` is always 48 000 Hz, and frames, positions and loop points count
/// 48 kHz frames from the first frame after the encoder's pre-skip.
///
/// **Damaged audio.** As with ``VorbisStreamDecoder``, a damaged or missing page in the middle of
/// the stream is skipped and counted in ``skippedGapCount``, and the lost audio is left out.
/// Damage that libopusfile cannot get past throws ``AudioFileError`` with reason
/// `.corruptOpusStream(code:)`.
///
/// **Ownership.** A decoder is not `Sendable`: it has one owner at a time, called from one thread
/// at a time (libopusfile keeps mutable state).
///
/// The underlying C library is libopusfile (`op_open_callbacks`, `op_read_float`, `op_pcm_seek`).
public final class OpusStreamDecoder {
    /// The sample rate (always 48 000 Hz) and channel count (mono or stereo) of every frame.
    public let format: PCMFormat

    /// The length of the stream in 48 kHz frames, as the file's last granule position records it.
    ///
    /// For an intact file this is exactly the number of frames ``read(maxFrames:)`` yields in all.
    public let frameCount: Int

    /// The loop that the file's `LOOPSTART`, `LOOPLENGTH` and `LOOPEND` comments (Opus tags)
    /// describe, in 48 kHz frames, or nil when it has none of them.
    ///
    /// The same convention as ``VorbisStreamDecoder/loopPoints``, checked the same way when the
    /// file is opened, so it always lies inside `0..<frameCount`.
    public let loopPoints: LoopPoints?

    /// How many damaged or missing stretches of the stream have been skipped so far (0 for an intact file).
    public private(set) var skippedGapCount = 0

    private let name: String
    private let opusFile: OpaquePointer
    // libopusfile holds an unretained pointer to this box; keeping it here keeps it alive.
    private let sourceBox: ByteSourceBox

    /// Opens the Ogg Opus file at `path` for streaming.
    ///
    /// The file stays open until the decoder is released; only a few kilobytes of it are held in memory.
    ///
    /// - Parameter path: The path of an `.opus` file holding mono or stereo Opus audio.
    /// - Throws: ``AudioFileError`` naming `path`, with reason `.missing`, `.unreadable(errno:)`,
    ///   `.empty`, `.notOgg`, `.notOpus`, `.badOpusHeader(code:)`, `.corruptOpusStream(code:)`,
    ///   `.unsupportedChannelCount(_:)` for more than two channels, or `.badLoopPoints(_:)` as for
    ///   ``VorbisStreamDecoder/init(path:)``.
    public convenience init(path: String) throws(AudioFileError) {
        try self.init(path: path, readingLoopPoints: true)
    }


    /// Opens Ogg Opus audio that is already in memory.
    ///
    /// - Parameters:
    ///   - bytes: The contents of an `.opus` file holding mono or stereo Opus audio.
    ///   - label: A name for the bytes, used in error messages.
    /// - Throws: ``AudioFileError`` naming `label`, with the reasons of ``init(path:)`` other than
    ///   `.missing` and `.unreadable(errno:)`.
    public convenience init(bytes: [UInt8], label: String = "<memory>") throws(AudioFileError) {
        try self.init(bytes: bytes, label: label, readingLoopPoints: true)
    }


    /// Opens the stream in `source`; see ``ByteSourceDecoder``.
    init(source: any SeekableByteSource, name: String, readingLoopPoints: Bool) throws(AudioFileError) {
        let box = ByteSourceBox(source)
        let opusFile: OpaquePointer
        do {
            try source.checkStarts(with: AudioFileFormat.oggCapturePattern, orFailWith: .notOgg, name: name)
            opusFile = try Self.open(box: box, name: name)
        } catch {
            source.close()
            throw error
        }
        do {
            let (format, frameCount) = try Self.readLayout(of: opusFile, name: name)
            self.format = format
            self.frameCount = frameCount
            self.loopPoints = readingLoopPoints
                ? try LoopPoints.parse(vorbisComments: Self.comments(of: opusFile), frameCount: frameCount, label: name)
                : nil
        } catch {
            op_free(opusFile)
            throw error
        }
        self.name = name
        self.opusFile = opusFile
        self.sourceBox = box
    }

    deinit {
        op_free(opusFile)
    }

    /// The next frame ``read(maxFrames:)`` will return, counted in 48 kHz frames from the start.
    public var position: Int {
        Int(max(0, op_pcm_tell(opusFile)))
    }

    /// Decodes the next frames of the stream.
    ///
    /// The buffer holds exactly `maxFrames` frames unless the stream ends first; an empty buffer
    /// means the end has been reached.
    ///
    /// - Parameter maxFrames: The most frames to return; must be greater than 0.
    /// - Returns: Interleaved float samples in -1.0...1.0 in ``format``.
    /// - Throws: ``AudioFileError`` with reason `.corruptOpusStream(code:)` when the stream is
    ///   damaged beyond a skippable gap.
    public func read(maxFrames: Int) throws(AudioFileError) -> PCMBuffer<Float> {
        precondition(maxFrames > 0, "read(maxFrames:) needs a positive frame count")
        let channels = format.channelCount
        var samples: [Float] = []
        samples.reserveCapacity(min(maxFrames, frameCount) * channels)
        // At most one Opus packet's worst case (120 ms) per call: libopusfile buffers the rest.
        var scratch = [Float](repeating: 0, count: min(maxFrames, Self.largestPacketFrames) * channels)
        var framesRead = 0
        while framesRead < maxFrames {
            let wanted = min(maxFrames - framesRead, Self.largestPacketFrames)
            let decoded = try decode(maxFrames: wanted, into: &scratch)
            if decoded == 0 { break }
            samples.append(contentsOf: scratch[0..<(decoded * channels)])
            framesRead += decoded
        }
        return PCMBuffer(format: format, samples: samples)
    }

    /// Moves to `frame`, so that the next ``read(maxFrames:)`` starts exactly there.
    ///
    /// Seeking is sample-accurate, and what follows is the same as a read from the start (on the
    /// tests' files, bit for bit), so a loop's seam is gapless: an Opus decoder carries state from
    /// packet to packet, so the decoder starts half a second before `frame` (``settlingFrames``)
    /// and discards what it decodes up to `frame`. A seek therefore decodes up to half a second of
    /// audio. Seeking to ``frameCount`` is allowed and leaves the decoder at the end.
    ///
    /// - Parameter frame: A frame in `0...frameCount`.
    /// - Throws: ``AudioFileError`` with reason `.seekOutOfRange(frame:frameCount:)` for a frame
    ///   outside the stream, or `.corruptOpusStream(code:)` if libopusfile cannot get there.
    public func seek(toFrame frame: Int) throws(AudioFileError) {
        guard frame >= 0 && frame <= frameCount else {
            throw AudioFileError(file: name, reason: .seekOutOfRange(frame: frame, frameCount: frameCount))
        }
        // libopusfile 0.12's op_pcm_seek lands on the wrong samples when it seeks a short way
        // forward with decoded samples still buffered; a raw seek to the start empties that buffer.
        var result = op_raw_seek(opusFile, 0)
        let start = max(0, min(frame, frameCount - 1) - Self.settlingFrames)
        if result == 0 && frameCount > 0 { result = op_pcm_seek(opusFile, ogg_int64_t(start)) }
        guard result == 0 else { throw AudioFileError(file: name, reason: .corruptOpusStream(code: result)) }
        var scratch = [Float](repeating: 0, count: Self.largestPacketFrames * format.channelCount)
        while position < frame {
            if try decode(maxFrames: min(frame - position, Self.largestPacketFrames), into: &scratch) == 0 { break }
        }
    }

    /// How far before a seek's target the decoder starts (half a second): libopusfile's own
    /// 80 ms pre-roll leaves the output within about 0.05 of a read from the start; after half a
    /// second the decoder's state has converged to the same samples.
    static let settlingFrames = 24_000

    /// The most frames one Opus packet decodes to: 120 ms at 48 kHz.
    private static let largestPacketFrames = 5_760

    /// Decodes up to `maxFrames` frames (at most one packet's worth) into the start of `scratch`,
    /// interleaved, and returns how many (0 at the end). Gaps are counted and skipped.
    private func decode(maxFrames: Int, into scratch: inout [Float]) throws(AudioFileError) -> Int {
        let values = Int32(maxFrames * format.channelCount)
        while true {
            let result = scratch.withUnsafeMutableBufferPointer { buffer in
                op_read_float(opusFile, buffer.baseAddress, values, nil)
            }
            if result == OP_HOLE {
                skippedGapCount += 1
                continue
            }
            guard result >= 0 else { throw AudioFileError(file: name, reason: .corruptOpusStream(code: result)) }
            return Int(result)
        }
    }
}

@available(*, unavailable, message: "an OpusStreamDecoder has a single owner; give it away instead of sharing it")
extension OpusStreamDecoder: Sendable {}
