// SPDX-License-Identifier: Zlib
import AudioFiles
import Foundation
import Testing

/// One damaged or unsupported WAV file, built in code, and the reason it must be refused with.
struct MalformedWAV: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let reason: AudioFileError.Reason

    var testDescription: String { name }
}

extension MalformedWAV {
    typealias R = RIFFBytes
    static let tone: [UInt8] = (0..<8).flatMap { R.le16(signed: Int16($0 * 1000)) } // 8 frames of 16-bit mono

    static func withFormat(_ fmt: [UInt8], data: [UInt8] = tone) -> [UInt8] {
        R.wave(R.chunk("fmt ", fmt), R.chunk("data", data))
    }

    static let corpus: [MalformedWAV] = [
        MalformedWAV(name: "text file", bytes: Array("hello, this is not audio".utf8), reason: .notRIFF),
        MalformedWAV(name: "big-endian RIFX", bytes: Array("RIFX".utf8) + Array(withFormat(R.fmt()).dropFirst(4)),
                     reason: .notRIFF),
        MalformedWAV(name: "two bytes that are not RIFF", bytes: [0x49, 0x44], reason: .notRIFF),
        MalformedWAV(name: "AVI in RIFF", bytes: Array("RIFF".utf8) + R.le32(4) + Array("AVI ".utf8), reason: .notWAVE),
        MalformedWAV(name: "RIFF header cut after the size", bytes: Array("RIFF".utf8) + R.le32(36),
                     reason: .truncatedChunk("RIFF")),
        MalformedWAV(name: "WAVE with no chunks", bytes: R.wave(), reason: .missingChunk("fmt ")),
        MalformedWAV(name: "data but no fmt", bytes: R.wave(R.chunk("data", tone)), reason: .missingChunk("fmt ")),
        MalformedWAV(name: "fmt but no data", bytes: R.wave(R.chunk("LIST", [1, 2]), R.chunk("fmt ", R.fmt())),
                     reason: .missingChunk("data")),
        MalformedWAV(name: "fmt body of 14 bytes", bytes: withFormat(Array(R.fmt().prefix(14))),
                     reason: .truncatedChunk("fmt ")),
        MalformedWAV(name: "EXTENSIBLE fmt without its extension", bytes: withFormat(R.fmt(tag: 0xFFFE) + R.le16(0)),
                     reason: .truncatedChunk("fmt ")),
        MalformedWAV(name: "chunk header cut after its id", bytes: R.wave(R.chunk("fmt ", R.fmt())) + Array("data".utf8) + [8],
                     reason: .truncatedChunk("data")),
        MalformedWAV(name: "fmt chunk past the end", bytes: R.wave(R.chunk("fmt ", declaredSize: 16, Array(R.fmt().prefix(10)))),
                     reason: .chunkPastEnd(chunk: "fmt ", declared: 16, available: 10)),
        MalformedWAV(name: "LIST chunk past the end before data",
                     bytes: R.wave(R.chunk("fmt ", R.fmt()), R.chunk("LIST", declaredSize: 100, [1, 2, 3])),
                     reason: .chunkPastEnd(chunk: "LIST", declared: 100, available: 3)),
        MalformedWAV(name: "data chunk past the end (file cut short)",
                     bytes: R.wave(R.chunk("fmt ", R.fmt()), R.chunk("data", declaredSize: 1000, tone)),
                     reason: .chunkPastEnd(chunk: "data", declared: 1000, available: 16)),
        MalformedWAV(name: "data size 0xFFFFFFFF from a streaming writer",
                     bytes: R.wave(R.chunk("fmt ", R.fmt()), R.chunk("data", declaredSize: .max, tone)),
                     reason: .chunkPastEnd(chunk: "data", declared: Int(UInt32.max), available: 16)),
        MalformedWAV(name: "Microsoft ADPCM", bytes: withFormat(R.fmt(tag: 0x0002, bits: 4, blockAlign: 256)),
                     reason: .unsupportedEncoding(formatTag: 0x0002, name: "Microsoft ADPCM")),
        MalformedWAV(name: "A-law", bytes: withFormat(R.fmt(tag: 0x0006, bits: 8)),
                     reason: .unsupportedEncoding(formatTag: 0x0006, name: "A-law")),
        MalformedWAV(name: "µ-law", bytes: withFormat(R.fmt(tag: 0x0007, bits: 8)),
                     reason: .unsupportedEncoding(formatTag: 0x0007, name: "µ-law")),
        MalformedWAV(name: "IMA ADPCM", bytes: withFormat(R.fmt(tag: 0x0011, bits: 4, blockAlign: 256)),
                     reason: .unsupportedEncoding(formatTag: 0x0011, name: "IMA ADPCM")),
        MalformedWAV(name: "MPEG", bytes: withFormat(R.fmt(tag: 0x0050, bits: 0, blockAlign: 1)),
                     reason: .unsupportedEncoding(formatTag: 0x0050, name: "MPEG")),
        MalformedWAV(name: "MP3", bytes: withFormat(R.fmt(tag: 0x0055, bits: 0, blockAlign: 1)),
                     reason: .unsupportedEncoding(formatTag: 0x0055, name: "MP3")),
        MalformedWAV(name: "unknown format tag", bytes: withFormat(R.fmt(tag: 0x00A1)),
                     reason: .unsupportedEncoding(formatTag: 0x00A1, name: "format 0x00A1")),
        MalformedWAV(name: "EXTENSIBLE with µ-law sub-format", bytes: withFormat(R.extensibleFmt(subFormat: 0x0007, bits: 8)),
                     reason: .unsupportedEncoding(formatTag: 0x0007, name: "µ-law")),
        MalformedWAV(name: "EXTENSIBLE with a non-standard GUID",
                     bytes: withFormat(R.extensibleFmt(subFormat: 0x0001, guidSuffix: Array(repeating: 0xAB, count: 14))),
                     reason: .unsupportedEncoding(formatTag: 0xFFFE,
                                                  name: "WAVE_FORMAT_EXTENSIBLE sub-format 0100" + String(repeating: "ab", count: 14))),
        MalformedWAV(name: "12-bit PCM", bytes: withFormat(R.fmt(bits: 12, blockAlign: 2)), reason: .unsupportedBitDepth(12)),
        MalformedWAV(name: "0-bit PCM", bytes: withFormat(R.fmt(bits: 0, blockAlign: 2)), reason: .unsupportedBitDepth(0)),
        MalformedWAV(name: "64-bit float", bytes: withFormat(R.fmt(tag: 3, bits: 64)), reason: .unsupportedBitDepth(64)),
        MalformedWAV(name: "16-bit float", bytes: withFormat(R.fmt(tag: 3, bits: 16)), reason: .unsupportedBitDepth(16)),
        MalformedWAV(name: "no channels", bytes: withFormat(R.fmt(channels: 0)), reason: .unsupportedChannelCount(0)),
        MalformedWAV(name: "5.1 surround", bytes: withFormat(R.fmt(channels: 6)), reason: .unsupportedChannelCount(6)),
        MalformedWAV(name: "sample rate 0", bytes: withFormat(R.fmt(rate: 0)), reason: .invalidSampleRate(0)),
        MalformedWAV(name: "sample rate just above 768 kHz", bytes: withFormat(R.fmt(rate: 768_001)),
                     reason: .invalidSampleRate(768_001)),
        MalformedWAV(name: "block align of mono in a stereo file", bytes: withFormat(R.fmt(channels: 2, blockAlign: 2)),
                     reason: .inconsistentBlockAlign(declared: 2, expected: 4)),
        MalformedWAV(name: "block align 0", bytes: withFormat(R.fmt(bits: 24, blockAlign: 0)),
                     reason: .inconsistentBlockAlign(declared: 0, expected: 3)),
        MalformedWAV(name: "stereo data of 6 bytes", bytes: withFormat(R.fmt(channels: 2), data: [1, 2, 3, 4, 5, 6]),
                     reason: .partialFrame(dataBytes: 6, blockAlign: 4)),
        MalformedWAV(name: "24-bit data of 7 bytes", bytes: withFormat(R.fmt(bits: 24), data: [1, 2, 3, 4, 5, 6, 7]),
                     reason: .partialFrame(dataBytes: 7, blockAlign: 3)),
    ]
}

