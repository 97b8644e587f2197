// SPDX-License-Identifier: Zlib
import Foundation
import GameSound

/// Mixing: N looping voices rendered headlessly through GameSound, against bench/c/mix_baseline.c
/// driving OpenAL Soft directly with the same sound, voices and block size.
enum MixingBenchmark {
    static let blockFrames = 256

    /// The buses the mixing-structure case spreads its voices over: four standard ones and one of the game's.
    static let benchBuses: [BusName] = [.effects, .ui, .voice, .ambience, "weapons"]

    /// Renders `seconds` of 48 kHz stereo with `voices` looping voices of ``Fixtures/tone()`` and
    /// returns the CPU seconds spent rendering (set-up excluded) and the same checksum the C side prints.
    ///
    /// - Parameter buses: Spread the voices over ``benchBuses`` and keep a volume ramp running on the
    ///   effects bus the whole time (a new half-second ramp as each ends), instead of one flat pool.
    static func renderGameSound(voices: Int, seconds: Double, buses: Bool = false) throws(BenchError) -> (cpu: Double, checksum: Double) {
        do {
            let runtime = try GameSoundRuntime(configuration: .init(output: .headless, voices: voices), soundtrack: nil)
            defer { runtime.shutdown() }
            try runtime.preload("tone", sound: Fixtures.tone())
            if buses { try runtime.configureBus("weapons", parent: .effects) }
            for index in 0..<voices {
                let bus = buses ? benchBuses[index % benchBuses.count] : .effects
                guard case .played(_, stole: nil) = try runtime.play("tone", options: .init(loop: true, bus: bus)) else {
                    throw BenchError.failed("mixing: a voice was dropped or stolen while filling \(voices) voices")
                }
            }
            var block = [Float](repeating: 0, count: blockFrames * 2)
            let totalFrames = Int(seconds * Double(Fixtures.sampleRate))
            var checksum = 0.0
            let cpu0 = Measure.processCPUSeconds()
            let rampFrames = Fixtures.sampleRate / 2
            try block.withUnsafeMutableBufferPointer { (buffer) throws(GameSoundError) in
                var done = 0
                while done < totalFrames {
                    if buses, done % rampFrames == 0 {
                        try runtime.setBusVolume(.effects, (done / rampFrames) % 2 == 0 ? 0.5 : 1, over: 0.5)
                    }
                    let count = min(blockFrames, totalFrames - done)
                    try runtime.render(into: UnsafeMutableBufferPointer(rebasing: buffer[0..<(count * 2)]))
                    checksum += Double(abs(buffer[0]))
                    done += count
                }
            }
            return (Measure.processCPUSeconds() - cpu0, checksum)
        } catch let error as BenchError {
            throw error
        } catch {
            throw .failed("mixing with \(voices) voices: \(error)")
        }
    }

    /// Runs the C baseline once and returns its rendering CPU seconds and checksum.
    static func renderBaseline(_ executable: String, voices: Int, seconds: Double) throws(BenchError) -> (cpu: Double, checksum: Double) {
        let result = try ChildProcess.run(executable, [String(voices), String(seconds)])
        let fields = ChildProcess.fields(result.output)
        guard result.status == 0, let cpu = fields["cpu"].flatMap(Double.init), let sum = fields["checksum"].flatMap(Double.init) else {
            throw .failed("mix_baseline failed (status \(result.status)): \(result.errorOutput)")
        }
        return (cpu, sum)
    }

    static func run(scale: BenchScale, table: ReportTable, baseline: String?) throws(BenchError) {
        print("mixing: \(scale.mixSeconds) s of 48 kHz stereo in \(blockFrames)-frame blocks")
        guard let baseline, FileManager.default.isExecutableFile(atPath: baseline) else {
            print("  C baseline not built (make bench-c): GameSound side only")
            for voices in scale.mixVoices {
                let ours = try renderGameSound(voices: voices, seconds: scale.mixSeconds)
                table.add("mixing", "\(voices) voices CPU", gameSound: seconds(ours.cpu), baseline: "not built")
            }
            return
        }
        for voices in scale.mixVoices {
            var ours: [Double] = []
            var theirs: [Double] = []
            var ratios: [Double] = []
            for _ in 0..<scale.repetitions {
                // Alternate the two sides so slow drifts of a shared machine hit both alike.
                let c = try renderBaseline(baseline, voices: voices, seconds: scale.mixSeconds)
                let swift = try renderGameSound(voices: voices, seconds: scale.mixSeconds)
                if abs(c.checksum - swift.checksum) > 1e-3 * max(1, c.checksum) {
                    print("  note: checksums differ (GameSound \(swift.checksum), C \(c.checksum))")
                }
                ours.append(swift.cpu)
                theirs.append(c.cpu)
                ratios.append(swift.cpu / max(c.cpu, 1e-9))
            }
            table.add("mixing", "\(voices) voices, CPU s per \(String(format: "%g", scale.mixSeconds)) s of audio", gameSound: Summary(ours).text(seconds),
                      baseline: Summary(theirs).text(seconds), ratio: Summary(ratios).text { String(format: "%.3f×", $0) })
        }
        try compareBuses(scale: scale, table: table)
        try compareVirtual(scale: scale, table: table)
        if let lengths = scale.callgrindSeconds, let valgrind = ChildProcess.which("valgrind") {
            try callgrind(valgrind: valgrind, baseline: baseline, lengths: lengths, table: table)
        }
    }

