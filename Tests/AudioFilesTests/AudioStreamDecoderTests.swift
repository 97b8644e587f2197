// SPDX-License-Identifier: Zlib
import AudioEncoding
import AudioFiles
import Foundation
import Testing

@Suite("Streaming by content")
struct AudioStreamDecoderTests {
    typealias R = RIFFBytes

    @Test("a WAV file opens as a WAVStreamDecoder and an Ogg file as a VorbisStreamDecoder, whatever their names")
    func dispatchesOnMagic() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let wavBytes = WAVStreamCase(encoding: .pcm24, channelCount: 2, extensible: true).bytes
        let wavPath = try directory.write(wavBytes, to: "music.ogg")          // misnamed on purpose
        let oggPath = try directory.write(VorbisFixtures.stereoToneBytes, to: "music.wav")

        let wav = try AudioStreamDecoder.open(path: wavPath)
        #expect(wav is WAVStreamDecoder)
        #expect(try StreamFixtures.readAll(wav, blockSize: 7) == WAVDecoder.decode(bytes: wavBytes).samples)

        let ogg = try AudioStreamDecoder.open(path: oggPath)
        #expect(ogg is VorbisStreamDecoder)
        #expect(ogg.loopPoints == nil)
        #expect(VorbisFixtures.difference(try StreamFixtures.readAll(ogg, blockSize: 4096),
                                          try VorbisDecoder.decode(path: oggPath).samples) == nil)

        #expect(try AudioStreamDecoder.open(bytes: wavBytes) is WAVStreamDecoder)
        #expect(try AudioStreamDecoder.open(bytes: VorbisFixtures.stereoToneBytes) is VorbisStreamDecoder)
    }

    @Test("a text file is not an audio file, named by its path")
    func textFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(Array("just some notes, not a soundtrack\n".utf8), to: "theme.ogg")
        let error = AudioFileError(file: path, reason: .notAudioFile)
        #expect(throws: error) { try AudioStreamDecoder.open(path: path) }
        #expect(error.description == "cannot decode \(path): it is not a WAV, Ogg Vorbis, Opus or FLAC file")
        #expect(throws: AudioFileError(file: "notes", reason: .notAudioFile)) {
            try AudioStreamDecoder.open(bytes: Array("just some notes".utf8), label: "notes")
        }
    }

    @Test("every file fails to open for streaming exactly as AudioDecoder fails to decode it")
    func sameErrorsAsWholeFileDecoding() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let inputs: [[UInt8]] = [
            [], Array("RI".utf8), Array("RIFF".utf8), Array("OggS".utf8), Array("ID3\u{3}junk".utf8),
            Array(VorbisFixtures.monoToneBytes.prefix(300)),
            R.wave(R.chunk("fmt ", R.fmt(tag: 0x0011, bits: 4, blockAlign: 256)), R.chunk("data", [1, 2])),
            R.wave(R.chunk("fmt ", R.fmt()), R.chunk("data", declaredSize: 1000, [1, 2, 3, 4])),
        ] + MalformedWAV.corpus.map(\.bytes)
        var paths = [directory.file("missing.wav"), directory.path]
        for (index, bytes) in inputs.enumerated() {
            paths.append(try directory.write(bytes, to: "input-\(index)"))
            let expected = StreamFixtures.Outcome { () throws(AudioFileError) in try AudioDecoder.decode(bytes: bytes, label: "in") }
            let streamed = StreamFixtures.Outcome { () throws(AudioFileError) in
                _ = try AudioStreamDecoder.open(bytes: bytes, label: "in")
                return PCMBuffer(format: PCMFormat(sampleRate: 1, channelCount: 1), samples: [])
            }
            guard case .failed = expected else {
                Issue.record("input \(index) decodes")
                continue
            }
            #expect(streamed == expected, "input \(index) from memory")
        }
        for path in paths {
            let expected = StreamFixtures.Outcome { () throws(AudioFileError) in try AudioDecoder.decode(path: path) }
            let streamed = StreamFixtures.Outcome { () throws(AudioFileError) in
                _ = try AudioStreamDecoder.open(path: path)
                return PCMBuffer(format: PCMFormat(sampleRate: 1, channelCount: 1), samples: [])
            }
            #expect(streamed == expected, "\(path)")
        }
    }

    @Test("a WAV soundtrack with a smpl loop opened by path reports the loop through the common interface")
    func wavLoopThroughOpen() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = R.wave(R.chunk("fmt ", R.fmt(channels: 2, rate: 48_000)),
                          R.chunk("data", (0..<400).flatMap { R.le16(signed: Int16($0)) }),
                          R.chunk("smpl", StreamFixtures.samplerBody(loops: [(50, 149)])))
        let stream = try AudioStreamDecoder.open(path: directory.write(file, to: "bed.wav"))
        #expect(stream.frameCount == 200)
        #expect(stream.loopPoints == LoopPoints(start: 50, end: 150))
        try stream.seek(toFrame: 149)
        #expect(try stream.read(maxFrames: 2).samples == [298, 299, 300, 301].map { Float($0) / 32768 })
    }
}
