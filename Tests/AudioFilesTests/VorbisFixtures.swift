// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AudioAnalysis
import AudioEncoding
import AudioFiles
import Testing

/// Vorbis files built by the tests themselves, and tools to take Ogg files apart and damage them.
enum VorbisFixtures {
    static let sampleRate = 44_100

    /// One second of a 440 Hz mono tone at amplitude 0.5.
    static let monoTone = PCMBuffer(
        format: PCMFormat(sampleRate: sampleRate, channelCount: 1),
        samples: Signal.sine(frequency: 440, amplitude: 0.5, frameCount: sampleRate, sampleRate: sampleRate))

    /// 1.5 seconds of stereo: 330 Hz on the left at 0.4, 880 Hz on the right at 0.25.
    static let stereoTone: PCMBuffer<Float> = {
        let frames = sampleRate * 3 / 2
        let left = Signal.sine(frequency: 330, amplitude: 0.4, frameCount: frames, sampleRate: sampleRate)
        let right = Signal.sine(frequency: 880, amplitude: 0.25, frameCount: frames, sampleRate: sampleRate)
        var samples: [Float] = []
        for frame in 0..<frames { samples += [left[frame], right[frame]] }
        return PCMBuffer(format: PCMFormat(sampleRate: sampleRate, channelCount: 2), samples: samples)
    }()

    /// Four seconds of stereo music-like material (a rising sweep under quiet pseudo-random noise,
    /// the same every run) that spreads over many Ogg pages, for damage and truncation tests.
    static let longStereo: PCMBuffer<Float> = {
        let frames = sampleRate * 4
        var state: UInt32 = 0x1234_5678
        var samples: [Float] = []
        samples.reserveCapacity(frames * 2)
        for frame in 0..<frames {
            let time = Double(frame) / Double(sampleRate)
            let sweep = Float(sin(2 * Double.pi * (200 * time + 150 * time * time))) * 0.3
            for _ in 0..<2 {
                state = state &* 1_664_525 &+ 1_013_904_223
                samples.append(sweep + (Float(state >> 8) / Float(1 << 24) - 0.5) * 0.2)
            }
        }
        return PCMBuffer(format: PCMFormat(sampleRate: sampleRate, channelCount: 2), samples: samples)
    }()

    static let longStereoBytes: [UInt8] = encodeOrEmpty(longStereo)
    static let monoToneBytes: [UInt8] = encodeOrEmpty(monoTone)
    static let stereoToneBytes: [UInt8] = encodeOrEmpty(stereoTone)

    /// Encoded bytes, or an empty array if encoding failed (every test using it then fails on decode).
    private static func encodeOrEmpty(_ buffer: PCMBuffer<Float>) -> [UInt8] {
        (try? VorbisEncoder.encode(buffer)) ?? []
    }

    /// Nil when both arrays hold the same samples, otherwise a short note on the first difference
    /// (so a failing test does not print a million samples).
    static func difference(_ actual: [Float], _ expected: [Float]) -> String? {
        guard actual.count == expected.count else { return "\(actual.count) samples, expected \(expected.count)" }
        guard let index = actual.indices.first(where: { actual[$0] != expected[$0] }) else { return nil }
        return "sample \(index) is \(actual[index]), expected \(expected[index])"
    }

    /// Where each Ogg page starts and ends, read from the page headers.
    static func pages(in bytes: [UInt8]) -> [Range<Int>] {
        var pages: [Range<Int>] = []
        var offset = 0
        while offset + 27 <= bytes.count, Array(bytes[offset..<(offset + 4)]) == Array("OggS".utf8) {
            let segmentCount = Int(bytes[offset + 26])
            guard offset + 27 + segmentCount <= bytes.count else { break }
            let bodyLength = bytes[(offset + 27)..<(offset + 27 + segmentCount)].reduce(0) { $0 + Int($1) }
            let end = offset + 27 + segmentCount + bodyLength
            guard end <= bytes.count else { break }
            pages.append(offset..<end)
            offset = end
        }
        return pages
    }

    /// The granule position of a page: for Vorbis audio, the number of frames decoded once the page ends.
    static func granulePosition(of page: Range<Int>, in bytes: [UInt8]) -> Int64 {
        bytes[(page.lowerBound + 6)..<(page.lowerBound + 14)].reversed().reduce(0) { $0 << 8 | Int64($1) }
    }

    /// The Ogg page checksum: CRC-32 with polynomial 0x04C11DB7, no reflection, initial value 0.
    static func oggCRC(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0
        for byte in bytes {
            crc ^= UInt32(byte) << 24
            for _ in 0..<8 {
                crc = (crc & 0x8000_0000) != 0 ? (crc << 1) ^ 0x04C1_1DB7 : crc << 1
            }
        }
        return crc
    }

    /// Recomputes the checksum of the page at `page` in place, after its contents were edited.
    static func fixChecksum(of page: Range<Int>, in bytes: inout [UInt8]) {
        for index in 22..<26 { bytes[page.lowerBound + index] = 0 }
        let crc = oggCRC(Array(bytes[page]))
        for index in 0..<4 { bytes[page.lowerBound + 22 + index] = UInt8(truncatingIfNeeded: crc >> (8 * index)) }
    }

    /// A complete single Ogg page (beginning-of-stream) carrying `body`, with a correct checksum.
    static func oggPage(body: [UInt8], serialNumber: UInt32 = 7, sequence: UInt32 = 0, flags: UInt8 = 0x02) -> [UInt8] {
        precondition(body.count < 255, "one segment only")
        var page = Array("OggS".utf8) + [0, flags]
        page += [UInt8](repeating: 0, count: 8) // granule position
        page += withUnsafeBytes(of: serialNumber.littleEndian, Array.init)
        page += withUnsafeBytes(of: sequence.littleEndian, Array.init)
        page += [0, 0, 0, 0] // checksum, filled below
        page += [1, UInt8(body.count)]
        page += body
        fixChecksum(of: 0..<page.count, in: &page)
        return page
    }

    /// Writes `bytes` to a new file in the temporary directory and returns its path.
    static func temporaryFile(_ bytes: [UInt8]) throws(FixtureError) -> String {
        var template = Array("/tmp/gamesound-vorbis-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard descriptor >= 0 else { throw FixtureError(message: "mkstemp failed, errno \(errno)") }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw FixtureError(message: "short write to the temporary file") }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Deletes a file made by ``temporaryFile(_:)``.
    static func removeFile(_ path: String) {
        unlink(path)
    }

    /// A fixture could not be set up (the temporary directory is not writable, say).
    struct FixtureError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// The reason of the ``AudioFileError`` thrown by `body`, or nil if it threw nothing.
    static func failureReason<T>(sourceLocation: SourceLocation = #_sourceLocation,
                                 _ body: () throws -> T) -> AudioFileError.Reason? {
        do {
            _ = try body()
            return nil
        } catch let error as AudioFileError {
            return error.reason
        } catch {
            Issue.record("expected an AudioFileError, got \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }
}
