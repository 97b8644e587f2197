// SPDX-License-Identifier: Zlib
import CVorbis

/// Decodes an Ogg Vorbis stream a block at a time, from a file on disk or from bytes in memory.
///
/// Use it for music and long ambiences: opened from a path it reads the file as it goes, so
/// memory stays the same size whether the soundtrack lasts ten seconds or an hour. Call
/// ``read(maxFrames:)`` until it returns an empty buffer, and ``seek(toFrame:)`` to loop or
/// jump. For short sounds that you want fully in memory, ``VorbisDecoder`` is simpler.
///
/// **Damaged audio.** When a page in the middle of the stream is damaged or missing (its
/// checksum fails, or the file was cut and spliced), the decoder skips the lost stretch and
/// carries on with the next intact page, rather than failing: a game would rather play a
/// soundtrack with a short jump than stop it. Each skip adds one to ``skippedGapCount``, and
/// the audio that was lost is left out (not replaced by silence), so the stream then yields
/// fewer frames than ``frameCount``. Damage that libvorbisfile cannot get past throws
/// ``AudioFileError`` with reason `.corruptVorbisStream(code:)`.
///
/// **Ownership.** A decoder is not `Sendable`: it has one owner at a time, and that owner calls
/// it from one thread at a time (libvorbisfile keeps mutable state). Hand it to another
/// task or thread by giving it away, not by sharing it.
///
/// The underlying C library is libvorbisfile (`ov_open_callbacks`, `ov_read_float`, `ov_pcm_seek`).
public final class VorbisStreamDecoder {
    /// The sample rate and channel count of every frame this decoder returns (mono or stereo).
    public let format: PCMFormat

    /// The length of the stream in frames, as recorded in the file.
    ///
    /// Vorbis stores the exact length, so for an intact file this is exactly the number of
    /// frames that ``read(maxFrames:)`` yields in total. A damaged file can yield fewer (see
    /// ``skippedGapCount``).
    public let frameCount: Int

    /// The loop that the file's `LOOPSTART`, `LOOPLENGTH` and `LOOPEND` Vorbis comments describe,
    /// or nil when it has none of them.
    ///
    /// Values are in frames. `LOOPSTART` is the loop's first frame (0 when absent), `LOOPLENGTH`
    /// its length, and `LOOPEND` the frame just after it, used only when `LOOPLENGTH` is absent;
    /// with neither, the loop runs to the end of the stream. Tag names are matched whatever their
    /// case. The loop is checked when the file is opened (see ``init(path:)``), so it always lies
    /// inside `0..<frameCount`. Only the first link of a chained file is looked at.
    public let loopPoints: LoopPoints?

    /// How many damaged or missing stretches of the stream have been skipped so far.
    ///
    /// 0 for an intact file. A game can log this to spot a broken asset.
    public private(set) var skippedGapCount = 0

    private let name: String
    private let vorbisFile: UnsafeMutablePointer<OggVorbis_File>
    // libvorbisfile holds an unretained pointer to this box; keeping it here keeps it alive.
    private let sourceBox: ByteSourceBox

    /// Opens the Ogg Vorbis file at `path` for streaming.
    ///
    /// The file stays open until the decoder is released; only a few kilobytes of it are held
    /// in memory at any time.
    ///
    /// - Parameter path: The path of an `.ogg` file holding mono or stereo Vorbis audio.
    /// - Throws: ``AudioFileError`` naming `path`, with reason `.missing`, `.unreadable(errno:)`,
    ///   `.empty`, `.notOgg`, `.notVorbis`, `.badVorbisHeader(code:)`,
    ///   `.corruptVorbisStream(code:)`, `.unsupportedChannelCount(_:)`, or `.badLoopPoints(_:)`
    ///   when the loop comments hold something other than a whole number, a `LOOPSTART` at or past
    ///   the end (or negative), a `LOOPLENGTH` of zero or less, or a loop ending past the end.
    public convenience init(path: String) throws(AudioFileError) {
        try self.init(path: path, readingLoopPoints: true)
    }


    /// Opens Ogg Vorbis audio that is already in memory.
    ///
    /// The decoder keeps its own reference to `bytes` (arrays are copy-on-write, so no copy is made).
    ///
    /// - Parameters:
    ///   - bytes: The contents of an `.ogg` file holding mono or stereo Vorbis audio.
    ///   - label: A name for the bytes, used in error messages (an asset name, say).
    /// - Throws: ``AudioFileError`` naming `label`, with reason `.empty`, `.notOgg`, `.notVorbis`,
    ///   `.badVorbisHeader(code:)`, `.corruptVorbisStream(code:)`, `.unsupportedChannelCount(_:)` or
    ///   `.badLoopPoints(_:)` (see ``init(path:)``).
    public convenience init(bytes: [UInt8], label: String = "<memory>") throws(AudioFileError) {
        try self.init(bytes: bytes, label: label, readingLoopPoints: true)
    }


