// SPDX-License-Identifier: Zlib
import AudioEncoding
import AudioFiles
import Foundation

/// The sounds every case plays, generated the same way each run so both sides of a comparison
/// get identical data.
enum Fixtures {
    static let sampleRate = 48_000

    /// One second of a 440 Hz sine at a quarter of full scale, 48 kHz mono: the formula
    /// bench/c/mix_baseline.c uses, sample for sample.
    static func tone() -> PCMBuffer<Float> {
        let samples = (0..<sampleRate).map { index in
            0.25 * sin(2 * Float.pi * 440 * Float(index) / Float(sampleRate))
        }
        return PCMBuffer(format: PCMFormat(sampleRate: sampleRate, channelCount: 1), samples: samples)
    }

    /// Writes `count` Vorbis effects (0.5–1.5 s, mono 48 kHz; tones, chirps and noise bursts) into a
    /// fresh folder and returns its path.
    static func writeEffectBank(count: Int, into folder: String) throws(BenchError) -> [String] {
        var generator = LinearCongruential(seed: 7)
        var paths: [String] = []
        for index in 0..<count {
            let seconds = 0.5 + Double(index % 11) / 10
            let frames = Int(seconds * Double(sampleRate))
            let kind = index % 3
            let pitch = Float(220 + 37 * index)
            let samples = (0..<frames).map { frame -> Float in
                let time = Float(frame) / Float(sampleRate)
                let envelope = 1 - Float(frame) / Float(frames)
                switch kind {
                case 0: return 0.4 * envelope * sin(2 * .pi * pitch * time)
                case 1: return 0.4 * envelope * sin(2 * .pi * (pitch + 400 * time) * time)
                default: return 0.3 * envelope * generator.nextSample()
                }
            }
            let path = "\(folder)/effect\(String(format: "%02d", index)).ogg"
            try writeVorbis(PCMBuffer(format: PCMFormat(sampleRate: sampleRate, channelCount: 1), samples: samples), to: path)
            paths.append(path)
        }
        return paths
    }

    /// Writes a stereo 48 kHz soundtrack of `seconds` (two slowly beating tones with a little noise).
    static func writeSoundtrack(seconds: Double, to path: String) throws(BenchError) {
        var generator = LinearCongruential(seed: 11)
        let frames = Int(seconds * Double(sampleRate))
        var samples = [Float](repeating: 0, count: frames * 2)
        for frame in 0..<frames {
            let time = Float(frame) / Float(sampleRate)
            let noise = 0.02 * generator.nextSample()
            samples[frame * 2] = 0.2 * sin(2 * .pi * 220 * time) + noise
            samples[frame * 2 + 1] = 0.2 * sin(2 * .pi * 221.5 * time) + noise
        }
        try writeVorbis(PCMBuffer(format: PCMFormat(sampleRate: sampleRate, channelCount: 2), samples: samples), to: path)
    }

    /// A new empty temporary folder for one run's files.
    static func temporaryFolder(_ label: String) throws(BenchError) -> String {
        let path = NSTemporaryDirectory() + "gamesound-bench-\(label)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw .failed("cannot create \(path): \(error)")
        }
        return path
    }

    private static func writeVorbis(_ buffer: PCMBuffer<Float>, to path: String) throws(BenchError) {
        let bytes: [UInt8]
        do { bytes = try VorbisEncoder.encode(buffer) } catch { throw .failed("encoding \(path): \(error)") }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw .failed("cannot write \(path)")
        }
    }
}
