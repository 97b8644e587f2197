// SPDX-License-Identifier: Zlib
/// A sound read a block at a time as it plays: what a streaming voice (soundtrack, ambience,
/// dialogue) pulls its audio from, whatever the file's format.
///
/// ``WAVStreamDecoder``, ``FLACStreamDecoder``, ``VorbisStreamDecoder`` and ``OpusStreamDecoder``
/// conform; ``AudioStreamDecoder/open(path:)`` picks the right one for a file. Like all of them, a streaming decoder has one owner at a
/// time and is called from one thread at a time (it is not `Sendable`).
public protocol StreamingDecoder: AnyObject {
    /// The sample rate and channel count of every frame ``read(maxFrames:)`` returns.
    var format: PCMFormat { get }

    /// The length of the stream in frames.
    var frameCount: Int { get }

    /// The next frame ``read(maxFrames:)`` will return.
    var position: Int { get }

    /// The stretch to repeat, as the file itself declares it, or nil when it declares none.
    ///
    /// Checked when the file was opened: always inside `0..<frameCount`.
    var loopPoints: LoopPoints? { get }

    /// The next frames, as interleaved floats: exactly `maxFrames` of them until the end of the
    /// stream, then fewer, then an empty buffer.
    ///
    /// - Parameter maxFrames: The most frames to return; must be greater than 0.
    func read(maxFrames: Int) throws(AudioFileError) -> PCMBuffer<Float>

    /// Moves to `frame` (in `0...frameCount`) so that the next read starts exactly there.
    ///
    /// - Throws: ``AudioFileError`` with reason `.seekOutOfRange(frame:frameCount:)` for a frame
    ///   outside the stream.
    func seek(toFrame frame: Int) throws(AudioFileError)
}

extension VorbisStreamDecoder: StreamingDecoder {}
extension WAVStreamDecoder: StreamingDecoder {}
extension OpusStreamDecoder: StreamingDecoder {}
extension FLACStreamDecoder: StreamingDecoder {}
