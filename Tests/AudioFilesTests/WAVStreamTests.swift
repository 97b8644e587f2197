// SPDX-License-Identifier: Zlib
import AudioFiles
import Foundation
import Testing

/// One WAV layout to stream: an encoding, a channel count and a header style.
struct WAVStreamCase: Sendable, CustomTestStringConvertible {
    let encoding: WAVEncoding
    let channelCount: Int
    let extensible: Bool

    var testDescription: String {
        "\(encoding), \(channelCount == 1 ? "mono" : "stereo")\(extensible ? ", EXTENSIBLE" : "")"
    }

    static let all: [WAVStreamCase] = WAVEncoding.allCases.flatMap { encoding in
        [1, 2].flatMap { channels in
            [false, true].map { WAVStreamCase(encoding: encoding, channelCount: channels, extensible: $0) }
        }
    }

    /// 1 001 frames (odd, so 8- and 24-bit mono files get a pad byte) of a sweep with full-scale
    /// peaks, written by `WAVEncoder` in this case's layout.
    var bytes: [UInt8] {
        let frames = 1001
        let samples = (0..<(frames * channelCount)).map { index -> Float in
            guard index % 97 != 0 else { return index % 2 == 0 ? 1 : -1 }
            let phase = Double(index) * 0.0123
            return Float(sin(phase)) * 0.9
        }
        let buffer = PCMBuffer(format: PCMFormat(sampleRate: 32_000, channelCount: channelCount), samples: samples)
        return WAVEncoder.encode(buffer, as: encoding, extensible: extensible)
    }
}

@Suite("WAV streaming")
struct WAVStreamTests {
    typealias R = RIFFBytes

    @Test("every encoding streams to exactly the samples WAVDecoder gives, in blocks of 1, 7 or 4096 frames",
          arguments: WAVStreamCase.all, [1, 7, 4096])
    func streamsLikeWholeDecode(_ layout: WAVStreamCase, blockSize: Int) throws {
        let bytes = layout.bytes
        let whole = try WAVDecoder.decode(bytes: bytes)
        let stream = try WAVStreamDecoder(bytes: bytes)
        #expect(stream.format == whole.format)
        #expect(stream.encoding == layout.encoding)
        #expect(stream.frameCount == whole.frameCount)
        #expect(stream.loopPoints == nil)
        #expect(stream.position == 0)
        let samples = try StreamFixtures.readAll(stream, blockSize: blockSize)
        #expect(VorbisFixtures.difference(samples, whole.samples) == nil)
        #expect(try stream.read(maxFrames: 10).samples.isEmpty, "still empty after the end")
    }

    @Test("the known sample values of each encoding stream exactly, classic and EXTENSIBLE", arguments: KnownSamples.all)
    func knownSamples(_ known: KnownSamples) throws {
        for fmt in [R.fmt(tag: known.tag, rate: 22_050, bits: known.bits),
                    R.extensibleFmt(subFormat: known.tag, rate: 22_050, bits: known.bits)] {
            let stream = try WAVStreamDecoder(bytes: R.wave(R.chunk("fmt ", fmt), R.chunk("data", known.data)))
            #expect(try StreamFixtures.readAll(stream, blockSize: 2) == known.expected)
        }
    }

    @Test("chunk order, odd pads, unknown chunks, trailing junk and an empty data chunk stream as WAVDecoder decodes them")
    func layoutsMatchWholeDecode() {
        let data = R.chunk("data", (0..<9).flatMap { R.le16(signed: Int16($0 * 1111 - 4000)) })
        let files: [[UInt8]] = [
            R.wave(R.chunk("LIST", Array("INFOISFT".utf8) + [7]), data, R.chunk("fact", R.le32(9)), R.chunk("fmt ", R.fmt())),
            R.wave(R.chunk("JUNK", [1, 2, 3]), R.chunk("fmt ", R.fmt(bits: 8)), R.chunk("data", [0, 128, 255])),
            R.wave(R.chunk("data", [128, 255, 0]), R.chunk("fmt ", R.fmt(bits: 8))),
            Array(R.wave(R.chunk("fmt ", R.fmt(bits: 8)), R.chunk("data", [0, 128, 255])).dropLast()), // pad missing at the end
            R.wave(R.chunk("fmt ", R.fmt()), data) + Array("ID3\u{4}\0\0\0\0\0\0 trailing tag".utf8),
            R.wave(R.chunk("fmt ", R.fmt(channels: 2)), R.chunk("data", [])),
            R.wave(R.chunk("fmt ", R.fmt()), data, R.chunk("fmt ", R.fmt(rate: 1)), R.chunk("data", [1, 2])),
        ]
        for (index, file) in files.enumerated() {
            let whole = StreamFixtures.Outcome { () throws(AudioFileError) in try WAVDecoder.decode(bytes: file) }
            guard case .decoded = whole else {
                Issue.record("file \(index) does not decode whole: \(whole)")
                continue
            }
            #expect(StreamFixtures.streamWAV(file, blockSize: 4) == whole, "file \(index)")
        }
    }

