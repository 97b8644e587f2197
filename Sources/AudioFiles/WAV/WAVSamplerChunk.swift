// SPDX-License-Identifier: Zlib
/// The loop of a WAV file's `smpl` (sampler) chunk, as ``WAVStreamDecoder`` reads it.
///
/// The chunk's body is 36 bytes of sampler facts (manufacturer, MIDI note, SMPTE offset...), the
/// number of loops at byte 28, then 24 bytes per loop: cue id, type, start, end, fraction and
/// play count. Start and end count frames, and the end is the loop's last frame (inclusive).
/// Only the first loop is used; its type (forward, ping-pong, backward) is not looked at, since a
/// stream only plays forward.
enum WAVSamplerChunk {
    /// The bytes of the body that hold the first loop: 36 of header, 24 of loop.
    static let bodyPrefixSize = 36 + 24

    /// The first loop of a `smpl` chunk, checked against a stream of `frameCount` frames; nil
    /// when the chunk lists no loops.
    ///
    /// - Parameters:
    ///   - body: The start of the chunk's body, up to ``bodyPrefixSize`` bytes.
    ///   - frameCount: The stream's length in frames.
    ///   - label: The name errors give for the file.
    /// - Throws: ``AudioFileError`` with reason `.badLoopPoints(_:)` when the chunk is too short
    ///   for the loop it declares, or the loop starts at or past the end of the stream, ends
    ///   before it starts, or ends past the end of the stream.
    static func loopPoints(body: [UInt8], frameCount: Int, label: String) throws(AudioFileError) -> LoopPoints? {
        func failure(_ problem: String) -> AudioFileError {
            AudioFileError(file: label, reason: .badLoopPoints(problem))
        }
        var reader = RIFFReader(body)
        guard reader.skip(28), let loopCount = reader.readUInt32() else {
            throw failure("the 'smpl' chunk is cut short (\(body.count) bytes, not 36)")
        }
        guard loopCount > 0 else { return nil }
        guard reader.skip(4 + 4 + 4), let start32 = reader.readUInt32(), let last32 = reader.readUInt32() else {
            throw failure("the 'smpl' chunk declares \(loopCount) loops but is cut short (\(body.count) bytes, not 60)")
        }
        let start = Int(start32), last = Int(last32)
        guard start < frameCount else {
            throw failure("the 'smpl' loop starts at frame \(start), at or past the end of the stream (\(frameCount) frames)")
        }
        guard last >= start else {
            throw failure("the 'smpl' loop ends at frame \(last), before it starts at frame \(start)")
        }
        guard last < frameCount else {
            throw failure("the 'smpl' loop ends at frame \(last), past the end of the stream (\(frameCount) frames)")
        }
        return LoopPoints(start: start, end: last + 1)
    }
}
