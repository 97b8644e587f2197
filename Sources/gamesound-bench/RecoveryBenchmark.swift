// SPDX-License-Identifier: Zlib
import AudioFiles
import AudioSession
import Foundation
import GameSound
import Synchronization

/// Recovery: frames from `interruptionEnded` to the first audible frame, and the wall time of a
/// media-services rebuild with a full bank of effects.
enum RecoveryBenchmark {
    /// The first frame (counted from the start of `samples`) with any sound in it, or nil.
    static func firstAudibleFrame(_ samples: [Float]) -> Int? {
        samples.firstIndex { abs($0) > 1e-6 }.map { $0 / 2 }
    }

    /// Frames from the `interruptionEnded` event to the first audible frame after a phone call
    /// rang and was declined while a looping effect played.
    static func framesToResume() throws(BenchError) -> Int {
        let endedAt = Mutex<Int?>(nil)
        do {
            let runtime = try GameSoundRuntime(configuration: .init(output: .headless, voices: 8), soundtrack: nil) { event in
                if event.name == "interruptionEnded" { endedAt.withLock { $0 = event.frame } }
            }
            defer { runtime.shutdown() }
            try runtime.preload("tone", sound: Fixtures.tone())
            try runtime.play("tone", options: .init(loop: true))
            _ = try runtime.render(frames: 4_800)
            try runtime.perform(.phoneRing)
            _ = try runtime.render(frames: 4_800)
            try runtime.perform(.phoneDecline)
            let start = runtime.currentFrame
            guard let ended = endedAt.withLock({ $0 }) else { throw BenchError.failed("recovery: no interruptionEnded event") }
            guard let audible = firstAudibleFrame(try runtime.render(frames: 48_000)) else {
                throw BenchError.failed("recovery: no sound within a second of interruptionEnded")
            }
            return start + audible - ended
        } catch let error as BenchError {
            throw error
        } catch {
            throw .failed("recovery: \(error)")
        }
    }

    /// Baseline: frames from a `play` call on a running runtime to the first audible frame.
    static func framesToFirstSound() throws(BenchError) -> Int {
        do {
            let runtime = try GameSoundRuntime(configuration: .init(output: .headless, voices: 8), soundtrack: nil)
            defer { runtime.shutdown() }
            try runtime.preload("tone", sound: Fixtures.tone())
            _ = try runtime.render(frames: 4_800)
            try runtime.play("tone", options: .init(loop: true))
            guard let audible = firstAudibleFrame(try runtime.render(frames: 48_000)) else {
                throw BenchError.failed("recovery baseline: play made no sound")
            }
            return audible
        } catch let error as BenchError {
            throw error
        } catch {
            throw .failed("recovery baseline: \(error)")
        }
    }

    /// Wall seconds of `perform(.mediaServicesReset)` with `sounds` preloaded, and of a cold start
    /// (a new runtime preloading the same decoded sounds) as the baseline.
    static func rebuild(sounds: [(String, PCMBuffer<Float>)]) throws(BenchError) -> (rebuild: Double, coldStart: Double) {
        do {
            let runtime = try GameSoundRuntime(configuration: .init(output: .headless), soundtrack: nil)
            defer { runtime.shutdown() }
            for (name, sound) in sounds { try runtime.preload(name, sound: sound) }
            try runtime.perform(.mediaServicesLose)
            let rebuild = try Measure.time { () throws(SystemActionError) in try runtime.perform(.mediaServicesReset) }
            guard runtime.isRunning, runtime.liveOpenALObjects.buffers >= sounds.count else {
                throw BenchError.failed("rebuild: runtime not running with its \(sounds.count) buffers after the reset")
            }
            let cold = try Measure.time { () throws(GameSoundError) in
                let fresh = try GameSoundRuntime(configuration: .init(output: .headless), soundtrack: nil)
                for (name, sound) in sounds { try fresh.preload(name, sound: sound) }
                fresh.shutdown()
            }
            return (rebuild.wall, cold.wall)
        } catch let error as BenchError {
            throw error
        } catch {
            throw .failed("rebuild: \(error)")
        }
    }

    static func run(scale: BenchScale, table: ReportTable) throws(BenchError) {
        print("recovery: interruption → first audible frame, and a media-services rebuild with \(scale.bankSize) effects")
        var resume: [Double] = []
        var firstSound: [Double] = []
        for _ in 0..<scale.repetitions {
            resume.append(Double(try framesToResume()))
            firstSound.append(Double(try framesToFirstSound()))
        }
        let frames = { (value: Double) in String(format: "%.0f frames", value) }
        table.add("recovery", "interruptionEnded → first audible frame vs play → first audible frame",
                  gameSound: Summary(resume).text(frames), baseline: Summary(firstSound).text(frames))
        let folder = try Fixtures.temporaryFolder("rebuild")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var sounds: [(String, PCMBuffer<Float>)] = []
        for path in try Fixtures.writeEffectBank(count: scale.bankSize, into: folder) {
            do { sounds.append((path, try AudioDecoder.decode(path: path))) } catch { throw .failed("decode \(path): \(error)") }
        }
        var rebuilds: [Double] = []
        var colds: [Double] = []
        for _ in 0..<max(scale.repetitions, 3) {
            let timed = try rebuild(sounds: sounds)
            rebuilds.append(timed.rebuild)
            colds.append(timed.coldStart)
        }
        let ms = { (value: Double) in String(format: "%.2f ms", value * 1000) }
        let ours = Summary(rebuilds)
        let theirs = Summary(colds)
        table.add("recovery", "mediaServicesReset with \(scale.bankSize) effects vs cold start + preload from memory",
                  gameSound: ours.text(ms), baseline: theirs.text(ms), ratio: String(format: "%.2f×", ours.median / theirs.median))
    }
}
