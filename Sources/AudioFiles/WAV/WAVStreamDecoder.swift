// SPDX-License-Identifier: Zlib
/// Reads a WAV file a block at a time, from disk or from bytes in memory.
///
/// Use it for music, ambience beds and dialogue shipped as WAV: opened from a path, it reads the
/// file's header chunks once and then, on each ``read(maxFrames:)``, only the bytes of the frames
/// asked for, straight into the buffer it returns. Nothing else of the file is held in memory, so
/// a ten-minute soundtrack costs no more than a ten-second one. Every encoding ``WAVDecoder``
/// reads is read here, giving exactly the same samples, and a file ``WAVDecoder`` refuses is
/// refused here with the same ``AudioFileError`` when it is opened.
///
/// ```swift
/// let music = try WAVStreamDecoder(path: "assets/theme.wav")
/// let block = try music.read(maxFrames: 4096)   // 4096 frames until the end, then fewer, then none
/// ```
///
/// **Loop points.** A `smpl` chunk's first loop becomes ``loopPoints``.
///
/// **Ownership.** A decoder is not `Sendable`: it has one owner at a time, which calls it from
/// one thread at a time (it keeps a read position). Hand it over by giving it away.
public final class WAVStreamDecoder {
    /// The sample rate and channel count of every frame this decoder returns (mono or stereo).
    public let format: PCMFormat

    /// How the samples are stored in the file (8-, 16-, 24- or 32-bit PCM, or 32-bit float).
    public let encoding: WAVEncoding

    /// The length of the stream in frames: the `data` chunk's size over the frame size, exact.
    public let frameCount: Int

    /// The loop of the file's `smpl` (sampler) chunk, or nil when it has none.
    ///
    /// The first loop of the chunk is used, whatever its type, with its end made exclusive (the
    /// chunk stores the loop's last frame). The chunk may come before or after the `data`
    /// chunk. It is checked when the file is opened (see ``init(path:)``), so it always lies
    /// inside `0..<frameCount`.
    public let loopPoints: LoopPoints?

    /// The next frame ``read(maxFrames:)`` will return, counted from the start of the stream.
    ///
    /// Starts at 0, advances with every read and moves with ``seek(toFrame:)``.
    public private(set) var position = 0

    private let name: String
    private let source: any RIFFByteSource
    private let dataOffset: Int
    private let blockAlign: Int

    /// Opens the WAV file at `path` for streaming, reading only its header chunks.
    ///
    /// The file stays open until the decoder is released.
    ///
    /// - Parameter path: The path of a `.wav` file holding mono or stereo PCM or float audio.
    /// - Throws: ``AudioFileError`` naming `path`: `.missing`, `.unreadable(errno:)` or `.empty`
    ///   when the file cannot be read; any reason ``WAVDecoder/decode(bytes:label:)`` gives for a
    ///   malformed or unsupported file, the same one it gives for the same bytes (a file cut short
    ///   inside its `data` chunk is `.chunkPastEnd(chunk:declared:available:)`, as there); or
    ///   `.badLoopPoints(_:)` when a `smpl` chunk is cut short or its first loop starts at or past
    ///   the end of the stream, ends before it starts, or ends past the end.
    public convenience init(path: String) throws(AudioFileError) {
        try self.init(source: RIFFFileSource(path: path), name: path)
    }

    /// Opens WAV audio that is already in memory.
    ///
    /// The decoder keeps its own reference to `bytes` (arrays are copy-on-write, so no copy is made).
    ///
    /// - Parameters:
    ///   - bytes: The complete file, from its `RIFF` header on.
    ///   - label: A name for the bytes, used in error messages (an asset name, say).
    /// - Throws: ``AudioFileError`` naming `label`, with the reasons of ``init(path:)``.
    public convenience init(bytes: [UInt8], label: String = "<memory>") throws(AudioFileError) {
        try self.init(source: RIFFMemorySource(bytes: bytes), name: label)
    }

