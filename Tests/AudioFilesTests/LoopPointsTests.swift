// SPDX-License-Identifier: Zlib
import AudioEncoding
import AudioFiles
import Testing

/// Vorbis comments and the loop points they must give (nil: none) for the one-second mono tone.
struct LoopComments: Sendable, CustomTestStringConvertible {
    let comments: [String]
    let loop: LoopPoints?

    var testDescription: String { comments.isEmpty ? "no comments" : comments.joined(separator: ", ") }

    static let valid: [LoopComments] = [
        LoopComments(comments: ["LOOPSTART=1000", "LOOPLENGTH=20000"], loop: LoopPoints(start: 1000, end: 21_000)),
        LoopComments(comments: ["TITLE=Theme", "LOOPSTART=0", "LOOPLENGTH=44100"], loop: LoopPoints(start: 0, end: 44_100)),
        LoopComments(comments: ["loopstart=1000", "LoopEnd=30000"], loop: LoopPoints(start: 1000, end: 30_000)),
        LoopComments(comments: ["LOOPSTART=22050"], loop: LoopPoints(start: 22_050, end: 44_100)),
        LoopComments(comments: ["LOOPSTART=44099"], loop: LoopPoints(start: 44_099, end: 44_100)),
        LoopComments(comments: ["LOOPLENGTH=100"], loop: LoopPoints(start: 0, end: 100)),
        LoopComments(comments: ["LOOPEND=500"], loop: LoopPoints(start: 0, end: 500)),
        LoopComments(comments: ["LOOPSTART=1000", "LOOPLENGTH=20000", "LOOPEND=5"], loop: LoopPoints(start: 1000, end: 21_000)),
        LoopComments(comments: ["LOOPSTART= 1000 ", "LOOPLENGTH=\t2000"], loop: LoopPoints(start: 1000, end: 3000)),
        LoopComments(comments: ["LOOPSTART=10", "LOOPSTART=20"], loop: LoopPoints(start: 10, end: 44_100)),
        LoopComments(comments: ["TITLE=Theme", "ARTIST=Nobody", "LOOP=yes", "COMMENTLOOPSTART"], loop: nil),
        LoopComments(comments: [], loop: nil),
    ]
}

/// Vorbis comments that must be refused, and the message of the `.badLoopPoints` reason.
struct BadLoopComments: Sendable, CustomTestStringConvertible {
    let comments: [String]
    let message: String

    var testDescription: String { comments.joined(separator: ", ") }

    static let all: [BadLoopComments] = [
        BadLoopComments(comments: ["LOOPSTART=44100"],
                        message: "LOOPSTART=44100 is at or past the end of the stream (44100 frames)"),
        BadLoopComments(comments: ["LOOPSTART=500000", "LOOPLENGTH=10"],
                        message: "LOOPSTART=500000 is at or past the end of the stream (44100 frames)"),
        BadLoopComments(comments: ["LOOPSTART=abc"], message: "LOOPSTART=abc is not a whole number of frames"),
        BadLoopComments(comments: ["LOOPSTART=1.5"], message: "LOOPSTART=1.5 is not a whole number of frames"),
        BadLoopComments(comments: ["LOOPSTART="], message: "LOOPSTART= is not a whole number of frames"),
        BadLoopComments(comments: ["LOOPSTART=10", "LOOPLENGTH=2s"], message: "LOOPLENGTH=2s is not a whole number of frames"),
        BadLoopComments(comments: ["LOOPEND=end"], message: "LOOPEND=end is not a whole number of frames"),
        BadLoopComments(comments: ["LOOPSTART=-1"], message: "LOOPSTART=-1 is negative"),
        BadLoopComments(comments: ["LOOPSTART=10", "LOOPLENGTH=0"], message: "LOOPLENGTH=0 is not a positive number of frames"),
        BadLoopComments(comments: ["LOOPSTART=10", "LOOPLENGTH=-10"], message: "LOOPLENGTH=-10 is not a positive number of frames"),
        BadLoopComments(comments: ["LOOPSTART=40000", "LOOPLENGTH=5000"],
                        message: "LOOPSTART=40000 + LOOPLENGTH=5000 ends at frame 45000, past the end of the stream (44100 frames)"),
        BadLoopComments(comments: ["LOOPLENGTH=44101"],
                        message: "LOOPLENGTH=44101 from frame 0 (no LOOPSTART) ends at frame 44101, past the end of the stream (44100 frames)"),
        BadLoopComments(comments: ["LOOPSTART=1", "LOOPLENGTH=\(Int.max)"],
                        message: "LOOPSTART=1 + LOOPLENGTH=\(Int.max) ends past the end of the stream (44100 frames)"),
        BadLoopComments(comments: ["LOOPSTART=1000", "LOOPEND=1000"], message: "LOOPEND=1000 is not after LOOPSTART=1000"),
        BadLoopComments(comments: ["LOOPEND=0"], message: "LOOPEND=0 is not after frame 0 (no LOOPSTART)"),
        BadLoopComments(comments: ["LOOPSTART=1000", "LOOPEND=44101"],
                        message: "LOOPEND=44101 is past the end of the stream (44100 frames)"),
    ]
}

