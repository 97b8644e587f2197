// SPDX-License-Identifier: Zlib
// Linked into every harness (fuzz/build.sh): reads a streaming decoder the way a streamed sound,
// the soundtrack or a looping stream does, so that each format's stream decoder, its loop points
// (a WAV smpl chunk, LOOPSTART/LOOPLENGTH comments) and its seeking are fuzzed, not only the
// whole-file decode. Any AudioFileError is a fine answer; a crash, a hang, an out-of-bounds read
// or a broken promise below is a finding.
import AudioFiles

/// Opens `bytes` as a stream, whatever the format, and reads it: a block, its loop points, then a
/// seek to the middle, the start, the end and the loop's start and end, each followed by a block.
func exerciseStream(_ bytes: [UInt8]) {
    guard let stream = try? AudioStreamDecoder.open(bytes: bytes, label: "fuzz") else { return }
    if let loop = stream.loopPoints {
        precondition(0 <= loop.start && loop.start < loop.end && loop.end <= stream.frameCount,
                     "loop points outside the file: \(loop) of \(stream.frameCount) frames")
    }
    readBlock(stream)
    var frames = [stream.frameCount / 2, 0, stream.frameCount]
    if let loop = stream.loopPoints { frames += [loop.start, loop.end] }
    for frame in frames {
        guard (try? stream.seek(toFrame: frame)) != nil else { continue }
        precondition(stream.position == frame, "a seek to \(frame) left the stream at \(stream.position)")
        readBlock(stream)
    }
}

private func readBlock(_ stream: any StreamingDecoder) {
    let before = stream.position
    guard let block = try? stream.read(maxFrames: 256) else { return }
    precondition(block.frameCount <= 256, "a read returned more than it was asked for")
    precondition(block.samples.count == block.frameCount * stream.format.channelCount, "samples and frames disagree")
    precondition(stream.position == before + block.frameCount || block.frameCount == 0,
                 "the position moved by \(stream.position - before) after reading \(block.frameCount) frames")
}
