import AudioFiles
import Testing

@Suite("Vorbis streaming")
struct VorbisStreamTests {
    @Test("reading in blocks of any size gives exactly the samples of a whole-file decode",
          arguments: [1, 7, 256, 1000, 4096, 100_000])
    func blockReadsMatchWholeDecode(blockSize: Int) throws {
        let whole = try VorbisDecoder.decode(bytes: VorbisFixtures.longStereoBytes)
        let stream = try VorbisStreamDecoder(bytes: VorbisFixtures.longStereoBytes)
        #expect(stream.frameCount == whole.frameCount)
        var samples: [Float] = []
        while true {
            let block = try stream.read(maxFrames: blockSize)
            if block.samples.isEmpty { break }
            samples += block.samples
            let framesSoFar = samples.count / 2
            #expect(block.frameCount == blockSize || framesSoFar == whole.frameCount,
                    "a short block before the end, at frame \(framesSoFar)")
            #expect(stream.position == framesSoFar)
        }
        #expect(samples == whole.samples)
        #expect(stream.skippedGapCount == 0)
    }

    @Test("after a seek, reading gives exactly the whole-file samples from that frame",
          arguments: [0, 1, 12_345, 88_200, 176_390])
    func seekThenRead(frame: Int) throws {
        let whole = try VorbisDecoder.decode(bytes: VorbisFixtures.longStereoBytes)
        let stream = try VorbisStreamDecoder(bytes: VorbisFixtures.longStereoBytes)
        _ = try stream.read(maxFrames: 50_000) // seek from somewhere other than the start
        try stream.seek(toFrame: frame)
        #expect(stream.position == frame)
        let block = try stream.read(maxFrames: 5000)
        #expect(block.samples == whole.frames(frame..<(frame + 5000)).samples)
    }

    @Test("seeking back to the start after the end loops the stream")
    func loopBySeekingToZero() throws {
        let stream = try VorbisStreamDecoder(bytes: VorbisFixtures.monoToneBytes)
        let first = try stream.read(maxFrames: 100_000)
        #expect(first.frameCount == 44_100)
        #expect(try stream.read(maxFrames: 10).samples.isEmpty)
        try stream.seek(toFrame: 0)
        #expect(try stream.read(maxFrames: 100_000) == first)
    }

    @Test("seeking to the very end is allowed and leaves nothing to read")
    func seekToEnd() throws {
        let stream = try VorbisStreamDecoder(bytes: VorbisFixtures.monoToneBytes)
        try stream.seek(toFrame: stream.frameCount)
        #expect(try stream.read(maxFrames: 10).samples.isEmpty)
    }

    @Test("seeking outside the stream throws seekOutOfRange and leaves the position alone",
          arguments: [-1, 44_101, Int.max])
    func seekOutOfRange(frame: Int) throws {
        let stream = try VorbisStreamDecoder(bytes: VorbisFixtures.monoToneBytes, label: "tone.ogg")
        _ = try stream.read(maxFrames: 1000)
        #expect(throws: AudioFileError(file: "tone.ogg", reason: .seekOutOfRange(frame: frame, frameCount: 44_100))) {
            try stream.seek(toFrame: frame)
        }
        #expect(stream.position == 1000)
    }

    @Test("decoding from a file path gives the same audio as decoding the same bytes in memory")
    func fileMatchesMemory() throws {
        let path = try VorbisFixtures.temporaryFile(VorbisFixtures.longStereoBytes)
        defer { VorbisFixtures.removeFile(path) }
        let fromFile = try VorbisDecoder.decode(path: path)
        let fromBytes = try VorbisDecoder.decode(bytes: VorbisFixtures.longStereoBytes)
        #expect(fromFile == fromBytes)

        let stream = try VorbisStreamDecoder(path: path)
        try stream.seek(toFrame: 100_000)
        #expect(try stream.read(maxFrames: 3000) == fromBytes.frames(100_000..<103_000))
    }
}
