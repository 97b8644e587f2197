// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes audio as WAV files that ``WAVDecoder`` and every common audio tool can read.
///
/// Floats are converted to the chosen ``WAVEncoding``: integer encodings scale 1.0 to
/// full scale (`x × 32768` for 16-bit), round to the nearest step and clamp anything
/// beyond full scale (NaN becomes silence); ``WAVEncoding/float32`` stores the floats
/// unchanged, including any beyond ±1. With `extensible: true` the header uses
/// `WAVE_FORMAT_EXTENSIBLE` with a speaker mask (front centre for mono, front left and
/// right for stereo), which some professional tools prefer; float files also carry a
/// `fact` chunk with the frame count, as the format asks.
///
/// ```swift
/// let rendered: PCMBuffer<Float> = ...
/// try WAVEncoder.write(rendered, as: .pcm16, to: "/tmp/capture.wav")
/// ```
public enum WAVEncoder {
    /// Encodes floating-point audio as a complete WAV file.
    ///
    /// - Parameters:
    ///   - buffer: The audio to encode; any channel count and sample rate the WAV format can hold.
    ///   - encoding: How each sample is stored.
    ///   - extensible: Whether to write a `WAVE_FORMAT_EXTENSIBLE` header instead of the classic one.
    /// - Returns: The bytes of the file, from `RIFF` to the last sample (and pad byte).
    /// - Precondition: The buffer fits a WAV file: under 4 GiB of samples, at most 65 535 bytes
    ///   per frame and a sample rate that fits 32 bits.
    public static func encode(_ buffer: PCMBuffer<Float>, as encoding: WAVEncoding, extensible: Bool = false) -> [UInt8] {
        var bytes = header(format: buffer.format, frameCount: buffer.frameCount,
                           encoding: encoding, extensible: extensible)
        appendSamples(buffer.samples, as: encoding, to: &bytes)
        if bytes.count % 2 == 1 { bytes.append(0) }
        return bytes
    }

    /// Encodes 16-bit audio as a 16-bit PCM WAV file, keeping every sample exactly.
    ///
    /// - Parameters:
    ///   - buffer: The audio to encode.
    ///   - extensible: Whether to write a `WAVE_FORMAT_EXTENSIBLE` header instead of the classic one.
    /// - Returns: The bytes of the file.
    /// - Precondition: The buffer fits a WAV file, as for ``encode(_:as:extensible:)``.
    public static func encode(_ buffer: PCMBuffer<Int16>, extensible: Bool = false) -> [UInt8] {
        var bytes = header(format: buffer.format, frameCount: buffer.frameCount,
                           encoding: .pcm16, extensible: extensible)
        bytes.reserveCapacity(bytes.count + buffer.samples.count * 2)
        for sample in buffer.samples { appendLittleEndian(sample, to: &bytes) }
        return bytes
    }

    /// Encodes floating-point audio and writes it to a file, replacing any file already there.
    ///
    /// - Parameters:
    ///   - buffer: The audio to write.
    ///   - encoding: How each sample is stored.
    ///   - extensible: Whether to write a `WAVE_FORMAT_EXTENSIBLE` header.
    ///   - path: Where to write; the directory must exist.
    /// - Throws: ``WAVWriteError`` naming `path`, the failed step and `errno`. A file that
    ///   failed while being written may be left behind incomplete.
    public static func write(_ buffer: PCMBuffer<Float>, as encoding: WAVEncoding, extensible: Bool = false,
                             to path: String) throws(WAVWriteError) {
        try write(bytes: encode(buffer, as: encoding, extensible: extensible), to: path)
    }

    /// Writes 16-bit audio to a 16-bit PCM WAV file, keeping every sample exactly.
    ///
    /// - Parameters:
    ///   - buffer: The audio to write.
    ///   - extensible: Whether to write a `WAVE_FORMAT_EXTENSIBLE` header.
    ///   - path: Where to write; the directory must exist.
    /// - Throws: ``WAVWriteError`` naming `path`, the failed step and `errno`.
    public static func write(_ buffer: PCMBuffer<Int16>, extensible: Bool = false,
                             to path: String) throws(WAVWriteError) {
        try write(bytes: encode(buffer, extensible: extensible), to: path)
    }

    /// Writes `bytes` to `path`, turning each failing C call into a ``WAVWriteError``.
    private static func write(bytes: [UInt8], to path: String) throws(WAVWriteError) {
        guard let file = fopen(path, "wb") else {
            throw WAVWriteError(path: path, operation: .open, errno: errno)
        }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        if written != bytes.count {
            let code = errno
            fclose(file)
            throw WAVWriteError(path: path, operation: .write, errno: code)
        }
        guard fclose(file) == 0 else {
            throw WAVWriteError(path: path, operation: .close, errno: errno)
        }
    }

