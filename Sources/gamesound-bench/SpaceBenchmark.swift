// SPDX-License-Identifier: Zlib
import Foundation
import GameSound

/// 3-D: N moving voices with HRTF and a reverb through GameSound, against bench/c/space_baseline.c
/// doing the same scene through OpenAL Soft directly (see that file for the scene).
enum SpaceBenchmark {
    static let moveFrames = 800

    /// Where voice `index` of `count` is at `seconds`, and how fast it goes (the C side's formula).
    static func place(_ index: Int, of count: Int, at seconds: Double) -> (SIMDPosition, SIMDPosition) {
        let omega = 2 * Double.pi / 8, angle = 2 * Double.pi * Double(index) / Double(count) + omega * seconds
        return (SIMDPosition(x: Float(5 * cos(angle)), y: 0, z: Float(5 * sin(angle))),
                SIMDPosition(x: Float(-5 * omega * sin(angle)), y: 0, z: Float(5 * omega * cos(angle))))
    }

    /// 64 moving voices with HRTF and a reverb, GameSound against the C program, taking turns.
    static func run(scale: BenchScale, table: ReportTable, baseline: String) throws(BenchError) {
        guard FileManager.default.isExecutableFile(atPath: baseline) else {
            print("  space baseline not built (make bench-c)")
            return
        }
        var ours: [Double] = [], theirs: [Double] = [], ratios: [Double] = []
        for _ in 0..<scale.repetitions {
            let result = try ChildProcess.run(baseline, ["64", String(scale.mixSeconds)])
            guard result.status == 0, let c = ChildProcess.fields(result.output)["cpu"].flatMap(Double.init) else {
                throw .failed("space_baseline failed (status \(result.status)): \(result.errorOutput)")
            }
            let swift = try render(voices: 64, seconds: scale.mixSeconds)
            ours.append(swift)
            theirs.append(c)
            ratios.append(swift / max(c, 1e-9))
        }
        table.add("space", "64 moving voices, HRTF and reverb, CPU s per \(String(format: "%g", scale.mixSeconds)) s of audio",
                  gameSound: Summary(ours).text(MixingBenchmark.seconds), baseline: Summary(theirs).text(MixingBenchmark.seconds),
                  ratio: Summary(ratios).text { String(format: "%.3f×", $0) })
    }

    /// Renders `seconds` of the scene and returns the CPU seconds spent rendering and moving.
    static func render(voices: Int, seconds: Double) throws(BenchError) -> Double {
        do {
            var configuration = GameSoundConfiguration(output: .headless, voices: voices)
            configuration.spatialization = .hrtf
            let runtime = try GameSoundRuntime(configuration: configuration, soundtrack: nil)
            defer { runtime.shutdown() }
            try runtime.preload("tone", sound: Fixtures.tone())
            try runtime.setEnvironment(.generic)
            var handles: [Voice] = []
            for index in 0..<voices {
                let (position, velocity) = place(index, of: voices, at: 0)
                guard let voice = try runtime.play("tone", options: .init(position: position, loop: true, velocity: velocity)).voice else {
                    throw BenchError.failed("space: a voice was dropped")
                }
                handles.append(voice)
            }
            var block = [Float](repeating: 0, count: MixingBenchmark.blockFrames * 2)
            let total = Int(seconds * Double(Fixtures.sampleRate))
            var nextMove = moveFrames
            let cpu0 = Measure.processCPUSeconds()
            try block.withUnsafeMutableBufferPointer { (buffer) throws(GameSoundError) in
                var done = 0
                while done < total {
                    if done >= nextMove {
                        for (index, voice) in handles.enumerated() {
                            let (position, velocity) = place(index, of: voices, at: Double(done) / Double(Fixtures.sampleRate))
                            try runtime.setVoice(voice, position: position, velocity: velocity)
                        }
                        nextMove += moveFrames
                    }
                    let count = min(MixingBenchmark.blockFrames, total - done)
                    try runtime.render(into: UnsafeMutableBufferPointer(rebasing: buffer[0..<(count * 2)]))
                    done += count
                }
            }
            return Measure.processCPUSeconds() - cpu0
        } catch let error as BenchError {
            throw error
        } catch {
            throw .failed("space with \(voices) voices: \(error)")
        }
    }
}
