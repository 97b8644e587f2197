// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioEncoding
import AudioFiles
import CVorbis
import Testing

@Suite("Malformed Ogg Vorbis input")
struct VorbisMalformedTests {
    @Test("random bytes are reported as not Ogg")
    func randomBytes() {
        var state: UInt32 = 99
        let noise = (0..<4096).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12_345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        #expect(VorbisFixtures.failureReason { try VorbisDecoder.decode(bytes: noise) } == .notOgg)
        #expect(VorbisFixtures.failureReason { try VorbisDecoder.decode(bytes: Array("Ogg".utf8)) } == .notOgg)
    }

    @Test("a well-formed Ogg page carrying Opus instead of Vorbis is reported as not Vorbis")
    func oggPageWithoutVorbis() {
        let opusHead = Array("OpusHead".utf8) + [1, 2, 0x38, 1, 0x80, 0xBB, 0, 0, 0, 0, 0]
        let page = VorbisFixtures.oggPage(body: opusHead)
        #expect(VorbisFixtures.pages(in: page) == [0..<page.count])
        #expect(VorbisFixtures.failureReason { try VorbisDecoder.decode(bytes: page) } == .notVorbis)
    }

    @Test("a Vorbis file whose identification magic is changed (checksum fixed) is reported as not Vorbis")
    func corruptedIdentificationMagic() throws {
        var bytes = VorbisFixtures.monoToneBytes
        let first = try #require(VorbisFixtures.pages(in: bytes).first)
        let magic = first.lowerBound + 27 + Int(bytes[first.lowerBound + 26]) + 1
        #expect(Array(bytes[magic..<(magic + 6)]) == Array("vorbis".utf8))
        bytes[magic + 5] = UInt8(ascii: "X")
        VorbisFixtures.fixChecksum(of: first, in: &bytes)
        #expect(VorbisFixtures.failureReason { try VorbisDecoder.decode(bytes: bytes) } == .notVorbis)
    }