    /// Opens the stream in `source`; see ``ByteSourceDecoder``.
    init(source: any SeekableByteSource, name: String, readingLoopPoints: Bool) throws(AudioFileError) {
        let box = ByteSourceBox(source)
        let vorbisFile = UnsafeMutablePointer<OggVorbis_File>.allocate(capacity: 1)
        do {
            try Self.checkCapturePattern(of: source, name: name)
            try Self.open(vorbisFile, box: box, name: name)
        } catch {
            source.close()
            vorbisFile.deallocate()
            throw error
        }
        do {
            let (format, frameCount) = try Self.readLayout(of: vorbisFile, name: name)
            self.format = format
            self.frameCount = frameCount
            self.loopPoints = readingLoopPoints
                ? try LoopPoints.parse(vorbisComments: Self.comments(of: vorbisFile), frameCount: frameCount, label: name)
                : nil
        } catch {
            ov_clear(vorbisFile)
            vorbisFile.deallocate()
            throw error
        }
        self.name = name
        self.vorbisFile = vorbisFile
        self.sourceBox = box
    }

    deinit {
        ov_clear(vorbisFile)
        vorbisFile.deallocate()
    }

    /// The next frame ``read(maxFrames:)`` will return, counted from the start of the stream.
    ///
    /// Starts at 0, advances with every read and moves with ``seek(toFrame:)``. After a skipped
    /// gap it jumps ahead to where the next intact page begins.
    public var position: Int {
        Int(max(0, ov_pcm_tell(vorbisFile)))
    }

    /// Decodes the next frames of the stream.
    ///
    /// The buffer holds exactly `maxFrames` frames unless the stream ends first; an empty
    /// buffer means the end has been reached (call ``seek(toFrame:)`` with 0 to loop).
    ///
    /// - Parameter maxFrames: The most frames to return; must be greater than 0.
    /// - Returns: Interleaved float samples in -1.0...1.0 in ``format``.
    /// - Throws: ``AudioFileError`` with reason `.corruptVorbisStream(code:)` when the stream
    ///   is damaged beyond a skippable gap.
    public func read(maxFrames: Int) throws(AudioFileError) -> PCMBuffer<Float> {
        precondition(maxFrames > 0, "read(maxFrames:) needs a positive frame count")
        let channels = format.channelCount
        var samples: [Float] = []
        samples.reserveCapacity(min(maxFrames, frameCount) * channels)
        var framesRead = 0
        while framesRead < maxFrames {
            let decoded = try decodeBlock(maxFrames: maxFrames - framesRead, into: &samples)
            if decoded == 0 { break }
            framesRead += decoded
        }
        return PCMBuffer(format: format, samples: samples)
    }

    /// Moves to `frame`, so that the next ``read(maxFrames:)`` starts exactly there.
    ///
    /// Seeking is sample-accurate. Seeking to ``frameCount`` is allowed and leaves the decoder at the end.
    ///
    /// - Parameter frame: A frame in `0...frameCount`.
    /// - Throws: ``AudioFileError`` with reason `.seekOutOfRange(frame:frameCount:)` for a frame
    ///   outside the stream, or `.corruptVorbisStream(code:)` if libvorbisfile cannot get there.
    public func seek(toFrame frame: Int) throws(AudioFileError) {
        guard frame >= 0 && frame <= frameCount else {
            throw AudioFileError(file: name, reason: .seekOutOfRange(frame: frame, frameCount: frameCount))
        }
        let result = ov_pcm_seek(vorbisFile, ogg_int64_t(frame))
        guard result == 0 else { throw AudioFileError(file: name, reason: .corruptVorbisStream(code: result)) }
    }

    /// Decodes at most one Vorbis block, appends it interleaved to `samples` and returns its
    /// frame count (0 at the end). Gaps are counted and skipped.
    private func decodeBlock(maxFrames: Int, into samples: inout [Float]) throws(AudioFileError) -> Int {
        while true {
            var channelData: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>?
            var link: Int32 = 0
            let result = ov_read_float(vorbisFile, &channelData, Int32(clamping: maxFrames), &link)
            if result == Int(OV_HOLE) {
                skippedGapCount += 1
                continue
            }
            guard result >= 0 else {
                throw AudioFileError(file: name, reason: .corruptVorbisStream(code: Int32(clamping: result)))
            }
            guard result > 0 else { return 0 }
            try append(frames: result, from: channelData, to: &samples)
            return result
        }
    }

    private func append(frames: Int, from channelData: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>?,
                        to samples: inout [Float]) throws(AudioFileError) {
        guard let channelData else {
            throw AudioFileError(file: name, reason: .corruptVorbisStream(code: OV_EFAULT))
        }
        if format.channelCount == 1 {
            guard let mono = channelData[0] else {
                throw AudioFileError(file: name, reason: .corruptVorbisStream(code: OV_EFAULT))
            }
            samples.append(contentsOf: UnsafeBufferPointer(start: mono, count: frames))
        } else {
            guard let left = channelData[0], let right = channelData[1] else {
                throw AudioFileError(file: name, reason: .corruptVorbisStream(code: OV_EFAULT))
            }
            for frame in 0..<frames {
                samples.append(left[frame])
                samples.append(right[frame])
            }
        }
    }
}

@available(*, unavailable, message: "a VorbisStreamDecoder has a single owner; give it away instead of sharing it")
extension VorbisStreamDecoder: Sendable {}