@Suite("Loop points from Vorbis comments")
struct VorbisLoopPointsTests {
    @Test("LOOPSTART, LOOPLENGTH and LOOPEND comments give the loop the convention describes", arguments: LoopComments.valid)
    func validComments(_ case_: LoopComments) throws {
        let bytes = try StreamFixtures.vorbis(VorbisFixtures.monoToneBytes, withComments: case_.comments)
        let stream = try VorbisStreamDecoder(bytes: bytes)
        #expect(stream.frameCount == 44_100)
        #expect(stream.loopPoints == case_.loop)
    }

    @Test("bad loop comments fail to open with badLoopPoints, naming the tag and its numbers", arguments: BadLoopComments.all)
    func badComments(_ case_: BadLoopComments) throws {
        let bytes = try StreamFixtures.vorbis(VorbisFixtures.monoToneBytes, withComments: case_.comments)
        let error = AudioFileError(file: "theme.ogg", reason: .badLoopPoints(case_.message))
        #expect(throws: error) { try VorbisStreamDecoder(bytes: bytes, label: "theme.ogg") }
        #expect(throws: error) { try AudioStreamDecoder.open(bytes: bytes, label: "theme.ogg") }
        #expect(error.description == "cannot decode theme.ogg: its loop points are invalid: \(case_.message)")
    }

    @Test("the comments change nothing else: the audio streams exactly as from the untagged file")
    func audioUnchanged() throws {
        let tagged = try StreamFixtures.vorbis(VorbisFixtures.stereoToneBytes,
                                               withComments: ["LOOPSTART=4410", "LOOPLENGTH=44100"])
        #expect(tagged != VorbisFixtures.stereoToneBytes)
        let plain = try VorbisStreamDecoder(bytes: VorbisFixtures.stereoToneBytes)
        let stream = try VorbisStreamDecoder(bytes: tagged)
        #expect(plain.loopPoints == nil)
        #expect(stream.loopPoints == LoopPoints(start: 4410, end: 48_510))
        #expect(VorbisFixtures.difference(try StreamFixtures.readAll(stream, blockSize: 4096),
                                          try StreamFixtures.readAll(plain, blockSize: 4096)) == nil)
    }

    @Test("an intro-then-loop file read by path: play to the loop's end, seek to its start, and the loop repeats exactly")
    func introThenLoopFromDisk() throws {
        let bytes = try StreamFixtures.vorbis(VorbisFixtures.longStereoBytes, withComments: ["LOOPSTART=44100", "LOOPLENGTH=88200"])
        let path = try VorbisFixtures.temporaryFile(bytes)
        defer { VorbisFixtures.removeFile(path) }
        let whole = try VorbisDecoder.decode(path: path)
        let stream = try AudioStreamDecoder.open(path: path)
        #expect(stream is VorbisStreamDecoder)
        let loop = try #require(stream.loopPoints)
        #expect(loop == LoopPoints(start: 44_100, end: 132_300))
        #expect(loop.length == 88_200 && loop.frames == 44_100..<132_300)

        let introAndLoop = try stream.read(maxFrames: loop.end)
        try stream.seek(toFrame: loop.start)
        let again = try stream.read(maxFrames: loop.length)
        #expect(VorbisFixtures.difference(introAndLoop.samples, whole.frames(0..<loop.end).samples) == nil)
        #expect(VorbisFixtures.difference(again.samples, whole.frames(loop.frames).samples) == nil)
    }

    @Test("whole-file decoding ignores loop comments, even bad ones: they never stop a sound from loading")
    func wholeFileDecodersIgnoreLoops() throws {
        let bytes = try StreamFixtures.vorbis(VorbisFixtures.monoToneBytes, withComments: ["LOOPSTART=999999"])
        #expect(try VorbisDecoder.decode(bytes: bytes).frameCount == 44_100)
        #expect(try AudioDecoder.decode(bytes: bytes).frameCount == 44_100)
    }
}