    /// Opens the file behind `source`, already opened (by ``AudioStreamDecoder``, say).
    init(source: any RIFFByteSource, name: String) throws(AudioFileError) {
        let header = try WAVHeader(reading: source, label: name)
        // The smpl chunk, wherever it is: the walk may have passed it, or it may follow the data.
        var sampler = header.layout.sampler
        if sampler == nil {
            sampler = try header.layout.trailingChunk("smpl", in: source, limit: WAVSamplerChunk.bodyPrefixSize)
        }
        let frameCount = header.frameCount
        if let sampler {
            self.loopPoints = try WAVSamplerChunk.loopPoints(body: sampler, frameCount: frameCount, label: name)
        } else {
            self.loopPoints = nil
        }
        self.format = header.pcmFormat
        self.encoding = header.format.encoding
        self.frameCount = frameCount
        self.name = name
        self.source = source
        self.dataOffset = header.layout.dataOffset
        self.blockAlign = header.format.blockAlign
    }

    /// Reads the next frames of the stream.
    ///
    /// The buffer holds exactly `maxFrames` frames unless the stream ends first; an empty
    /// buffer means the end has been reached (call ``seek(toFrame:)`` to loop). The file's bytes
    /// for those frames are read in one go into the returned buffer's own memory and converted
    /// there, so the decoder keeps no buffer of its own.
    ///
    /// - Parameter maxFrames: The most frames to return; must be greater than 0.
    /// - Returns: Interleaved float samples in ``format``, scaled as ``WAVDecoder`` scales them.
    /// - Throws: ``AudioFileError`` with reason `.unreadable(errno:)` when reading the file fails,
    ///   or `.chunkPastEnd(chunk:declared:available:)` when the file has been cut short since it
    ///   was opened. The position does not move then.
    public func read(maxFrames: Int) throws(AudioFileError) -> PCMBuffer<Float> {
        precondition(maxFrames > 0, "read(maxFrames:) needs a positive frame count")
        let frames = min(maxFrames, frameCount - position)
        guard frames > 0 else { return PCMBuffer(format: format, samples: []) }
        let sampleCount = frames * format.channelCount
        let storedCount = frames * blockAlign
        let offset = position * blockAlign
        var failure: AudioFileError?
        let samples = [Float](unsafeUninitializedCapacity: sampleCount) { buffer, initialized in
            initialized = 0
            let memory = UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[..<sampleCount]))
            let stored = UnsafeMutableRawBufferPointer(rebasing: memory[(memory.count - storedCount)...])
            do throws(AudioFileError) {
                let copied = try source.read(at: dataOffset + offset, into: stored)
                guard copied == storedCount else {
                    throw AudioFileError(file: name, reason: .chunkPastEnd(
                        chunk: "data", declared: frameCount * blockAlign, available: offset + copied))
                }
                WAVSampleConversion.convertInPlace(memory, from: encoding)
                initialized = sampleCount
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        position += frames
        return PCMBuffer(format: format, samples: samples)
    }

    /// Moves to `frame`, so that the next ``read(maxFrames:)`` starts exactly there.
    ///
    /// Seeking only sets the position; nothing is read until the next ``read(maxFrames:)``.
    /// Seeking to ``frameCount`` is allowed and leaves the decoder at the end.
    ///
    /// - Parameter frame: A frame in `0...frameCount`.
    /// - Throws: ``AudioFileError`` with reason `.seekOutOfRange(frame:frameCount:)` for a frame
    ///   outside the stream; the position does not move then.
    public func seek(toFrame frame: Int) throws(AudioFileError) {
        guard frame >= 0 && frame <= frameCount else {
            throw AudioFileError(file: name, reason: .seekOutOfRange(frame: frame, frameCount: frameCount))
        }
        position = frame
    }
}

@available(*, unavailable, message: "a WAVStreamDecoder has a single owner; give it away instead of sharing it")
extension WAVStreamDecoder: Sendable {}
