// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioFiles
import Testing

@Suite("FLAC decoding")
struct FLACDecoderTests {
    typealias F = CodecFixtures

    struct Case: Sendable, CustomTestStringConvertible {
        var sampleRate: Int
        var channels: Int
        var encoding: WAVEncoding
        var testDescription: String { "\(sampleRate) Hz, \(channels) ch, \(encoding)" }
    }

    @Test("FLAC at every common sample rate and sample size, mono and stereo, decodes within 2^-15 of flac -d",
          arguments: [
              Case(sampleRate: 8_000, channels: 1, encoding: .pcm8), Case(sampleRate: 11_025, channels: 2, encoding: .pcm16),
              Case(sampleRate: 22_050, channels: 1, encoding: .pcm16), Case(sampleRate: 32_000, channels: 2, encoding: .pcm24),
              Case(sampleRate: 44_100, channels: 2, encoding: .pcm16), Case(sampleRate: 48_000, channels: 1, encoding: .pcm24),
              Case(sampleRate: 88_200, channels: 2, encoding: .pcm24), Case(sampleRate: 96_000, channels: 2, encoding: .pcm32),
              Case(sampleRate: 192_000, channels: 1, encoding: .pcm16), Case(sampleRate: 37_800, channels: 2, encoding: .pcm16),
          ])
    func matchesFlacDecode(_ format: Case) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = F.signal(sampleRate: format.sampleRate, channelCount: format.channels, seconds: 0.5)
        let file = try F.flac(source, named: "tone", in: directory, encoding: format.encoding)
        let decoded = try FLACDecoder.decode(path: file.path)
        #expect(decoded.format == PCMFormat(sampleRate: format.sampleRate, channelCount: format.channels))
        #expect(decoded.frameCount == source.frameCount)
        let difference = F.maxDifference(decoded.samples, file.reference.samples)
        print("FLAC \(format.testDescription): max |GameSound - flac -d| = \(difference)")
        #expect(difference <= F.tolerance)
        #expect(try AudioDecoder.decode(bytes: file.bytes) == decoded)
    }

    @Test("a FLAC file streams by content what the whole-file decoder gives, in any block size")
    func streamsByContent() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try F.flac(F.signal(sampleRate: 44_100, channelCount: 2, seconds: 1), named: "bed", in: directory)
        let misnamed = try directory.write(file.bytes, to: "bed.wav")
        let whole = try FLACDecoder.decode(bytes: file.bytes)
        for blockSize in [1, 777, 4_096, 100_000] {
            let stream = try AudioStreamDecoder.open(path: misnamed)
            #expect(stream is FLACStreamDecoder)
            #expect(try StreamFixtures.readAll(stream, blockSize: blockSize) == whole.samples, "blocks of \(blockSize)")
        }
        #expect(try AudioStreamDecoder.open(bytes: file.bytes) is FLACStreamDecoder)
    }

    @Test("LOOPSTART and LOOPLENGTH FLAC tags give the loop; seeking is exact, so the seam is gapless")
    func loopPointsAndSeam() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try F.flac(F.signal(sampleRate: 48_000, channelCount: 2, seconds: 2), named: "loop", in: directory,
                              encoding: .pcm24, tags: ["LOOPSTART=12345", "LOOPLENGTH=60000"])
        let stream = try FLACStreamDecoder(path: file.path)
        let loop = try #require(stream.loopPoints)
        #expect(loop == LoopPoints(start: 12_345, end: 72_345))
        let head = try stream.read(maxFrames: loop.end)
        try stream.seek(toFrame: loop.start)
        #expect(stream.position == loop.start)
        let after = try stream.read(maxFrames: 4_800)
        let reference = file.reference
        #expect(head.samples == reference.frames(0..<loop.end).samples)
        #expect(after.samples == reference.frames(loop.start..<(loop.start + 4_800)).samples, "exact after the jump")
        try stream.seek(toFrame: stream.frameCount)
        #expect(try stream.read(maxFrames: 10).samples.isEmpty)
        try stream.seek(toFrame: 5)
        #expect(try stream.read(maxFrames: 3).samples == reference.frames(5..<8).samples)
    }

    @Test("a FLAC file with a bad loop tag is refused as a stream but still loads whole, as Vorbis does")
    func badLoopTag() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try F.flac(F.signal(sampleRate: 8_000, channelCount: 1, seconds: 0.5), named: "bad", in: directory,
                              tags: ["LOOPSTART=9000"])
        let reason = try #require(VorbisFixtures.failureReason { try FLACStreamDecoder(path: file.path) })
        guard case .badLoopPoints(let problem) = reason else {
            Issue.record("expected badLoopPoints, got \(reason)")
            return
        }
        #expect(problem.contains("LOOPSTART=9000"))
        #expect(try FLACDecoder.decode(path: file.path).frameCount == 4_000)
    }
}
