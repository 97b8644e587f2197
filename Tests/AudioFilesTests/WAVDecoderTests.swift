// SPDX-License-Identifier: Zlib
import AudioFiles
import Testing

/// Raw sample bytes in one encoding and the floats they must decode to.
struct KnownSamples: Sendable, CustomTestStringConvertible {
    let name: String
    let tag: UInt16
    let bits: UInt16
    let data: [UInt8]
    let expected: [Float]

    var testDescription: String { name }

    typealias R = RIFFBytes
    static let all: [KnownSamples] = [
        KnownSamples(name: "8-bit unsigned", tag: 1, bits: 8, data: [0, 64, 128, 192, 255],
                     expected: [-1, -0.5, 0, 0.5, 127.0 / 128]),
        KnownSamples(name: "16-bit", tag: 1, bits: 16,
                     data: [Int16.min, -16384, 0, 1, Int16.max].flatMap { R.le16(signed: $0) },
                     expected: [-1, -0.5, 0, 1.0 / 32768, 32767.0 / 32768]),
        KnownSamples(name: "24-bit", tag: 1, bits: 24,
                     data: [-8_388_608, -1, 0, 4_194_304, 8_388_607].flatMap { R.le24(signed: $0) },
                     expected: [-1, -1.0 / 8_388_608, 0, 0.5, 8_388_607.0 / 8_388_608]),
        KnownSamples(name: "32-bit", tag: 1, bits: 32,
                     data: [Int32.min, -(1 << 29), 0, 1 << 30, Int32.max].flatMap { R.le32(signed: $0) },
                     expected: [-1, -0.25, 0, 0.5, Float(Double(Int32.max) / 2_147_483_648)]),
        KnownSamples(name: "32-bit float", tag: 3, bits: 32,
                     data: [Float(0.25), -1.5, 0, 1e-7].flatMap { R.le32($0.bitPattern) },
                     expected: [0.25, -1.5, 0, 1e-7]),
    ]
}

@Suite("WAV decoding")
struct WAVDecoderTests {
    typealias R = RIFFBytes

    @Test("known sample bytes decode to exactly the scaled values, classic header", arguments: KnownSamples.all)
    func knownSamplesClassic(_ known: KnownSamples) throws {
        let file = R.wave(R.chunk("fmt ", R.fmt(tag: known.tag, rate: 22_050, bits: known.bits)),
                          R.chunk("data", known.data))
        let buffer = try WAVDecoder.decode(bytes: file)
        #expect(buffer.format == PCMFormat(sampleRate: 22_050, channelCount: 1))
        #expect(buffer.samples == known.expected)
    }

    @Test("known sample bytes decode the same with a WAVE_FORMAT_EXTENSIBLE header", arguments: KnownSamples.all)
    func knownSamplesExtensible(_ known: KnownSamples) throws {
        let file = R.wave(R.chunk("fmt ", R.extensibleFmt(subFormat: known.tag, rate: 96_000, bits: known.bits)),
                          R.chunk("data", known.data))
        let buffer = try WAVDecoder.decode(bytes: file)
        #expect(buffer.format == PCMFormat(sampleRate: 96_000, channelCount: 1))
        #expect(buffer.samples == known.expected)
    }

    @Test("stereo samples stay interleaved left, right")
    func stereoInterleaving() throws {
        let frames: [Int16] = [100, -100, 200, -200, 300, -300]
        let file = R.wave(R.chunk("fmt ", R.fmt(channels: 2, rate: 44_100)),
                          R.chunk("data", frames.flatMap { R.le16(signed: $0) }))
        let buffer = try WAVDecoder.decode(bytes: file)
        #expect(buffer.format.channelCount == 2)
        #expect(buffer.frameCount == 3)
        #expect(buffer.channel(0) == [100, 200, 300].map { Float($0) / 32768 })
        #expect(buffer.channel(1) == [-100, -200, -300].map { Float($0) / 32768 })
    }

    @Test("data before fmt, with LIST, fact and JUNK chunks around them, decodes the same")
    func chunksInAnyOrder() throws {
        let data = R.chunk("data", [1, 2, 3, 4, 5, 6].flatMap { R.le16(signed: Int16($0 * 1000)) })
        let fmt = R.chunk("fmt ", R.fmt(rate: 11_025))
        let plain = try WAVDecoder.decode(bytes: R.wave(fmt, data))
        let reordered = try WAVDecoder.decode(bytes: R.wave(
            R.chunk("JUNK", Array(repeating: 0, count: 28)),
            data,
            R.chunk("LIST", Array("INFOINAM".utf8) + R.le32(4) + Array("boom".utf8)),
            R.chunk("fact", R.le32(6)),
            fmt))
        #expect(plain.frameCount == 6)
        #expect(reordered == plain)
    }

