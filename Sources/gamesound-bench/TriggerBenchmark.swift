// SPDX-License-Identifier: Zlib
import COpenAL
import Foundation
import GameSound
import Histogram
import OpenAL
import Synchronization

/// Triggering: `play` on a full 64-voice pool (every call steals), timed call by call, against
/// raw `alSourceStop` + `alSourcePlay` on pre-created sources of an equivalent loopback context.
enum TriggerBenchmark {
    static let voices = 64

    typealias Latencies = Histogram<UInt64>

    static func newHistogram() -> Latencies {
        Latencies(highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
    }

    /// Runs `calls` calls split over `threads` threads; each call's duration goes into one merged histogram.
    static func timeCalls(_ calls: Int, threads: Int, _ call: @escaping @Sendable (Int) throws -> Void) throws(BenchError) -> Latencies {
        let merged = Mutex(newHistogram())
        let failure = Mutex<String?>(nil)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var histogram = newHistogram()
            let clock = ContinuousClock()
            for _ in 0..<(calls / threads) {
                let start = clock.now
                do { try call(thread) } catch {
                    failure.withLock { $0 = "\(error)" }
                    return
                }
                _ = histogram.record((clock.now - start).nanoseconds)
            }
            merged.withLock { $0.add(histogram) }
        }
        if let message = failure.withLock({ $0 }) { throw .failed("triggering: \(message)") }
        return merged.withLock { $0 }
    }

    static func gameSound(calls: Int, threads: Int) throws(BenchError) -> Latencies {
        let runtime: GameSoundRuntime
        do {
            // No virtual voices (on by default since 1.0): on a full pool a play then starts virtual
            // instead of stealing, and the case measures stealing, as the raw side's stop and play.
            var configuration = GameSoundConfiguration(output: .headless, voices: voices)
            configuration.virtualVoices = 0
            runtime = try GameSoundRuntime(configuration: configuration, soundtrack: nil)
            try runtime.preload("tone", sound: Fixtures.tone())
            for _ in 0..<voices { try runtime.play("tone", options: .init(loop: true)) }
        } catch { throw .failed("triggering set-up: \(error)") }
        defer { runtime.shutdown() }
        let stolen = Atomic<Int>(0)
        let latencies = try timeCalls(calls, threads: threads) { _ in
            if case .played(_, stole: .some) = try runtime.play("tone", options: .init(loop: true)) {
                stolen.add(1, ordering: .relaxed)
            }
        }
        let perThread = calls / threads * threads
        guard stolen.load(ordering: .relaxed) == perThread else {
            throw .failed("triggering: expected every one of \(perThread) calls to steal, \(stolen.load(ordering: .relaxed)) did")
        }
        return latencies
    }

    static func rawOpenAL(calls: Int, threads: Int) throws(BenchError) -> Latencies {
        do {
            let device = try ALDevice.openLoopback()
            let context = try ALContext(device: device, attributes: ALContextAttributes(
                frequency: Fixtures.sampleRate, monoSources: voices + 8, stereoSources: voices + 8,
                renderFormat: ALRenderFormat(sampleRate: Fixtures.sampleRate, channels: .stereo, sampleType: .float32)))
            try context.makeCurrent()
            let buffer = try ALBuffer(context: context)
            let tone = Fixtures.tone()
            try tone.samples.withUnsafeBufferPointer { samples throws(OpenALError) in
                try buffer.upload(samples, channelCount: 1, sampleRate: Fixtures.sampleRate)
            }
            var sources: [ALSource] = []
            for _ in 0..<voices {
                let source = try ALSource(context: context)
                try source.setBuffer(buffer)
                try source.setLooping(true)
                try source.play()
                sources.append(source)
            }
            let names = sources.map(\.name)
            let latencies = try timeCalls(calls, threads: threads) { thread in
                alSourceStop(names[thread])
                alSourcePlay(names[thread])
            }
            guard alGetError() == AL_NO_ERROR else { throw BenchError.failed("raw alSourcePlay reported an error") }
            for source in sources { try source.delete() }
            try buffer.delete()
            try ALContext.clearCurrent()
            context.destroy()
            try device.close()
            return latencies
        } catch let error as BenchError {
            throw error
        } catch {
            throw .failed("raw OpenAL set-up: \(error)")
        }
    }

    static func run(scale: BenchScale, table: ReportTable) throws(BenchError) {
        print("triggering: \(scale.playCalls) play calls on a full \(voices)-voice pool (every call steals)")
        for threads in [1, 4] {
            var ours: [Latencies] = []
            var theirs: [Latencies] = []
            for _ in 0..<scale.repetitions {
                ours.append(try gameSound(calls: scale.playCalls, threads: threads))
                theirs.append(try rawOpenAL(calls: scale.playCalls, threads: threads))
            }
            for (label, percentile) in [("p50", 50.0), ("p99", 99.0), ("max", 100.0)] {
                let o = Summary(ours.map { Double($0.valueAtPercentile(percentile)) / 1000 })
                let t = Summary(theirs.map { Double($0.valueAtPercentile(percentile)) / 1000 })
                table.add("triggering", "\(threads) thread\(threads == 1 ? "" : "s"), \(label) per call",
                          gameSound: o.text(micros), baseline: t.text(micros),
                          ratio: String(format: "+%.2f µs", o.median - t.median))
            }
        }
    }

    static func micros(_ value: Double) -> String { String(format: "%.2f µs", value) }
}
