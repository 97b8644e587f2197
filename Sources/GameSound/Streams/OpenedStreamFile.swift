// SPDX-License-Identifier: Zlib
import AudioFiles

/// A stream's file opened at a frame, its decoding ahead started: what an ``AudioStream`` player
/// is made from. Opened by the play call, or ahead of a rebuild off the runtime's lock
/// (``PreparedOutput``), so that the new player finds its first blocks decoded.
struct OpenedStreamFile: Sendable {
    let path: String
    let loop: Bool
    /// The frame asked for, as the player's record gave it.
    let startFrame: Int
    let frameCount: Int
    /// The file's sample rate.
    let sampleRate: Int
    /// Where a looping stream jumps back to, and the frame it jumps at: the file's loop points, or
    /// the whole file.
    let loopRange: Range<Int>
    /// The file frame the decoding starts at (`startFrame` within the file).
    let position: Int
    let decoding: StreamDecodeAhead

    /// Opens `path` at `startFrame` (wrapped into the file) and starts decoding it ahead.
    ///
    /// - Throws: ``GameSoundError/decoding(_:)`` for a file that is missing or does not decode.
    static func open(path: String, loop: Bool, startFrame: Int, framesPerBlock: Int) throws(GameSoundError) -> OpenedStreamFile {
        let decoder: any StreamingDecoder
        do {
            decoder = try AudioStreamDecoder.open(path: path)
            if startFrame > 0 { try decoder.seek(toFrame: startFrame % max(decoder.frameCount, 1)) }
        } catch {
            throw .decoding(error)
        }
        let loopRange = decoder.loopPoints?.frames ?? 0..<decoder.frameCount
        return OpenedStreamFile(path: path, loop: loop, startFrame: startFrame, frameCount: decoder.frameCount,
                                sampleRate: decoder.format.sampleRate, loopRange: loopRange, position: decoder.position,
                                decoding: StreamDecodeAhead(decoder: decoder, path: path, loop: loop, loopRange: loopRange,
                                                            framesPerBlock: framesPerBlock))
    }

    /// Whether a player of `path` from `startFrame` can be made from it.
    func matches(path: String, loop: Bool, startFrame: Int) -> Bool {
        path == self.path && loop == self.loop && startFrame == self.startFrame
    }
}