    /// The RIFF header, `fmt ` chunk, `fact` chunk for floats and `data` chunk header.
    private static func header(format: PCMFormat, frameCount: Int, encoding: WAVEncoding, extensible: Bool) -> [UInt8] {
        let blockAlign = format.channelCount * encoding.bytesPerSample
        let dataSize = frameCount * blockAlign
        let formatSize = extensible ? 40 : encoding.isFloat ? 18 : 16
        let factSize = encoding.isFloat ? 12 : 0
        let riffSize = 4 + (8 + formatSize) + factSize + 8 + dataSize + dataSize % 2
        precondition(riffSize <= Int(UInt32.max), "a WAV file holds at most 4 GiB")
        precondition(blockAlign <= Int(UInt16.max), "too many channels for a WAV file")
        precondition(format.sampleRate > 0 && format.sampleRate * blockAlign <= Int(UInt32.max),
                     "the sample rate does not fit a WAV header")

        let tag = encoding.isFloat ? WAVFormatChunk.floatTag : WAVFormatChunk.pcmTag
        var bytes: [UInt8] = []
        bytes.reserveCapacity(riffSize + 8)
        bytes += Array("RIFF".utf8)
        appendLittleEndian(UInt32(riffSize), to: &bytes)
        bytes += Array("WAVEfmt ".utf8)
        appendLittleEndian(UInt32(formatSize), to: &bytes)
        appendLittleEndian(extensible ? WAVFormatChunk.extensibleTag : tag, to: &bytes)
        appendLittleEndian(UInt16(format.channelCount), to: &bytes)
        appendLittleEndian(UInt32(format.sampleRate), to: &bytes)
        appendLittleEndian(UInt32(format.sampleRate * blockAlign), to: &bytes)
        appendLittleEndian(UInt16(blockAlign), to: &bytes)
        appendLittleEndian(UInt16(encoding.bitsPerSample), to: &bytes)
        if extensible {
            appendLittleEndian(UInt16(22), to: &bytes)
            appendLittleEndian(UInt16(encoding.bitsPerSample), to: &bytes)
            appendLittleEndian(speakerMask(channelCount: format.channelCount), to: &bytes)
            appendLittleEndian(tag, to: &bytes)
            bytes += WAVFormatChunk.subFormatGUIDSuffix
        } else if encoding.isFloat {
            appendLittleEndian(UInt16(0), to: &bytes)
        }
        if encoding.isFloat {
            bytes += Array("fact".utf8)
            appendLittleEndian(UInt32(4), to: &bytes)
            appendLittleEndian(UInt32(truncatingIfNeeded: frameCount), to: &bytes)
        }
        bytes += Array("data".utf8)
        appendLittleEndian(UInt32(dataSize), to: &bytes)
        return bytes
    }

    /// The speakers an EXTENSIBLE header names: front centre for mono, front left and right for stereo.
    private static func speakerMask(channelCount: Int) -> UInt32 {
        switch channelCount {
        case 1: 0x4
        case 2: 0x3
        default: 0
        }
    }

    /// Appends each sample converted to `encoding`.
    private static func appendSamples(_ samples: [Float], as encoding: WAVEncoding, to bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + samples.count * encoding.bytesPerSample + 1)
        switch encoding {
        case .pcm8:
            for sample in samples { bytes.append(UInt8(quantize(sample, bits: 8) + 128)) }
        case .pcm16:
            for sample in samples { appendLittleEndian(Int16(quantize(sample, bits: 16)), to: &bytes) }
        case .pcm24:
            for sample in samples {
                let value = UInt32(bitPattern: Int32(quantize(sample, bits: 24)))
                bytes += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
                          UInt8(truncatingIfNeeded: value >> 16)]
            }
        case .pcm32:
            for sample in samples { appendLittleEndian(Int32(quantize(sample, bits: 32)), to: &bytes) }
        case .float32:
            for sample in samples { appendLittleEndian(sample.bitPattern, to: &bytes) }
        }
    }

    /// `sample` as a signed integer of `bits` bits: scaled by 2^(bits-1), rounded to nearest, clamped.
    private static func quantize(_ sample: Float, bits: Int) -> Int64 {
        guard !sample.isNaN else { return 0 }
        let fullScale = Double(Int64(1) << (bits - 1))
        let scaled = (Double(sample) * fullScale).rounded(.toNearestOrAwayFromZero)
        return Int64(min(fullScale - 1, max(-fullScale, scaled)))
    }

    /// Appends `value` in little-endian byte order.
    private static func appendLittleEndian<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
