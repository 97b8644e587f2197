// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioEncoding
import AudioFiles
import Foundation
import Testing
import TestSupport

/// Opus and FLAC files made at test time by the reference encoders, and the reference decoders'
/// output for them, for comparing GameSound's decoding sample by sample.
enum CodecFixtures {
    /// The largest difference allowed between GameSound's decode and the reference decoder's: 2^-15.
    static let tolerance: Float = 1.0 / 32_768

    /// A test signal: `seconds` of a tone per channel (440 Hz, then 660 Hz on the right) at 0.5
    /// under quiet noise, the same every run, at `sampleRate` with `channelCount` channels.
    static func signal(sampleRate: Int, channelCount: Int, seconds: Double) -> PCMBuffer<Float> {
        let frames = Int(Double(sampleRate) * seconds)
        let tones = (0..<channelCount).map {
            Signal.sine(frequency: 440 + 220 * Double($0), amplitude: 0.45, frameCount: frames, sampleRate: sampleRate)
        }
        var state: UInt32 = 0x2468_ACE0
        var samples: [Float] = []
        samples.reserveCapacity(frames * channelCount)
        for frame in 0..<frames {
            for channel in 0..<channelCount {
                state = state &* 1_664_525 &+ 1_013_904_223
                samples.append(tones[channel][frame] + (Float(state >> 8) / Float(1 << 24) - 0.5) * 0.05)
            }
        }
        return PCMBuffer(format: PCMFormat(sampleRate: sampleRate, channelCount: channelCount), samples: samples)
    }

    /// An encoded file and what the reference decoder made of it.
    struct Encoded {
        /// The encoded file's path.
        var path: String
        var bytes: [UInt8]
        /// The reference decoder's output (`opusdec --rate 48000 --float`, `flac -d`).
        var reference: PCMBuffer<Float>
    }

    /// `buffer` encoded with `opusenc` (with `comments` as tags) into `directory`, and decoded back with `opusdec`.
    static func opus(_ buffer: PCMBuffer<Float>, named name: String, in directory: TemporaryDirectory,
                     comments: [String] = []) throws -> Encoded {
        let wav = try directory.write(WAVEncoder.encode(buffer, as: .pcm16), to: name + ".source.wav")
        let path = directory.file(name + ".opus")
        try ReferenceCodecs.opusenc(wav, to: path, comments: comments)
        let decoded = directory.file(name + ".opusdec.wav")
        try ReferenceCodecs.opusdec(path, to: decoded)
        return Encoded(path: path, bytes: try read(path), reference: try WAVDecoder.decode(path: decoded))
    }

    /// `buffer` written as a WAV file of `encoding`, encoded with `flac` (with `tags`) into
    /// `directory`, and decoded back with `flac -d`.
    static func flac(_ buffer: PCMBuffer<Float>, named name: String, in directory: TemporaryDirectory,
                     encoding: WAVEncoding = .pcm16, tags: [String] = []) throws -> Encoded {
        let wav = try directory.write(WAVEncoder.encode(buffer, as: encoding), to: name + ".source.wav")
        let path = directory.file(name + ".flac")
        try ReferenceCodecs.flacEncode(wav, to: path, tags: tags)
        let decoded = directory.file(name + ".flac-d.wav")
        try ReferenceCodecs.flacDecode(path, to: decoded)
        return Encoded(path: path, bytes: try read(path), reference: try WAVDecoder.decode(path: decoded))
    }

    static func read(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The largest absolute difference between two equally long sample arrays; infinity when their lengths differ.
    static func maxDifference(_ actual: [Float], _ expected: [Float]) -> Float {
        guard actual.count == expected.count else { return .infinity }
        return zip(actual, expected).reduce(0) { max($0, abs($1.0 - $1.1)) }
    }
}