@Suite("Malformed WAV files are refused with a specific reason")
struct WAVMalformedCorpusTests {
    @Test("each malformed file in the corpus fails with its own reason", arguments: MalformedWAV.corpus)
    func refusesWithSpecificReason(_ file: MalformedWAV) {
        #expect(throws: AudioFileError(file: "corpus", reason: file.reason)) {
            try WAVDecoder.decode(bytes: file.bytes, label: "corpus")
        }
    }

    @Test("the corpus covers at least 18 distinct reasons")
    func corpusIsBroad() {
        #expect(Set(MalformedWAV.corpus.map(\.reason)).count >= 18)
    }

    @Test("an empty byte array is reported as an empty file")
    func emptyBytes() {
        #expect(throws: AudioFileError(file: "<memory>", reason: .empty)) { try WAVDecoder.decode(bytes: []) }
    }

    @Test("files on disk: missing, a directory, empty, and malformed ones name their path")
    func filesOnDisk() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let missing = directory.file("nowhere.wav")
        #expect(throws: AudioFileError(file: missing, reason: .missing)) { try WAVDecoder.decode(path: missing) }

        #expect(throws: AudioFileError(file: directory.path, reason: .unreadable(errno: EISDIR))) {
            try WAVDecoder.decode(path: directory.path)
        }

        let empty = try directory.write([], to: "empty.wav")
        #expect(throws: AudioFileError(file: empty, reason: .empty)) { try WAVDecoder.decode(path: empty) }

        for (index, file) in MalformedWAV.corpus.prefix(6).enumerated() {
            let path = try directory.write(file.bytes, to: "bad-\(index).wav")
            let error = #expect(throws: AudioFileError.self) { try WAVDecoder.decode(path: path) }
            #expect(error == AudioFileError(file: path, reason: file.reason), "\(file.name)")
            #expect(error?.description.contains(path) == true)
        }
    }

    @Test("a valid file cut at every byte offset fails with exactly the reason its cut implies")
    func truncatedAtEveryOffset() throws {
        let frames: [Int16] = (0..<10).map { Int16($0 * 300 - 1500) }
        let whole = RIFFBytes.pcm16Mono(frames) // 12 RIFF + 8+16 fmt + 8+20 data = 64 bytes
        try #require(whole.count == 64)
        #expect(try WAVDecoder.decode(bytes: whole).frameCount == 10)

        for length in 0..<whole.count {
            let expected: AudioFileError.Reason = switch length {
            case 0: .empty
            case 1..<12: .truncatedChunk("RIFF")
            case 12: .missingChunk("fmt ")
            case 13..<16: .truncatedChunk("chunk header")
            case 16..<20: .truncatedChunk("fmt ")
            case 20..<36: .chunkPastEnd(chunk: "fmt ", declared: 16, available: length - 20)
            case 36: .missingChunk("data")
            case 37..<40: .truncatedChunk("chunk header")
            case 40..<44: .truncatedChunk("data")
            default: .chunkPastEnd(chunk: "data", declared: 20, available: length - 44)
            }
            #expect(throws: AudioFileError(file: "cut", reason: expected), "cut at \(length)") {
                try WAVDecoder.decode(bytes: Array(whole.prefix(length)), label: "cut")
            }
        }
    }

    @Test("a richer file cut at every offset always throws, never crashes")
    func richerFileTruncated() {
        let R = RIFFBytes.self
        let whole = R.wave(R.chunk("LIST", Array("INFOISFT".utf8) + [7]),
                           R.chunk("data", (0..<12).flatMap { R.le24(signed: Int32($0 * 1000)) }),
                           R.chunk("fact", R.le32(6)),
                           R.chunk("fmt ", R.extensibleFmt(subFormat: 1, channels: 2, rate: 44_100, bits: 24)))
        #expect((try? WAVDecoder.decode(bytes: whole).frameCount) == 6)
        for length in 0..<whole.count {
            let error = #expect(throws: AudioFileError.self, "cut at \(length)") {
                try WAVDecoder.decode(bytes: Array(whole.prefix(length)), label: "rich")
            }
            #expect(error?.file == "rich")
        }
    }

    @Test("overwriting any single byte of a valid file either decodes consistently or throws")
    func everyByteCorrupted() {
        let whole = RIFFBytes.wave(RIFFBytes.chunk("fmt ", RIFFBytes.fmt(channels: 2, bits: 16)),
                                   RIFFBytes.chunk("data", (0..<16).flatMap { RIFFBytes.le16(signed: Int16($0 * 99)) }))
        var decoded = 0, refused = 0
        for index in whole.indices {
            for value: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFF] {
                var bytes = whole
                bytes[index] = value
                do {
                    let buffer = try WAVDecoder.decode(bytes: bytes)
                    #expect(buffer.samples.count == buffer.frameCount * buffer.format.channelCount)
                    #expect(buffer.samples.allSatisfy { (-1...1).contains($0) })
                    decoded += 1
                } catch {
                    #expect(!error.description.isEmpty)
                    refused += 1
                }
            }
        }
        #expect(decoded > 0 && refused > 0)
    }
}