    /// Renders `seconds` with `emitters` looping emitters spread 5 to 100 units around the listener,
    /// on a 32-voice pool; with `virtual`, the pool may keep the rest virtual. Returns CPU seconds.
    static func renderEmitters(_ emitters: Int, virtual: Bool, seconds: Double) throws(BenchError) -> Double {
        do {
            var configuration = GameSoundConfiguration(output: .headless, voices: 32)
            configuration.virtualVoices = virtual ? emitters : 0
            let runtime = try GameSoundRuntime(configuration: configuration, soundtrack: nil)
            defer { runtime.shutdown() }
            try runtime.preload("tone", sound: Fixtures.tone())
            for index in 0..<emitters {
                let angle = Double(index) * 2.399963, distance = 5 + Double(index % 96)
                let place = SIMDPosition(x: Float(cos(angle) * distance), y: 0, z: Float(sin(angle) * distance))
                try runtime.play("tone", options: .init(position: place, loop: true))
            }
            var block = [Float](repeating: 0, count: blockFrames * 2)
            let cpu0 = Measure.processCPUSeconds()
            try block.withUnsafeMutableBufferPointer { (buffer) throws(GameSoundError) in
                for _ in 0..<Int(seconds * Double(Fixtures.sampleRate)) / blockFrames { try runtime.render(into: buffer) }
            }
            return Measure.processCPUSeconds() - cpu0
        } catch {
            throw .failed("emitters: \(error)")
        }
    }

    /// 500 emitters on 32 voices (468 of them virtual) against 32 emitters on 32 voices.
    static func compareVirtual(scale: BenchScale, table: ReportTable) throws(BenchError) {
        var real: [Double] = [], virtual: [Double] = [], ratios: [Double] = []
        for _ in 0..<scale.repetitions {
            let plain = try renderEmitters(32, virtual: false, seconds: scale.mixSeconds)
            let many = try renderEmitters(500, virtual: true, seconds: scale.mixSeconds)
            real.append(plain)
            virtual.append(many)
            ratios.append(many / max(plain, 1e-9))
        }
        table.add("mixing", "500 emitters, 468 virtual, vs 32 real emitters on 32 voices (CPU s)",
                  gameSound: Summary(virtual).text(seconds), baseline: Summary(real).text(seconds),
                  ratio: Summary(ratios).text { String(format: "%.3f×", $0) })
    }

    /// The mixing structure's cost: 64 voices over five buses with a ramp always running on one,
    /// against the same 64 voices in one flat pool, both through GameSound, taking turns.
    static func compareBuses(scale: BenchScale, table: ReportTable) throws(BenchError) {
        var flat: [Double] = [], structured: [Double] = [], ratios: [Double] = []
        for _ in 0..<scale.repetitions {
            let plain = try renderGameSound(voices: 64, seconds: scale.mixSeconds)
            let mixed = try renderGameSound(voices: 64, seconds: scale.mixSeconds, buses: true)
            flat.append(plain.cpu)
            structured.append(mixed.cpu)
            ratios.append(mixed.cpu / max(plain.cpu, 1e-9))
        }
        table.add("mixing", "64 voices on 5 buses, a ramp always running, vs one flat pool (CPU s)",
                  gameSound: Summary(structured).text(seconds), baseline: Summary(flat).text(seconds),
                  ratio: Summary(ratios).text { String(format: "%.3f×", $0) })
    }

    /// Instruction counts under callgrind for 1, 16, 64 and 128 voices against the C baseline, and
    /// 64 voices on buses against flat: the difference between a long and a short run, so start-up
    /// (Swift runtime, OpenAL Soft initialisation) cancels out.
    private static func callgrind(valgrind: String, baseline: String, lengths: (short: Double, long: Double),
                                  table: ReportTable) throws(BenchError) {
        let me = CommandLine.arguments[0].hasPrefix("/") ? CommandLine.arguments[0]
            : FileManager.default.currentDirectoryPath + "/" + CommandLine.arguments[0]
        func instructions(_ command: [String]) throws(BenchError) -> Double {
            let result = try ChildProcess.run(valgrind, ["--tool=callgrind", "--callgrind-out-file=/dev/null"] + command)
            guard result.status == 0,
                  let line = result.errorOutput.split(separator: "\n").first(where: { $0.contains("Collected :") }),
                  let count = line.split(separator: " ").last.flatMap({ Double($0) }) else {
                throw .failed("callgrind failed: \(result.errorOutput.suffix(400))")
            }
            return count
        }
        let span = lengths.long - lengths.short
        func perSecond(_ command: [String], _ voices: Int) throws(BenchError) -> Double {
            try (instructions(command + [String(voices), String(lengths.long)])
                - instructions(command + [String(voices), String(lengths.short)])) / span
        }
        var ours = 0.0
        for voices in [1, 16, 64, 128] {
            let gameSound = try perSecond([me, "mix-child"], voices)
            let theirs = try perSecond([baseline], voices)
            table.add("mixing", "\(voices) voice\(voices == 1 ? "" : "s"), instructions per audio second (callgrind)",
                      gameSound: String(format: "%.2f M", gameSound / 1e6), baseline: String(format: "%.2f M", theirs / 1e6),
                      ratio: String(format: "%.3f×", gameSound / theirs))
            if voices == 64 { ours = gameSound }
        }
        let structured = try (instructions([me, "mix-child", "64", String(lengths.long), "buses"])
            - instructions([me, "mix-child", "64", String(lengths.short), "buses"])) / span
        table.add("mixing", "64 voices on 5 buses with a ramp vs flat, instructions per audio second (callgrind)",
                  gameSound: String(format: "%.1f M", structured / 1e6), baseline: String(format: "%.1f M (flat)", ours / 1e6),
                  ratio: String(format: "%.3f×", structured / ours))
    }

    static func seconds(_ value: Double) -> String { String(format: "%.3f s", value) }
}
