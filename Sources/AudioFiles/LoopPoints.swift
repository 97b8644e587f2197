// SPDX-License-Identifier: Zlib
/// The stretch of a stream that repeats: intro-then-loop music plays frames `0..<end` once,
/// then `start..<end` over and over.
///
/// A ``StreamingDecoder`` reads these from the file itself: the `LOOPSTART`, `LOOPLENGTH` and
/// `LOOPEND` Vorbis comments of an Ogg file (see ``VorbisStreamDecoder/loopPoints``), or the
/// first loop of a WAV file's `smpl` chunk (see ``WAVStreamDecoder/loopPoints``). Both are
/// checked against the stream's length when the file is opened, so a value of this type always
/// lies inside its stream: `0 <= start < end <= frameCount`.
public struct LoopPoints: Sendable, Hashable, CustomStringConvertible {
    /// The first frame of the loop: where playback jumps back to.
    public let start: Int
    /// The frame just after the loop (exclusive): on reaching it, playback jumps to ``start``.
    public let end: Int

    /// Creates loop points.
    ///
    /// - Precondition: `0 <= start < end`.
    public init(start: Int, end: Int) {
        precondition(start >= 0 && end > start, "a loop needs 0 <= start < end, not \(start)..<\(end)")
        self.start = start
        self.end = end
    }

    /// The number of frames that repeat, `end - start`.
    public var length: Int { end - start }

    /// The frames that repeat, `start..<end`.
    public var frames: Range<Int> { start..<end }

    /// For example `"loop 44100..<882000"`.
    public var description: String { "loop \(start)..<\(end)" }
}