@Suite("Loop points from a WAV smpl chunk")
struct WAVLoopPointsTests {
    typealias R = RIFFBytes
    static let fmt = R.chunk("fmt ", R.fmt())
    static let data = R.chunk("data", (0..<100).flatMap { R.le16(signed: Int16($0 * 10)) }) // 100 frames

    static func sampler(_ loops: [(start: UInt32, last: UInt32)]) -> [UInt8] {
        R.chunk("smpl", StreamFixtures.samplerBody(loops: loops))
    }

    @Test("the first loop of a smpl chunk, before or after the data, with its last frame made exclusive")
    func samplerLoop() throws {
        let files = [
            R.wave(Self.fmt, Self.data, Self.sampler([(10, 49), (0, 99)])),
            R.wave(Self.fmt, Self.sampler([(10, 49)]), Self.data),
            R.wave(Self.sampler([(10, 49)]), Self.data, Self.fmt),
            R.wave(Self.fmt, Self.data, R.chunk("LIST", Array("INFO".utf8)), Self.sampler([(10, 49)])) + Array("ID3 junk".utf8),
        ]
        for file in files {
            let stream = try WAVStreamDecoder(bytes: file)
            #expect(stream.loopPoints == LoopPoints(start: 10, end: 50))
            #expect(stream.frameCount == 100)
            #expect(try StreamFixtures.readAll(stream, blockSize: 33) == WAVDecoder.decode(bytes: file).samples)
        }
        let wholeFile = try WAVStreamDecoder(bytes: R.wave(Self.fmt, Self.data, Self.sampler([(0, 99)])))
        #expect(wholeFile.loopPoints == LoopPoints(start: 0, end: 100))
    }

    @Test("no smpl chunk, one with no loops, or one hidden behind bytes that are not chunks: no loop points")
    func noLoop() throws {
        let files = [
            R.wave(Self.fmt, Self.data),
            R.wave(Self.fmt, Self.data, Self.sampler([])),
            R.wave(Self.fmt, Self.data) + Array("TAG".utf8) + R.le32(.max) + Self.sampler([(10, 49)]),
        ]
        for file in files {
            #expect(try WAVStreamDecoder(bytes: file).loopPoints == nil)
        }
    }

    @Test("a smpl loop outside the stream, backwards, or a cut-short chunk fails to open with badLoopPoints")
    func badSamplerLoops() throws {
        let cases: [([UInt8], String)] = [
            (Self.sampler([(100, 120)]), "the 'smpl' loop starts at frame 100, at or past the end of the stream (100 frames)"),
            (Self.sampler([(50, 10)]), "the 'smpl' loop ends at frame 10, before it starts at frame 50"),
            (Self.sampler([(10, 100)]), "the 'smpl' loop ends at frame 100, past the end of the stream (100 frames)"),
            (R.chunk("smpl", Array(StreamFixtures.samplerBody(loops: [(1, 2)]).prefix(40))),
             "the 'smpl' chunk declares 1 loops but is cut short (40 bytes, not 60)"),
            (R.chunk("smpl", [1, 2, 3]), "the 'smpl' chunk is cut short (3 bytes, not 36)"),
        ]
        for (sampler, message) in cases {
            let file = R.wave(Self.fmt, Self.data, sampler)
            #expect(throws: AudioFileError(file: "loop.wav", reason: .badLoopPoints(message))) {
                try WAVStreamDecoder(bytes: file, label: "loop.wav")
            }
            #expect(try WAVDecoder.decode(bytes: file).frameCount == 100, "the whole-file decoder ignores the smpl chunk")
        }
    }
}
