// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioFiles
import Foundation
import Testing

@Suite("WAV writing")
struct WAVEncoderTests {
    typealias R = RIFFBytes

    /// The largest error one sample may gain from a round trip: half a quantization step for
    /// integers (plus Float rounding for 32-bit), nothing for float.
    static func sampleTolerance(_ encoding: WAVEncoding) -> Float {
        switch encoding {
        case .pcm8: 0.5 / 128
        case .pcm16: 0.5 / 32768
        case .pcm24: 0.5 / 8_388_608
        case .pcm32: 1e-7
        case .float32: 0
        }
    }

    /// How far a channel's RMS level may move: 8-bit quantization noise is about 0.0023 RMS,
    /// 16-bit about 9e-6; deeper encodings are limited by Float precision.
    static func rmsTolerance(_ encoding: WAVEncoding) -> Float {
        switch encoding {
        case .pcm8: 5e-3
        case .pcm16: 5e-5
        case .pcm24, .pcm32: 1e-6
        case .float32: 0
        }
    }

    /// Checks that `decoded` is `original` again within the tolerances of `encoding`.
    static func expectSameTone(_ decoded: PCMBuffer<Float>, _ original: PCMBuffer<Float>, frequency: Double,
                               encoding: WAVEncoding, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(decoded.format == original.format, sourceLocation: sourceLocation)
        #expect(decoded.frameCount == original.frameCount, sourceLocation: sourceLocation)
        guard decoded.samples.count == original.samples.count else { return }
        let worst = zip(decoded.samples, original.samples).map { abs($0 - $1) }.max() ?? 0
        #expect(worst <= sampleTolerance(encoding), "worst sample error \(worst)", sourceLocation: sourceLocation)
        for channel in 0..<original.format.channelCount {
            let got = decoded.channel(channel), want = original.channel(channel)
            let measured = Signal.dominantFrequency(got, sampleRate: decoded.format.sampleRate)
            #expect(abs(measured - frequency) < 0.5, "channel \(channel): \(measured) Hz", sourceLocation: sourceLocation)
            let levelError = abs(Signal.rms(got) - Signal.rms(want))
            #expect(levelError <= rmsTolerance(encoding), "channel \(channel): RMS off by \(levelError)",
                    sourceLocation: sourceLocation)
        }
    }

    static let monoTone = PCMBuffer(format: PCMFormat(sampleRate: 48_000, channelCount: 1),
                                    samples: Signal.sine(frequency: 440, amplitude: 0.5, frameCount: 24_000, sampleRate: 48_000))

    static let stereoTone: PCMBuffer<Float> = {
        let left = Signal.sine(frequency: 1000, amplitude: 0.8, frameCount: 22_050, sampleRate: 44_100)
        let right = Signal.sine(frequency: 1000, amplitude: 0.2, frameCount: 22_050, sampleRate: 44_100)
        return PCMBuffer(format: PCMFormat(sampleRate: 44_100, channelCount: 2),
                         samples: zip(left, right).flatMap { [$0, $1] })
    }()

    @Test("a 440 Hz mono tone survives a round trip in every encoding, plain and EXTENSIBLE",
          arguments: WAVEncoding.allCases, [false, true])
    func monoRoundTrip(encoding: WAVEncoding, extensible: Bool) throws {
        let bytes = WAVEncoder.encode(Self.monoTone, as: encoding, extensible: extensible)
        Self.expectSameTone(try WAVDecoder.decode(bytes: bytes), Self.monoTone, frequency: 440, encoding: encoding)
    }

    @Test("a 1 kHz stereo tone keeps each channel's level in every encoding, plain and EXTENSIBLE",
          arguments: WAVEncoding.allCases, [false, true])
    func stereoRoundTrip(encoding: WAVEncoding, extensible: Bool) throws {
        let decoded = try WAVDecoder.decode(bytes: WAVEncoder.encode(Self.stereoTone, as: encoding, extensible: extensible))
        Self.expectSameTone(decoded, Self.stereoTone, frequency: 1000, encoding: encoding)
        // The two channels must not be swapped: left is four times louder.
        let ratio = Signal.rms(decoded.channel(0)) / Signal.rms(decoded.channel(1))
        #expect(abs(ratio - 4) < 0.05)
    }

    @Test("a classic 16-bit stereo header holds the fields the format defines")
    func classicHeaderFields() {
        let buffer = PCMBuffer<Float>(format: PCMFormat(sampleRate: 44_100, channelCount: 2), samples: [0, 0, 0.5, -0.5])
        let bytes = WAVEncoder.encode(buffer, as: .pcm16)
        let expected = Array("RIFF".utf8) + R.le32(36 + 8) + Array("WAVEfmt ".utf8) + R.le32(16)
            + R.le16(1) + R.le16(2) + R.le32(44_100) + R.le32(176_400) + R.le16(4) + R.le16(16)
            + Array("data".utf8) + R.le32(8) + R.le16(signed: 0) + R.le16(signed: 0)
            + R.le16(signed: 16384) + R.le16(signed: -16384)
        #expect(bytes == expected)
    }

    @Test("a classic float header has an 18-byte fmt chunk and a fact chunk with the frame count")
    func floatHeaderFields() {
        let buffer = PCMBuffer<Float>(format: PCMFormat(sampleRate: 8_000, channelCount: 1), samples: [0.25, -2])
        let bytes = WAVEncoder.encode(buffer, as: .float32)
        let expected = R.wave(R.chunk("fmt ", R.fmt(tag: 3, bits: 32) + R.le16(0)),
                              R.chunk("fact", R.le32(2)),
                              R.chunk("data", R.le32(Float(0.25).bitPattern) + R.le32(Float(-2).bitPattern)))
        #expect(bytes == expected)
    }

    @Test("an EXTENSIBLE header names the sub-format GUID and the speakers")
    func extensibleHeaderFields() {
        let buffer = PCMBuffer<Float>(format: PCMFormat(sampleRate: 48_000, channelCount: 2), samples: [0, 0])
        let bytes = WAVEncoder.encode(buffer, as: .pcm24, extensible: true)
        let pcmGUID: [UInt8] = [0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]
        let expected = R.wave(R.chunk("fmt ", R.fmt(tag: 0xFFFE, channels: 2, rate: 48_000, bits: 24)
                                              + R.le16(22) + R.le16(24) + R.le32(3) + pcmGUID),
                              R.chunk("data", Array(repeating: 0, count: 6)))
        #expect(bytes == expected)
    }

    /// The data chunk's bytes of an encoded file with no chunks after `data`.
    static func dataBytes(_ file: [UInt8], sampleBytes: Int) -> [UInt8] {
        Array(file.suffix(sampleBytes))
    }

    @Test("integer encodings round to the nearest step and clamp out-of-range values; NaN becomes silence")
    func roundingAndClamping() {
        func encoded(_ samples: [Float], _ encoding: WAVEncoding) -> [UInt8] {
            let bytes = WAVEncoder.encode(PCMBuffer(format: PCMFormat(sampleRate: 8_000, channelCount: 1), samples: samples),
                                          as: encoding)
            let count = samples.count * encoding.bytesPerSample
            return Array(bytes[(bytes.count - count - count % 2)...].prefix(count))
        }
        let step16: Float = 1 / 32768
        #expect(encoded([1.5, -1.5, 1, -1, 1.4 * step16, 1.6 * step16, -1.6 * step16, .nan, .infinity], .pcm16)
                == [32767, -32768, 32767, -32768, 1, 2, -2, 0, 32767].flatMap { R.le16(signed: $0) })
        #expect(encoded([1, -1, 0, 0.5, -2, 0.3 / 128], .pcm8) == [255, 0, 128, 192, 0, 128])
        #expect(encoded([1, -1, 0.5], .pcm24) == [8_388_607, -8_388_608, 4_194_304].flatMap { R.le24(signed: $0) })
        #expect(encoded([1, -1, 0.5, -0.25], .pcm32) == [Int32.max, Int32.min, 1 << 30, -(1 << 29)].flatMap { R.le32(signed: $0) })
        #expect(encoded([3, -3], .float32) == [Float(3), -3].flatMap { R.le32($0.bitPattern) }, "float is stored as is")
    }

    @Test("an odd-sized data chunk gets a pad byte and the file still decodes", arguments: [1, 3, 5])
    func oddDataIsPadded(frames: Int) throws {
        let buffer = PCMBuffer(format: PCMFormat(sampleRate: 8_000, channelCount: 1),
                               samples: (0..<frames).map { Float($0) / 8 })
        for encoding in [WAVEncoding.pcm8, .pcm24] {
            let bytes = WAVEncoder.encode(buffer, as: encoding)
            #expect(bytes.count % 2 == 0)
            #expect(Array(bytes[4..<8]) == R.le32(UInt32(bytes.count - 8)), "RIFF size counts the pad byte")
            #expect(try WAVDecoder.decode(bytes: bytes).samples == buffer.samples)
        }
    }

    @Test("16-bit integer buffers are written without any conversion loss")
    func int16Lossless() throws {
        let samples: [Int16] = [.min, -12345, -1, 0, 1, 12345, .max, .max]
        let buffer = PCMBuffer(format: PCMFormat(sampleRate: 32_000, channelCount: 2), samples: samples)
        for extensible in [false, true] {
            let bytes = WAVEncoder.encode(buffer, extensible: extensible)
            #expect(Array(bytes.suffix(samples.count * 2)) == samples.flatMap { R.le16(signed: $0) })
            let decoded = try WAVDecoder.decode(bytes: bytes)
            #expect(decoded.format == buffer.format)
            #expect(decoded.samples == samples.map { Float($0) / 32768 })
            // Writing those floats as 16-bit gives back the very same file.
            #expect(WAVEncoder.encode(decoded, as: .pcm16, extensible: extensible) == bytes)
        }
    }

    @Test("an empty buffer makes a valid file with no frames", arguments: WAVEncoding.allCases)
    func emptyBuffer(encoding: WAVEncoding) throws {
        let empty = PCMBuffer<Float>(format: PCMFormat(sampleRate: 44_100, channelCount: 2), samples: [])
        let decoded = try WAVDecoder.decode(bytes: WAVEncoder.encode(empty, as: encoding))
        #expect(decoded == empty)
    }

    @Test("writing to a path produces a file the decoder reads back")
    func writeToPath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("tone.wav")
        try WAVEncoder.write(Self.stereoTone, as: .pcm24, to: path)
        Self.expectSameTone(try WAVDecoder.decode(path: path), Self.stereoTone, frequency: 1000, encoding: .pcm24)

        let int16 = PCMBuffer<Int16>(format: PCMFormat(sampleRate: 8_000, channelCount: 1), samples: [7, -7, 300])
        let intPath = directory.file("int16.wav")
        try WAVEncoder.write(int16, extensible: true, to: intPath)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: intPath))) == WAVEncoder.encode(int16, extensible: true))
    }

    @Test("write failures name the path, the failed step and errno")
    func writeFailures() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tone = Self.monoTone

        let noDirectory = directory.file("missing/tone.wav")
        #expect(throws: WAVWriteError(path: noDirectory, operation: .open, errno: ENOENT)) {
            try WAVEncoder.write(tone, as: .pcm16, to: noDirectory)
        }
        #expect(throws: WAVWriteError(path: directory.path, operation: .open, errno: EISDIR)) {
            try WAVEncoder.write(tone, as: .pcm16, to: directory.path)
        }
        let error = WAVWriteError(path: noDirectory, operation: .open, errno: ENOENT)
        #expect(error.description.contains(noDirectory))
        #expect(error.description.contains("No such file or directory"))
    }

    @Test("a full disk (/dev/full) is reported as ENOSPC", .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func fullDisk() {
        let error = #expect(throws: WAVWriteError.self) {
            try WAVEncoder.write(Self.monoTone, as: .float32, to: "/dev/full")
        }
        #expect(error?.errno == ENOSPC)
        #expect(error?.path == "/dev/full")
        #expect(error?.operation == .write || error?.operation == .close)
    }
}
