// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioEncoding
import AudioFiles
import Testing

@Suite("Decoding by content")
struct AudioDecoderTests {
    let tone = PCMBuffer(format: PCMFormat(sampleRate: 48_000, channelCount: 1),
                         samples: Signal.sine(frequency: 440, amplitude: 0.5, frameCount: 24_000, sampleRate: 48_000))

    @Test("WAV and Ogg Vorbis bytes are each sent to their own decoder")
    func dispatchesOnMagic() throws {
        let wav = try AudioDecoder.decode(bytes: WAVEncoder.encode(tone, as: .float32))
        #expect(wav == tone)
        let vorbis = try AudioDecoder.decode(bytes: VorbisEncoder.encode(tone))
        #expect(vorbis.frameCount == tone.frameCount)
        #expect(abs(Signal.dominantFrequency(vorbis.samples, sampleRate: 48_000) - 440) < 1)
    }

    @Test("bytes that are none of RIFF, Ogg and fLaC are 'not a WAV, Ogg Vorbis, Opus or FLAC file', naming the label")
    func unknownBytes() {
        let error = AudioFileError(file: "boom.mp3", reason: .notAudioFile)
        #expect(error.description.contains("not a WAV, Ogg Vorbis, Opus or FLAC file"))
        #expect(throws: error) {
            try AudioDecoder.decode(bytes: Array("ID3\u{3}junk-and-more-junk".utf8), label: "boom.mp3")
        }
    }

    @Test("a missing path is reported as missing")
    func missingPath() {
        #expect(throws: AudioFileError(file: "/nonexistent/laser.ogg", reason: .missing)) {
            try AudioDecoder.decode(path: "/nonexistent/laser.ogg")
        }
    }
}