    @Test("after a seek, reading gives exactly the whole-file samples from that frame", arguments: [0, 1, 500, 999, 1000])
    func seekThenRead(frame: Int) throws {
        let bytes = WAVStreamCase(encoding: .pcm24, channelCount: 2, extensible: false).bytes
        let whole = try WAVDecoder.decode(bytes: bytes)
        let stream = try WAVStreamDecoder(bytes: bytes)
        _ = try stream.read(maxFrames: 700) // seek from somewhere other than the start
        try stream.seek(toFrame: frame)
        #expect(stream.position == frame)
        let block = try stream.read(maxFrames: 50)
        #expect(block.samples == whole.frames(frame..<min(frame + 50, whole.frameCount)).samples)
        #expect(stream.position == min(frame + 50, whole.frameCount))
    }

    @Test("seeking to the end leaves nothing to read; seeking back to 0 loops")
    func seekToEndAndLoop() throws {
        let stream = try WAVStreamDecoder(bytes: WAVStreamCase(encoding: .pcm16, channelCount: 1, extensible: false).bytes)
        let first = try stream.read(maxFrames: 5000)
        try stream.seek(toFrame: stream.frameCount)
        #expect(try stream.read(maxFrames: 10).samples.isEmpty)
        try stream.seek(toFrame: 0)
        #expect(try stream.read(maxFrames: 5000) == first)
    }

    @Test("seeking outside the stream throws seekOutOfRange and leaves the position alone", arguments: [-1, 1002, Int.max])
    func seekOutOfRange(frame: Int) throws {
        let stream = try WAVStreamDecoder(bytes: WAVStreamCase(encoding: .pcm16, channelCount: 1, extensible: false).bytes,
                                          label: "tone.wav")
        _ = try stream.read(maxFrames: 100)
        #expect(throws: AudioFileError(file: "tone.wav", reason: .seekOutOfRange(frame: frame, frameCount: 1001))) {
            try stream.seek(toFrame: frame)
        }
        #expect(stream.position == 100)
    }

    @Test("a 30-second stereo file streams from disk in 4096-frame blocks without ever being held whole")
    func longFileFromDisk() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let rate = 44_100, frames = 30 * 44_100
        // 16-bit stereo whose every sample is a function of its index, so each block can be checked alone.
        func stored(_ index: Int) -> Int16 { Int16(truncatingIfNeeded: (index &* 2_654_435_761) >> 7) }
        var bytes = R.wave(R.chunk("fmt ", R.fmt(channels: 2, rate: UInt32(rate))))
            + Array("data".utf8) + R.le32(UInt32(frames * 4))
        let headerSize = bytes.count
        bytes.reserveCapacity(headerSize + frames * 4)
        for index in 0..<(frames * 2) { bytes += R.le16(signed: stored(index)) }
        bytes.replaceSubrange(4..<8, with: R.le32(UInt32(bytes.count - 8)))
        let path = try directory.write(bytes, to: "long.wav")

        let stream = try WAVStreamDecoder(path: path)
        #expect(stream.format == PCMFormat(sampleRate: rate, channelCount: 2))
        #expect(stream.frameCount == frames)
        #expect(stream.loopPoints == nil)

        // Proof that the samples come from the file as it is read, not from a copy made when it
        // was opened: the last 4096 frames are rewritten on disk after the first block is read.
        let first = try stream.read(maxFrames: 4096)
        #expect(first.frameCount == 4096)
        let tailStart = frames - 4096
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: UInt64(headerSize + tailStart * 4))
        try handle.write(contentsOf: Data(repeating: 0x40, count: 4096 * 4))  // every sample 0x4040
        try handle.close()

        var blocks = 1, largest = first.frameCount, mismatches = 0
        while true {
            let start = stream.position
            let block = try stream.read(maxFrames: 4096)
            if block.samples.isEmpty { break }
            blocks += 1
            largest = max(largest, block.frameCount)
            for (offset, sample) in block.samples.enumerated() {
                let index = start * 2 + offset
                let expected = index >= tailStart * 2 ? Int16(0x4040) : stored(index)
                if sample != Float(expected) / 32768 { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
        #expect(largest == 4096, "no read returned more than was asked for")
        #expect(blocks == (frames + 4095) / 4096)
        #expect(stream.position == frames)
    }

    @Test("a file cut short after it was opened fails on the read that reaches the cut, naming what is left")
    func fileCutWhileStreaming() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = R.pcm16Mono((0..<1000).map { Int16($0) })  // 44-byte header, 2000 bytes of data
        let path = try directory.write(bytes, to: "cut.wav")
        let stream = try WAVStreamDecoder(path: path)
        _ = try stream.read(maxFrames: 100)
        #expect(truncate(path, 44 + 1500) == 0)
        #expect(throws: AudioFileError(file: path, reason: .chunkPastEnd(chunk: "data", declared: 2000, available: 1500))) {
            try stream.read(maxFrames: 1000)
        }
        #expect(stream.position == 100)
        #expect(try stream.read(maxFrames: 650).frameCount == 650, "the frames before the cut still read")
    }
}

