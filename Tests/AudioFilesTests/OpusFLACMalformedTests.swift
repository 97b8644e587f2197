// SPDX-License-Identifier: Zlib
import AudioFiles
import COpusFile
import Testing

@Suite("Malformed Opus and FLAC input")
struct OpusFLACMalformedTests {
    typealias F = CodecFixtures

    static func noise(_ count: Int, seed: UInt32 = 7) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 1_103_515_245 &+ 12_345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
    }

    static func reason(_ body: () throws -> Any) -> AudioFileError.Reason? { VorbisFixtures.failureReason(body) }

    // MARK: Opus

    @Test("bytes that are not Ogg are not Ogg; an Ogg stream of garbage or of Vorbis is not Opus")
    func opusWrongContainer() {
        #expect(Self.reason { try OpusDecoder.decode(bytes: Self.noise(4096)) } == .notOgg)
        #expect(Self.reason { try OpusDecoder.decode(bytes: Array("OggS".utf8) + Self.noise(4096)) } == .notOpus)
        #expect(Self.reason { try OpusDecoder.decode(bytes: VorbisFixtures.monoToneBytes) } == .notOpus)
        #expect(Self.reason { try OpusDecoder.decode(bytes: []) } == .empty)
    }

    @Test("an Opus file cut inside its headers is reported as bad Opus headers, whole and streamed")
    func opusTruncatedHeaders() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try F.opus(F.signal(sampleRate: 48_000, channelCount: 1, seconds: 0.5), named: "cut", in: directory)
        let pages = VorbisFixtures.pages(in: file.bytes)
        try #require(pages.count >= 3)
        for end in [pages[0].upperBound, pages[1].lowerBound + 10, pages[1].upperBound - 1] {
            let cut = Array(file.bytes[0..<end])
            let reason = Self.reason { try OpusDecoder.decode(bytes: cut) }
            guard case .badOpusHeader = reason else {
                Issue.record("cut at \(end) of \(file.bytes.count): \(String(describing: reason))")
                continue
            }
            #expect(Self.reason { try AudioDecoder.decode(bytes: cut) } == reason)
            #expect(Self.reason { try AudioStreamDecoder.open(bytes: cut) } == reason)
        }
    }

    @Test("an OpusHead of an unknown version or with no channels (checksum fixed) is a bad Opus header")
    func opusBadHead() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try F.opus(F.signal(sampleRate: 48_000, channelCount: 2, seconds: 0.5), named: "head", in: directory)
        let first = try #require(VorbisFixtures.pages(in: file.bytes).first)
        let head = first.lowerBound + 27 + Int(file.bytes[first.lowerBound + 26])
        #expect(Array(file.bytes[head..<(head + 8)]) == Array("OpusHead".utf8))
        for (offset, value, code) in [(8, UInt8(0x10), OP_EVERSION), (9, UInt8(0), OP_EBADHEADER)] {
            var bytes = file.bytes
            bytes[head + offset] = value
            VorbisFixtures.fixChecksum(of: first, in: &bytes)
            #expect(Self.reason { try AudioDecoder.decode(bytes: bytes) } == .badOpusHeader(code: code), "byte \(offset) = \(value)")
        }
    }

    @Test("an Opus file cut in its audio decodes the audio before the cut; damaged pages are skipped and counted")
    func opusDamagedAudio() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try F.opus(F.signal(sampleRate: 48_000, channelCount: 2, seconds: 3), named: "long", in: directory)
        let cut = try OpusDecoder.decode(bytes: Array(file.bytes[0..<(file.bytes.count / 2)]))
        #expect(cut.frameCount > 24_000 && cut.frameCount < file.reference.frameCount)
        #expect(F.maxDifference(cut.samples, file.reference.frames(0..<cut.frameCount).samples) <= F.tolerance)

        var damaged = file.bytes
        let pages = VorbisFixtures.pages(in: damaged)
        let middle = pages[pages.count / 2]
        for index in (middle.lowerBound + 40)..<(middle.upperBound - 10) { damaged[index] ^= 0x5A }
        let stream = try OpusStreamDecoder(bytes: damaged)
        let decoded = try stream.readToEndForTests()
        #expect(stream.skippedGapCount >= 1)
        #expect(decoded.count / 2 < file.reference.frameCount)
    }

    // MARK: FLAC

    /// A FLAC file's bytes with `STREAMINFO` changed by `change` (metadata blocks carry no checksum).
    static func patchedStreamInfo(_ bytes: [UInt8], _ change: (inout ArraySlice<UInt8>) -> Void) -> [UInt8] {
        var bytes = bytes
        change(&bytes[8..<42])
        return bytes
    }

    @Test("bytes without fLaC are not FLAC; fLaC then garbage, or a file cut inside its metadata, is a bad FLAC header")
    func flacBadStart() throws {
        #expect(Self.reason { try FLACDecoder.decode(bytes: Self.noise(4096)) } == .notFLAC)
        #expect(Self.reason { try FLACDecoder.decode(bytes: Array("fLaC".utf8)) } == .badFLACHeader(.truncated))
        let garbage = Self.reason { try AudioDecoder.decode(bytes: Array("fLaC".utf8) + Self.noise(4096)) }
        guard case .badFLACHeader = garbage else {
            Issue.record("fLaC then garbage: \(String(describing: garbage))")
            return
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try F.flac(F.signal(sampleRate: 44_100, channelCount: 1, seconds: 0.5), named: "cut", in: directory,
                              tags: ["TITLE=cut"])
        for end in [5, 8, 20, 41] {
            #expect(Self.reason { try AudioDecoder.decode(bytes: Array(file.bytes[0..<end])) } == .badFLACHeader(.truncated), "cut at \(end)")
            #expect(Self.reason { try AudioStreamDecoder.open(bytes: Array(file.bytes[0..<end])) } == .badFLACHeader(.truncated))
        }
    }

    @Test("STREAMINFO declaring six channels, no length, or stereo over mono frames is refused with a reason saying so")
    func flacBadStreamInfo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try F.flac(F.signal(sampleRate: 44_100, channelCount: 1, seconds: 0.5), named: "info", in: directory)
        // STREAMINFO bits 100-102 hold channels - 1 (byte 12, bits 3-1); bits 108-143 the sample count.
        let six = Self.patchedStreamInfo(file.bytes) { $0[$0.startIndex + 12] = ($0[$0.startIndex + 12] & 0xF1) | (5 << 1) }
        #expect(Self.reason { try AudioDecoder.decode(bytes: six) } == .unsupportedChannelCount(6))
        let noLength = Self.patchedStreamInfo(file.bytes) { info in
            info[info.startIndex + 13] &= 0xF0
            for index in 14..<18 { info[info.startIndex + index] = 0 }
        }
        #expect(Self.reason { try AudioStreamDecoder.open(bytes: noLength) } == .badFLACHeader(.unknownLength))
        let stereo = Self.patchedStreamInfo(file.bytes) { $0[$0.startIndex + 12] = ($0[$0.startIndex + 12] & 0xF1) | (1 << 1) }
        #expect(Self.reason { try AudioDecoder.decode(bytes: stereo) } == .corruptFLACStream(.channelCountChanged(streamInfo: 2, frame: 1)))
    }

    @Test("a FLAC file cut in its audio decodes exactly the frames before the cut; a damaged frame is silenced or skipped and counted")
    func flacDamagedAudio() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try F.flac(F.signal(sampleRate: 44_100, channelCount: 2, seconds: 2), named: "long", in: directory)
        let cut = try FLACDecoder.decode(bytes: Array(file.bytes[0..<(file.bytes.count / 2)]))
        #expect(cut.frameCount > 4_096 && cut.frameCount < file.reference.frameCount)
        #expect(cut.samples == file.reference.frames(0..<cut.frameCount).samples)

        var damaged = file.bytes
        for index in (damaged.count / 2)..<(damaged.count / 2 + 64) { damaged[index] ^= 0xA5 }
        let stream = try FLACStreamDecoder(bytes: damaged)
        let decoded = try stream.readToEndForTests()
        #expect(stream.skippedGapCount >= 1)
        #expect(decoded.count <= file.reference.samples.count)
    }
}

extension StreamingDecoder {
    /// Every sample left, read in blocks of 4 096 frames.
    func readToEndForTests() throws(AudioFileError) -> [Float] {
        var samples: [Float] = []
        while true {
            let block = try read(maxFrames: 4_096)
            if block.samples.isEmpty { return samples }
            samples += block.samples
        }
    }
}
