// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioFiles
import Testing
import TestSupport

@Suite("Ogg Opus decoding")
struct OpusDecoderTests {
    typealias F = CodecFixtures

    @Test("mono and stereo Opus, encoded from 48 kHz and from 44.1 kHz, decode at 48 kHz within 2^-15 of opusdec",
          arguments: [(1, 48_000), (2, 48_000), (1, 44_100), (2, 44_100)])
    func matchesOpusdec(channels: Int, sourceRate: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try F.opus(F.signal(sampleRate: sourceRate, channelCount: channels, seconds: 1.5),
                              named: "tone", in: directory)
        let decoded = try OpusDecoder.decode(path: file.path)
        #expect(decoded.format == PCMFormat(sampleRate: 48_000, channelCount: channels))
        #expect(file.reference.format == decoded.format)
        #expect(decoded.frameCount == file.reference.frameCount)
        let difference = F.maxDifference(decoded.samples, file.reference.samples)
        print("Opus \(channels) ch from \(sourceRate) Hz: max |GameSound - opusdec| = \(difference)")
        #expect(difference <= F.tolerance)
        #expect(try OpusDecoder.decode(bytes: file.bytes) == decoded)
        #expect(try AudioDecoder.decode(bytes: file.bytes) == decoded)
    }

    @Test("an Opus file opens by content: as an OpusStreamDecoder even when named .ogg, and streams what the whole-file decoder gives")
    func streamsByContent() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try F.opus(F.signal(sampleRate: 48_000, channelCount: 2, seconds: 1), named: "music", in: directory)
        let misnamed = try directory.write(file.bytes, to: "music.ogg")
        let stream = try AudioStreamDecoder.open(path: misnamed)
        #expect(stream is OpusStreamDecoder)
        #expect(stream.frameCount == file.reference.frameCount)
        #expect(try StreamFixtures.readAll(stream, blockSize: 1_000) == OpusDecoder.decode(path: file.path).samples)
        #expect(try AudioStreamDecoder.open(bytes: file.bytes) is OpusStreamDecoder)
        #expect(try AudioDecoder.decode(path: misnamed) == OpusDecoder.decode(bytes: file.bytes))
    }

    @Test("LOOPSTART and LOOPLENGTH Opus tags give the loop, in 48 kHz frames; the seam is gapless")
    func loopPointsAndSeam() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try F.opus(F.signal(sampleRate: 48_000, channelCount: 2, seconds: 2), named: "loop", in: directory,
                              comments: ["LOOPSTART=24000", "LOOPLENGTH=48000"])
        let stream = try OpusStreamDecoder(path: file.path)
        let loop = try #require(stream.loopPoints)
        #expect(loop == LoopPoints(start: 24_000, end: 72_000))
        // Play to the end of the loop, jump back as a streaming voice does, and go on.
        let head = try stream.read(maxFrames: loop.end)
        try stream.seek(toFrame: loop.start)
        #expect(stream.position == loop.start)
        let after = try stream.read(maxFrames: 4_800)
        let whole = file.reference
        let seamBefore = Array(head.samples.suffix(4_800 * 2)), seamAfter = after.samples
        #expect(F.maxDifference(seamBefore, whole.frames((loop.end - 4_800)..<loop.end).samples) <= F.tolerance)
        let afterDifference = F.maxDifference(seamAfter, whole.frames(loop.start..<(loop.start + 4_800)).samples)
        print("Opus seam: max |after seek - opusdec| = \(afterDifference)")
        #expect(afterDifference <= F.tolerance, "the frames after the jump are the loop's first frames")
        // No click: the step across the seam is no larger than the signal's own steps.
        let largestStep = zip(whole.samples, whole.samples.dropFirst(2)).map { abs($0 - $1) }.max() ?? 0
        #expect(abs(seamAfter[0] - seamBefore[seamBefore.count - 2]) <= largestStep + F.tolerance)
    }

    @Test("seeking anywhere, forward a little or far or back, gives the samples a read from the start gives; the end leaves nothing to read; past it is refused")
    func seeking() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try F.opus(F.signal(sampleRate: 48_000, channelCount: 1, seconds: 1), named: "seek", in: directory)
        let stream = try OpusStreamDecoder(bytes: file.bytes)
        // Forward a little from where the last read ended, far forward, and back.
        for frame in [0, 1, 959, 1_000, 3_000, 20_000, 20_050, 47_000, 5_000, stream.frameCount - 10] {
            _ = try stream.read(maxFrames: 37)
            try stream.seek(toFrame: frame)
            #expect(stream.position == frame)
            let block = try stream.read(maxFrames: 10)
            #expect(F.maxDifference(block.samples, file.reference.frames(frame..<(frame + 10)).samples) <= F.tolerance, "at \(frame)")
        }
        try stream.seek(toFrame: stream.frameCount)
        #expect(try stream.read(maxFrames: 100).samples.isEmpty)
        #expect(throws: AudioFileError(file: "<memory>", reason: .seekOutOfRange(frame: stream.frameCount + 1, frameCount: stream.frameCount))) {
            try stream.seek(toFrame: stream.frameCount + 1)
        }
    }

    @Test("a six-channel Opus file is refused with unsupportedChannelCount, as a Vorbis one is")
    func moreThanTwoChannels() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let wav = try directory.write(WAVEncoder.encode(F.signal(sampleRate: 48_000, channelCount: 6, seconds: 0.2), as: .pcm16),
                                      to: "surround.wav")
        let path = directory.file("surround.opus")
        try ReferenceCodecs.opusenc(wav, to: path)
        #expect(throws: AudioFileError(file: path, reason: .unsupportedChannelCount(6))) { try OpusDecoder.decode(path: path) }
        #expect(throws: AudioFileError(file: path, reason: .unsupportedChannelCount(6))) { try AudioStreamDecoder.open(path: path) }
    }
}