    @Test("an odd-sized unknown chunk is skipped together with its pad byte")
    func oddChunkPadding() throws {
        let odd = R.chunk("odd ", [0xAA, 0xBB, 0xCC]) // 3 bytes + 1 pad byte
        #expect(odd.count == 12)
        let buffer = try WAVDecoder.decode(bytes: R.wave(odd, R.chunk("fmt ", R.fmt()),
                                                         R.chunk("data", R.le16(signed: 16384))))
        #expect(buffer.samples == [0.5])
    }

    @Test("an odd-sized 8-bit data chunk before fmt is followed by its pad byte")
    func oddDataChunkFirst() throws {
        let file = R.wave(R.chunk("data", [128, 255, 0]), R.chunk("LIST", [9, 9]), R.chunk("fmt ", R.fmt(bits: 8)))
        let buffer = try WAVDecoder.decode(bytes: file)
        #expect(buffer.samples == [0, 127.0 / 128, -1])
    }

    @Test("a missing pad byte at the very end of the file is tolerated")
    func missingFinalPad() throws {
        let padded = R.wave(R.chunk("fmt ", R.fmt(bits: 8)), R.chunk("data", [0, 128, 255]))
        let buffer = try WAVDecoder.decode(bytes: Array(padded.dropLast()))
        #expect(buffer.frameCount == 3)
    }

    @Test("a wrong RIFF size field and bytes after the last chunk do not matter")
    func riffSizeNotTrusted() throws {
        let good = R.pcm16Mono([1000, -1000, 2000])
        var zeroSize = good
        zeroSize.replaceSubrange(4..<8, with: R.le32(0))
        var hugeSize = good
        hugeSize.replaceSubrange(4..<8, with: R.le32(.max))
        let expected = try WAVDecoder.decode(bytes: good)
        #expect(try WAVDecoder.decode(bytes: zeroSize) == expected)
        #expect(try WAVDecoder.decode(bytes: hugeSize) == expected)
        #expect(try WAVDecoder.decode(bytes: good + Array("ID3 trailing tag".utf8)) == expected)
    }

    @Test("the first fmt and the first data chunk are the ones used")
    func firstChunksWin() throws {
        let file = R.wave(R.chunk("fmt ", R.fmt(rate: 8_000)), R.chunk("data", R.le16(signed: 8192)),
                          R.chunk("fmt ", R.fmt(rate: 48_000)), R.chunk("data", R.le16(signed: -8192)))
        let buffer = try WAVDecoder.decode(bytes: file)
        #expect(buffer.format.sampleRate == 8_000)
        #expect(buffer.samples == [0.25])
    }

    @Test("an empty data chunk decodes to zero frames")
    func emptyData() throws {
        let buffer = try WAVDecoder.decode(bytes: R.wave(R.chunk("fmt ", R.fmt(channels: 2)), R.chunk("data", [])))
        #expect(buffer.frameCount == 0)
        #expect(buffer.format.channelCount == 2)
    }

    @Test("20 valid bits in a 24-bit EXTENSIBLE container decode as 24-bit")
    func extensibleValidBits() throws {
        let file = R.wave(R.chunk("fmt ", R.extensibleFmt(subFormat: 1, bits: 24, validBits: 20)),
                          R.chunk("data", R.le24(signed: -4_194_304)))
        #expect(try WAVDecoder.decode(bytes: file).samples == [-0.5])
    }

    @Test("sample rates from 1 Hz up to the 768 kHz bound are accepted")
    func sampleRateBounds() throws {
        #expect(WAVDecoder.maximumSampleRate == 768_000)
        for rate: UInt32 in [1, 8_000, 44_100, 192_000, 768_000] {
            let file = R.wave(R.chunk("fmt ", R.fmt(rate: rate)), R.chunk("data", R.le16(signed: 1)))
            #expect(try WAVDecoder.decode(bytes: file).format.sampleRate == Int(rate))
        }
    }

    @Test("decoding by path reads the same audio as decoding the bytes")
    func decodeByPath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = R.pcm16Mono([0, 4096, -4096, 32767])
        let path = try directory.write(bytes, to: "tone.wav")
        #expect(try WAVDecoder.decode(path: path) == WAVDecoder.decode(bytes: bytes))
    }

    @Test("an error's description names the file and says what is wrong")
    func errorDescription() {
        let error = AudioFileError(file: "Sounds/jump.wav", reason: .unsupportedEncoding(formatTag: 2, name: "Microsoft ADPCM"))
        #expect(throws: error) {
            try WAVDecoder.decode(bytes: MalformedWAV.withFormat(R.fmt(tag: 2, bits: 4, blockAlign: 256)),
                                  label: "Sounds/jump.wav")
        }
        #expect(error.description.contains("Sounds/jump.wav"))
        #expect(error.description.contains("Microsoft ADPCM"))
    }
}