@Suite("Malformed WAV files refused by the stream decoder as by the whole-file decoder")
struct WAVStreamMalformedTests {
    typealias R = RIFFBytes

    @Test("each malformed file in the corpus fails to open with its own reason", arguments: MalformedWAV.corpus)
    func corpus(_ file: MalformedWAV) {
        #expect(throws: AudioFileError(file: "corpus", reason: file.reason)) {
            try WAVStreamDecoder(bytes: file.bytes, label: "corpus")
        }
    }

    @Test("files on disk: missing, a directory, empty and each malformed one fail as WAVDecoder.decode(path:) fails")
    func filesOnDisk() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var paths = [directory.file("nowhere.wav"), directory.path, try directory.write([], to: "empty.wav")]
        for (index, file) in MalformedWAV.corpus.enumerated() {
            paths.append(try directory.write(file.bytes, to: "bad-\(index).wav"))
        }
        for path in paths {
            let whole = StreamFixtures.Outcome { () throws(AudioFileError) in try WAVDecoder.decode(path: path) }
            let streamed = StreamFixtures.Outcome { () throws(AudioFileError) in
                _ = try WAVStreamDecoder(path: path)
                return PCMBuffer(format: PCMFormat(sampleRate: 1, channelCount: 1), samples: [])
            }
            guard case .failed = whole else {
                Issue.record("\(path) decodes whole")
                continue
            }
            #expect(streamed == whole)
        }
    }

    @Test("a file cut at every byte offset, from disk and from memory, gives exactly WAVDecoder's result")
    func truncatedAtEveryOffset() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let whole = R.wave(R.chunk("LIST", Array("INFOISFT".utf8) + [7]),
                           R.chunk("data", (0..<12).flatMap { R.le24(signed: Int32($0 * 1000)) }),
                           R.chunk("fact", R.le32(6)),
                           R.chunk("fmt ", R.extensibleFmt(subFormat: 1, channels: 2, rate: 44_100, bits: 24)))
        for length in 0...whole.count {
            let bytes = Array(whole.prefix(length))
            let expected = StreamFixtures.Outcome { () throws(AudioFileError) in try WAVDecoder.decode(bytes: bytes, label: "cut") }
            #expect(StreamFixtures.streamWAV(bytes, label: "cut", blockSize: 5) == expected, "cut at \(length)")
            if length % 7 == 0 || length == whole.count {
                let path = try directory.write(bytes, to: "cut-\(length).wav")
                let fromDisk = StreamFixtures.Outcome { () throws(AudioFileError) in try WAVDecoder.decode(path: path) }
                let streamed = StreamFixtures.Outcome { () throws(AudioFileError) in
                    let stream = try WAVStreamDecoder(path: path)
                    return try PCMBuffer(format: stream.format, samples: StreamFixtures.readAll(stream, blockSize: 5))
                }
                #expect(streamed == fromDisk, "cut at \(length), from disk")
            }
        }
    }

    @Test("overwriting any single byte of a valid file gives the stream decoder exactly WAVDecoder's result")
    func everyByteCorrupted() {
        let whole = R.wave(R.chunk("fmt ", R.fmt(channels: 2, bits: 16)),
                           R.chunk("data", (0..<16).flatMap { R.le16(signed: Int16($0 * 99)) }))
        var differences = 0
        for index in whole.indices {
            for value: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFF] {
                var bytes = whole
                bytes[index] = value
                let expected = StreamFixtures.Outcome { () throws(AudioFileError) in try WAVDecoder.decode(bytes: bytes) }
                if StreamFixtures.streamWAV(bytes, blockSize: 3) != expected { differences += 1 }
            }
        }
        #expect(differences == 0)
    }
}
