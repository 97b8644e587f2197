// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioEncoding
import AudioFiles
import Testing

@Suite("Vorbis encode and whole-file decode")
struct VorbisDecoderTests {
    @Test("a 440 Hz mono tone decodes with its rate, channel count, exact length, pitch and level")
    func monoToneRoundTrip() throws {
        let original = VorbisFixtures.monoTone
        let decoded = try VorbisDecoder.decode(bytes: VorbisFixtures.monoToneBytes)

        #expect(decoded.format == PCMFormat(sampleRate: 44_100, channelCount: 1))
        #expect(decoded.frameCount == original.frameCount)
        let frequency = Signal.dominantFrequency(decoded.samples, sampleRate: 44_100)
        #expect(abs(frequency - 440) < 1, "decoded at \(frequency) Hz")
        let expectedRMS = Signal.rms(original.samples)
        let rms = Signal.rms(decoded.samples)
        #expect(abs(rms - expectedRMS) / expectedRMS < 0.05, "RMS \(rms), expected \(expectedRMS)")
    }

    @Test("a stereo tone keeps each channel's own frequency and level, without bleeding into the other")
    func stereoToneRoundTrip() throws {
        let original = VorbisFixtures.stereoTone
        let decoded = try VorbisDecoder.decode(bytes: VorbisFixtures.stereoToneBytes)

        #expect(decoded.format == PCMFormat(sampleRate: 44_100, channelCount: 2))
        #expect(decoded.frameCount == original.frameCount)
        for (channel, frequency, other) in [(0, 330.0, 880.0), (1, 880.0, 330.0)] {
            let samples = Signal.channel(channel, of: decoded.samples, channelCount: 2)
            let measured = Signal.dominantFrequency(samples, sampleRate: 44_100)
            #expect(abs(measured - frequency) < 1, "channel \(channel) decoded at \(measured) Hz")
            let expectedRMS = Signal.rms(Signal.channel(channel, of: original.samples, channelCount: 2))
            let rms = Signal.rms(samples)
            #expect(abs(rms - expectedRMS) / expectedRMS < 0.05, "channel \(channel) RMS \(rms), expected \(expectedRMS)")
            let own = Signal.power(at: frequency, in: samples, sampleRate: 44_100)
            let bleed = Signal.power(at: other, in: samples, sampleRate: 44_100)
            #expect(bleed < own / 1000, "channel \(channel): \(bleed) of the other tone against \(own)")
        }
    }

    @Test("encoding is deterministic: the same input gives the same bytes, and the serial number lands in every page")
    func encodingIsDeterministic() throws {
        let first = try VorbisEncoder.encode(VorbisFixtures.stereoTone)
        let second = try VorbisEncoder.encode(VorbisFixtures.stereoTone)
        #expect(first == second)
        #expect(first == VorbisFixtures.stereoToneBytes)

        let otherSerial = try VorbisEncoder.encode(VorbisFixtures.stereoTone, serialNumber: 0x0102_0304)
        #expect(otherSerial != first)
        let pages = VorbisFixtures.pages(in: otherSerial)
        #expect(pages.count >= 3)
        for page in pages {
            #expect(Array(otherSerial[(page.lowerBound + 14)..<(page.lowerBound + 18)]) == [4, 3, 2, 1])
        }
    }

    @Test("higher quality gives a larger file of the same length")
    func qualityChangesSize() throws {
        let low = try VorbisEncoder.encode(VorbisFixtures.longStereo, quality: 0.0)
        let high = try VorbisEncoder.encode(VorbisFixtures.longStereo, quality: 0.9)
        #expect(high.count > low.count)
        #expect(try VorbisDecoder.decode(bytes: low).frameCount == VorbisFixtures.longStereo.frameCount)
        #expect(try VorbisDecoder.decode(bytes: high).frameCount == VorbisFixtures.longStereo.frameCount)
    }

    @Test("an empty buffer encodes to a valid file that decodes to no frames")
    func emptyBufferRoundTrip() throws {
        let empty = PCMBuffer<Float>(format: PCMFormat(sampleRate: 22_050, channelCount: 1), samples: [])
        let bytes = try VorbisEncoder.encode(empty)
        let decoded = try VorbisDecoder.decode(bytes: bytes)
        #expect(decoded.format == empty.format)
        #expect(decoded.frameCount == 0)
    }

    @Test("the encoder rejects channel counts, rates, qualities and samples it cannot encode")
    func encoderRejectsBadInput() {
        let threeChannels = PCMBuffer<Float>(format: PCMFormat(sampleRate: 44_100, channelCount: 3), samples: [0, 0, 0])
        #expect(throws: VorbisEncodeError.unsupportedChannelCount(3)) { try VorbisEncoder.encode(threeChannels) }

        let zeroRate = PCMBuffer<Float>(format: PCMFormat(sampleRate: 0, channelCount: 1), samples: [0])
        #expect(throws: VorbisEncodeError.invalidSampleRate(0)) { try VorbisEncoder.encode(zeroRate) }

        #expect(throws: VorbisEncodeError.qualityOutOfRange(1.5)) {
            try VorbisEncoder.encode(VorbisFixtures.monoTone, quality: 1.5)
        }

        var samples = VorbisFixtures.monoTone.samples
        samples[1234] = .nan
        let withNaN = PCMBuffer(format: VorbisFixtures.monoTone.format, samples: samples)
        #expect(throws: VorbisEncodeError.nonFiniteSample(index: 1234)) { try VorbisEncoder.encode(withNaN) }
    }
}