    @Test("a file cut after its first page, or inside its headers, is reported as bad Vorbis headers")
    func truncatedInHeaders() throws {
        let bytes = VorbisFixtures.monoToneBytes
        let pages = VorbisFixtures.pages(in: bytes)
        try #require(pages.count >= 3)
        let firstPageOnly = Array(bytes[pages[0]])
        #expect(VorbisFixtures.failureReason { try VorbisDecoder.decode(bytes: firstPageOnly) }
            == .badVorbisHeader(code: OV_ENOTVORBIS))
        for fraction in [0.1, 0.5, 0.9] {
            let insideSetup = Array(bytes[0..<(pages[1].lowerBound + Int(Double(pages[1].count) * fraction))])
            let reason = VorbisFixtures.failureReason { try VorbisDecoder.decode(bytes: insideSetup) }
            #expect(reason == .badVorbisHeader(code: OV_ENOTVORBIS) || reason == .badVorbisHeader(code: OV_EBADHEADER),
                    "cut at \(fraction) of the setup page: \(String(describing: reason))")
        }
    }

    @Test("a file cut in the middle of its audio decodes the complete pages before the cut, without error")
    func truncatedMidStream() throws {
        let bytes = VorbisFixtures.longStereoBytes
        let whole = try VorbisDecoder.decode(bytes: bytes)
        let cut = Array(bytes[0..<(bytes.count / 2)])
        let stream = try VorbisStreamDecoder(bytes: cut)
        #expect(stream.frameCount > 0 && stream.frameCount < whole.frameCount / 2 + 44_100)
        let partial = try VorbisDecoder.decode(bytes: cut)
        #expect(partial.frameCount == stream.frameCount)
        #expect(VorbisFixtures.difference(partial.samples, whole.frames(0..<partial.frameCount).samples) == nil)
    }

    @Test("a damaged page in the middle is skipped: decoding goes on, the gap is counted and the audio before it is intact")
    func damagedMiddlePage() throws {
        var bytes = VorbisFixtures.longStereoBytes
        let intact = try VorbisDecoder.decode(bytes: bytes)
        let pages = VorbisFixtures.pages(in: bytes)
        try #require(pages.count > 6)
        let damagedIndex = pages.count / 2
        let damaged = pages[damagedIndex]
        for index in (damaged.lowerBound + 40)..<(damaged.lowerBound + 60) { bytes[index] ^= 0x5A }

        let stream = try VorbisStreamDecoder(bytes: bytes)
        #expect(stream.frameCount == intact.frameCount)
        var samples: [Float] = []
        while true {
            let block = try stream.read(maxFrames: 4096)
            if block.samples.isEmpty { break }
            samples += block.samples
        }
        #expect(stream.skippedGapCount == 1)
        let decodedFrames = samples.count / 2
        #expect(decodedFrames < intact.frameCount)
        #expect(decodedFrames > intact.frameCount * 3 / 4)
        // Everything up to the end of the page before the damage is untouched.
        let previous = pages[damagedIndex - 1]
        let intactEnd = Int(VorbisFixtures.granulePosition(of: previous, in: bytes))
        #expect(VorbisFixtures.difference(Array(samples[0..<(intactEnd * 2)]), intact.frames(0..<intactEnd).samples) == nil)
        #expect(stream.position == intact.frameCount)
    }

    @Test("a stream whose identification header claims 3 channels is refused as an unsupported channel count")
    func threeChannelHeader() throws {
        var bytes = VorbisFixtures.monoToneBytes
        let first = try #require(VorbisFixtures.pages(in: bytes).first)
        let channelsByte = first.lowerBound + 27 + Int(bytes[first.lowerBound + 26]) + 11
        #expect(bytes[channelsByte] == 1)
        bytes[channelsByte] = 3
        VorbisFixtures.fixChecksum(of: first, in: &bytes)
        #expect(VorbisFixtures.failureReason { try VorbisStreamDecoder(bytes: bytes) } == .unsupportedChannelCount(3))
    }

    @Test("a chained file whose second link changes format is refused as corrupt")
    func chainWithChangingFormat() throws {
        let chained = VorbisFixtures.monoToneBytes + (try VorbisEncoder.encode(VorbisFixtures.stereoTone, serialNumber: 2))
        #expect(VorbisFixtures.failureReason { try VorbisDecoder.decode(bytes: chained) }
            == .corruptVorbisStream(code: OV_EBADLINK))
    }

    @Test("empty input is reported as empty, whether bytes or a file; a missing file as missing; a directory as unreadable")
    func emptyAndMissing() throws {
        #expect(VorbisFixtures.failureReason { try VorbisDecoder.decode(bytes: []) } == .empty)
        let path = try VorbisFixtures.temporaryFile([])
        defer { VorbisFixtures.removeFile(path) }
        #expect(VorbisFixtures.failureReason { try VorbisDecoder.decode(path: path) } == .empty)
        #expect(VorbisFixtures.failureReason { try VorbisStreamDecoder(path: path + ".missing") } == .missing)
        #expect(VorbisFixtures.failureReason { try VorbisStreamDecoder(path: "/tmp") } == .unreadable(errno: 21)) // EISDIR on Linux
        #expect(throws: AudioFileError(file: "/no/such/dir/music.ogg", reason: .missing)) {
            try VorbisDecoder.decode(path: "/no/such/dir/music.ogg")
        }
    }

    @Test("truncating a file at any offset gives either an error or a shorter clean prefix, never a crash")
    func truncationAtManyOffsets() throws {
        for (bytes, step) in [(VorbisFixtures.monoToneBytes, 13), (VorbisFixtures.longStereoBytes, 1999)] {
            let whole = try VorbisDecoder.decode(bytes: bytes)
            for length in stride(from: 0, to: bytes.count, by: step) {
                let cut = Array(bytes[0..<length])
                do {
                    let decoded = try VorbisDecoder.decode(bytes: cut)
                    #expect(decoded.frameCount <= whole.frameCount, "cut at \(length)")
                    #expect(VorbisFixtures.difference(decoded.samples, whole.frames(0..<decoded.frameCount).samples) == nil,
                            "cut at \(length)")
                } catch {
                    let expected: Set<AudioFileError.Reason> = [.empty, .notOgg, .badVorbisHeader(code: OV_ENOTVORBIS),
                                                                .badVorbisHeader(code: OV_EBADHEADER)]
                    // Under 35 bytes the cut falls before the "vorbis" magic, so nothing says it was Vorbis.
                    let tooShortToTell = length < 35 && error.reason == .notVorbis
                    #expect(expected.contains(error.reason) || tooShortToTell, "cut at \(length): \(error)")
                }
            }
        }
    }
}
