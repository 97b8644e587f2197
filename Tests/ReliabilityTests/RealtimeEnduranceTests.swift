// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioSession
import CMallocStats
import Foundation
import GameSound
import OpenAL
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The long run on the wall clock: a real-time runtime on OpenAL Soft's null device (a real output
/// device mixed by OpenAL Soft's own thread, not the loopback) taking a random, seeded stream of game
/// and system events at a few per second, while resident memory, open file descriptors and live
/// OpenAL objects are sampled every few seconds. After a warm-up, a least-squares line is fitted
/// through each series and through each third of it; the run fails if one grows
/// (``GrowthTrend/leaks(times:values:beyond:)``).
///
/// Off unless `GAMESOUND_ENDURANCE_SECONDS` is set: `make endurance HOURS=…`, and `make
/// endurance-ci` (60 s, part of `make check`). The other knobs:
/// - `GAMESOUND_ENDURANCE_SEED` (1): the event stream;
/// - `GAMESOUND_ENDURANCE_RATE` (3): events per second, on average;
/// - `GAMESOUND_ENDURANCE_STRATEGY` (`rebuildContext`): the interruption strategy;
/// - `GAMESOUND_ENDURANCE_CSV`: a file to write the samples to;
/// - `GAMESOUND_ENDURANCE_INJECT`: a leak on purpose, to see the test fail: `memory:BYTES` (malloc'd
///   and written, never freed, per event), `fd` (one /dev/null descriptor per event) or `buffer` (one
///   effect preloaded under a new name per event).
@Suite("Real-time endurance", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["GAMESOUND_ENDURANCE_SECONDS"] != nil))
struct RealtimeEnduranceTests {
    static let environment = ProcessInfo.processInfo.environment
    static let seconds = Double(environment["GAMESOUND_ENDURANCE_SECONDS"] ?? "") ?? 60
    static let seed = UInt64(environment["GAMESOUND_ENDURANCE_SEED"] ?? "") ?? 1
    static let rate = Double(environment["GAMESOUND_ENDURANCE_RATE"] ?? "") ?? 3
    static let strategy = GameSoundConfiguration.InterruptionStrategy(
        rawValue: environment["GAMESOUND_ENDURANCE_STRATEGY"] ?? "") ?? .rebuildContext
    static let voices = 16

    /// Growth per hour beyond which a significant slope fails the run (see docs/reliability.md):
    /// 2 MB of RSS (a leak of 1 kB per event at 3 events per second is 10.8 MB an hour), and 2
    /// descriptors or OpenAL objects (a leak of those is one per event or per disturbance: thousands).
    static let rssBoundKBPerHour = 2_048.0
    static let countBoundPerHour = 2.0
    /// Resident memory is judged only over at least this many seconds after the warm-up: the
    /// allocator takes minutes to reach its working set (new arenas as OpenAL Soft's threads come and
    /// go), and over 45 s clean runs grew 0.5 to 1.2 MB, as much as a leak of 1 kB per event. A
    /// shorter run (`make endurance-ci`) prints the RSS trend and judges descriptors and objects.
    static let rssMinimumWindow = 600.0
    /// How far above the median a checkpoint's heap may stand and still count (see ``heapFloor(_:)``).
    static let heapOutlierKB = 256

    /// The checkpoints whose heap (what malloc holds: glibc's mallinfo2) is at most
    /// ``heapOutlierKB`` above their median. A checkpoint finds the runtime in one of a few states,
    /// and some hold a megabyte more for a while (a second stream still fading out, say): those are
    /// the upward outliers left out. A leak raises the floor they stand on. Unlike resident memory,
    /// the heap drops as soon as memory is freed, so the floor is flat within a minute: 60 s runs
    /// judge it. Measured: clean +1.2 ± 0.6 MB/h; 1 kB leaked per event +13.4 ± 0.5 MB/h, failing.
    static func heapFloor(_ checkpoints: [Sample]) -> [Sample] {
        let heaps = checkpoints.map(\.heapKB).sorted()
        guard !heaps.isEmpty else { return [] }
        let median = heaps[heaps.count / 2]
        return checkpoints.filter { $0.heapKB <= median + heapOutlierKB }
    }

    /// One measurement: on the clock (memory, descriptors), or at a checkpoint (OpenAL objects:
    /// every disturbance over, the runtime running, the bank and the soundtrack in a known state).
    struct Sample {
        var time: Double
        var events: Int
        var residentKB: Int
        /// What the C allocator holds (glibc's mallinfo2), in kilobytes.
        var heapKB: Int
        var descriptors: Int
        var sources: Int
        var buffers: Int
    }

    /// A system disturbance: the actions it takes, each after a delay in seconds.
    struct Disturbance {
        var name: String
        var steps: [(delay: ClosedRange<Double>, action: SystemAction)]
    }

    static let disturbances: [Disturbance] = [
        Disturbance(name: "call declined", steps: [(0...0, .phoneRing), (0.5...3, .phoneDecline)]),
        Disturbance(name: "call answered", steps: [(0...0, .phoneRing), (0.5...2, .phoneAccept), (2...6, .phoneHangUp)]),
        Disturbance(name: "alarm", steps: [(0...0, .alarmFire), (1...4, .alarmDismiss)]),
        Disturbance(name: "music app", steps: [(0...0, .musicPlay), (2...8, .musicPause)]),
        Disturbance(name: "silent switch", steps: [(0...0, .silentSwitchOn), (1...5, .silentSwitchOff)]),
        Disturbance(name: "headphones", steps: [(0...0, .routePlug(port: .headphones)), (2...8, .routeUnplug(port: .headphones))]),
        Disturbance(name: "bluetooth", steps: [(0...0, .routePlug(port: .bluetoothA2DP)), (2...8, .routeUnplug(port: .bluetoothA2DP))]),
        Disturbance(name: "media services", steps: [(0...0, .mediaServicesLose), (0.3...2, .mediaServicesReset)]),
        Disturbance(name: "background", steps: [(0...0, .appBackground), (1...5, .appForeground)]),
        Disturbance(name: "screen lock", steps: [(0...0, .screenLock), (1...5, .screenUnlock)]),
    ]

    static func residentKB() -> Int {
        EnduranceTests.residentKB() ?? 0
    }

    static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }

    /// What the run does to itself on purpose (`GAMESOUND_ENDURANCE_INJECT`), once per event.
    enum Injection {
        case none, memory(Int), descriptor, buffer

        init(_ text: String?) {
            let parts = (text ?? "").split(separator: ":")
            switch parts.first {
            case "memory": self = .memory(parts.count > 1 ? Int(parts[1]) ?? 1_024 : 1_024)
            case "fd": self = .descriptor
            case "buffer": self = .buffer
            default: self = .none
            }
        }

        func inject(runtime: GameSoundRuntime, event: Int) {
            switch self {
            case .none: break
            case .memory(let bytes):
                if let leak = malloc(bytes) { memset(leak, 0xA5, bytes) }  // never freed, on purpose
            case .descriptor:
                _ = open("/dev/null", O_RDONLY)  // never closed, on purpose
            case .buffer:
                try? runtime.preload("injected-\(event)", path: StormAssets.effectPath("step"))
            }
        }
    }

    /// The game side and the system side of the run, and what they have counted.
    final class Driver {
        let runtime: GameSoundRuntime
        var random: SplitMix64
        let injection = Injection(RealtimeEnduranceTests.environment["GAMESOUND_ENDURANCE_INJECT"])
        var voices: [Voice] = []
        /// Actions of disturbances under way, by when they are due.
        var pending: [(due: ContinuousClock.Instant, action: SystemAction, disturbance: String)] = []
        var events = 0
        var systemActions = 0
        var refused = 0
        var gameErrors: [String: Int] = [:]
        var unexpected: [String] = []

        init(runtime: GameSoundRuntime, seed: UInt64) {
            self.runtime = runtime
            random = SplitMix64(seed: seed)
        }

        func system(_ action: SystemAction) {
            systemActions += 1
            do { try runtime.perform(action) } catch { refused += 1 }  // refused: nothing changed
        }

        /// Performs the disturbance actions that are due.
        func performDue(now: ContinuousClock.Instant) {
            while let index = pending.indices.min(by: { pending[$0].due < pending[$1].due }), pending[index].due <= now {
                let step = pending.remove(at: index)
                system(step.action)
            }
        }

        /// Starts a disturbance that is not already under way, scheduling its later steps.
        func disturb(now: ContinuousClock.Instant) {
            let busy = Set(pending.map(\.disturbance))
            let free = RealtimeEnduranceTests.disturbances.filter { !busy.contains($0.name) }
            guard let disturbance = free.randomElement(using: &random) else { return }
            var due = now
            for step in disturbance.steps {
                due += .seconds(Double.random(in: step.delay, using: &random))
                pending.append((due, step.action, disturbance.name))
            }
            performDue(now: now)
        }

        func position() -> SIMDPosition {
            SIMDPosition(x: Float.random(in: -20...20, using: &random), y: Float.random(in: -2...5, using: &random),
                         z: Float.random(in: -20...20, using: &random))
        }

        /// One game call, drawn at random.
        func game() {
            let effect = StormAssets.effects.randomElement(using: &random) ?? "laser"
            let track = StormAssets.tracks.randomElement(using: &random) ?? "stormA"
            let ramp = Bool.random(using: &random) ? 0 : Double.random(in: 0.05...1, using: &random)
            do {
                switch Int.random(in: 0..<20, using: &random) {
                case 0...5:
                    let spatial = Bool.random(using: &random)
                    let options = PlayOptions(gain: Float.random(in: 0.3...1, using: &random),
                                              pitch: Float.random(in: 0.8...1.25, using: &random),
                                              pan: spatial ? 0 : Float.random(in: -1...1, using: &random),
                                              position: spatial ? position() : nil,
                                              loop: Int.random(in: 0..<6, using: &random) == 0,
                                              priority: Int.random(in: 0...50, using: &random),
                                              bus: [.effects, .ui, .voice].randomElement(using: &random) ?? .effects)
                    if let voice = try runtime.play(effect, options: options).voice {
                        voices.append(voice)
                        if voices.count > 32 { voices.removeFirst() }
                    }
                case 6:
                    if let voice = voices.popLast() { try runtime.stop(voice, fade: ramp) }
                case 7:
                    try runtime.stopAllEffects()
                    voices.removeAll()
                case 8:
                    if let voice = voices.randomElement(using: &random) {
                        try runtime.setVoice(voice, gain: Float.random(in: 0.2...1, using: &random), position: position(), over: ramp)
                    }
                case 9:
                    try runtime.playSoundtrack(StormAssets.trackPath(track), fadeIn: ramp)
                case 10:
                    if Bool.random(using: &random) { try runtime.pauseSoundtrack() } else { try runtime.resumeSoundtrack(fadeIn: ramp) }
                case 11:
                    try runtime.crossfadeSoundtrack(to: StormAssets.trackPath(track), duration: Double.random(in: 0.2...3, using: &random))
                case 12:
                    try runtime.stopSoundtrack(fadeOut: ramp)
                case 13:
                    let bus = [BusName.music, .effects, .ui, .voice, .ambience].randomElement(using: &random) ?? .music
                    try runtime.setBusVolume(bus, Float.random(in: 0.2...1, using: &random), over: ramp)
                case 14:
                    try runtime.setListener(position: position(), at: SIMDPosition(x: Float.random(in: -1...1, using: &random), y: 0, z: -1),
                                            over: ramp)
                case 15:
                    try runtime.setEnvironment(Environment.allCases.randomElement(using: &random) ?? .none, over: ramp)
                case 16:
                    try runtime.setDistanceModel(DistanceModel.allCases.randomElement(using: &random) ?? .inverseClamped)
                case 17:
                    try runtime.preload(effect, path: StormAssets.effectPath(effect))
                case 18:
                    try runtime.unload(effect)
                default:
                    try runtime.setEffectsVolume(Float.random(in: 0.3...1, using: &random))
                }
            } catch .unknownEffect, .noSoundtrack {
                gameErrors["\(effect) not loaded or no soundtrack", default: 0] += 1
            } catch {
                unexpected.append("event \(events): \(error)")
            }
        }

        /// One event: a game call (two in three) or the start of a disturbance.
        func event(now: ContinuousClock.Instant, systemAllowed: Bool) {
            events += 1
            if systemAllowed && Int.random(in: 0..<3, using: &random) == 0 { disturb(now: now) } else { game() }
            injection.inject(runtime: runtime, event: events)
        }

        /// Every disturbance over: the runtime must run again; the bank and the soundtrack are put back
        /// in one known state (every effect loaded, one track playing) so the object counts compare.
        func checkpoint() -> Bool {
            let deadline = ContinuousClock.now + .seconds(5)
            while !runtime.isRunning && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
            guard runtime.isRunning else {
                unexpected.append("event \(events): the runtime is not running 5 s after every disturbance ended")
                return false
            }
            do {
                for name in StormAssets.effects { try runtime.preload(name, path: StormAssets.effectPath(name)) }
                try runtime.stopSoundtrack()
                try runtime.playSoundtrack(StormAssets.trackPath(StormAssets.tracks[0]))
            } catch {
                unexpected.append("event \(events): checkpoint: \(error)")
            }
            return true
        }
    }

    @Test("Real-time output on the null device, a random stream of game and system events: RSS, the malloc heap, descriptors and OpenAL objects do not grow")
    func realtimeNullDevice() throws {
        OpenALProcess.setDrivers("null")
        let errors = OpenALProcess.errorCount
        let runtime = try GameSoundRuntime(
            configuration: .init(policy: .effectsPlusSoundtrack, output: .realtime(), voices: Self.voices,
                                 interruptionStrategy: Self.strategy),
            system: SimulatedSystem(), soundtrack: StormAssets.trackPath(StormAssets.tracks[0]))
        for name in StormAssets.effects { try runtime.preload(name, path: StormAssets.effectPath(name)) }
        let driver = Driver(runtime: runtime, seed: Self.seed)
        let interval = min(max(Self.seconds / 60, 1), 5)
        let warmUp = min(max(Self.seconds / 4, 15), 300)
        let clock = ContinuousClock()
        let start = clock.now
        var nextSample = start
        var nextCheckpoint = start
        var samples: [Sample] = []
        var checkpoints: [Sample] = []
        var draining = false
        func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        }
        func elapsed() -> Double { seconds(clock.now - start) }
        func sample() -> Sample {
            let live = runtime.liveOpenALObjects
            return Sample(time: elapsed(), events: driver.events, residentKB: Self.residentKB(),
                          heapKB: Int(gs_malloc_bytes_in_use() / 1_024), descriptors: Self.openDescriptors(), sources: live.sources, buffers: live.buffers)
        }
        while elapsed() < Self.seconds {
            let now = clock.now
            driver.performDue(now: now)
            // Memory and descriptors on the clock, whatever the system is doing.
            if now >= nextSample {
                samples.append(sample())
                nextSample += .seconds(interval)
            }
            // OpenAL objects at a checkpoint: once due, no new disturbance starts until the ones under
            // way are over; then the state is put back (see `checkpoint()`) and the objects counted.
            if now >= nextCheckpoint { draining = true }
            if draining && driver.pending.isEmpty {
                draining = false
                if driver.checkpoint() { checkpoints.append(sample()) }
                nextCheckpoint = clock.now + .seconds(interval)
                continue
            }
            driver.event(now: now, systemAllowed: !draining)
            // Exponential gaps: a Poisson stream of `rate` events per second.
            let gap = -log(1 - Double.random(in: 0..<1, using: &driver.random)) / Self.rate
            Thread.sleep(forTimeInterval: max(0, min(gap, 2, seconds(nextSample - clock.now) + 0.001)))
        }
        for step in driver.pending.sorted(by: { $0.due < $1.due }) { driver.system(step.action) }
        driver.pending.removeAll()
        let cameBack = driver.checkpoint()
        runtime.shutdown()

        let measured = samples.filter { $0.time >= warmUp }
        let measuredCheckpoints = checkpoints.filter { $0.time >= warmUp }
        if let path = Self.environment["GAMESOUND_ENDURANCE_CSV"] {
            let lines = ["seconds,events,vmrss_kb,heap_kb,fds,sources,buffers,checkpoint"]
                + (samples.map { ($0, 0) } + checkpoints.map { ($0, 1) }).sorted { $0.0.time < $1.0.time }.map { sample, checkpoint in
                    String(format: "%.1f,%d,%d,%d,%d,%d,%d,%d", sample.time, sample.events, sample.residentKB, sample.heapKB, sample.descriptors,
                           sample.sources, sample.buffers, checkpoint)
                }
            try lines.joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        print("endurance real-time: \(Int(Self.seconds)) s, seed \(Self.seed), \(Self.strategy.rawValue), \(driver.events) events "
              + "(\(driver.systemActions) system actions, \(driver.refused) refused by the system; "
              + "\(driver.gameErrors.values.reduce(0, +)) game calls answered unknownEffect/noSoundtrack), "
              + "\(samples.count) samples every \(interval) s (\(measured.count) after a \(Int(warmUp)) s warm-up), "
              + "\(checkpoints.count) checkpoints (\(measuredCheckpoints.count) after it)")
        let series: [(String, String, Double, [Sample], (Sample) -> Int)] = [
            ("VmRSS", "kB", Self.rssBoundKBPerHour, measured, \.residentKB),
            ("malloc heap at checkpoints", "kB", Self.rssBoundKBPerHour, Self.heapFloor(measuredCheckpoints), \.heapKB),
            ("open descriptors", "", Self.countBoundPerHour, measured, \.descriptors),
            ("OpenAL sources", "", Self.countBoundPerHour, measuredCheckpoints, \.sources),
            ("OpenAL buffers", "", Self.countBoundPerHour, measuredCheckpoints, \.buffers),
        ]
        #expect(measured.count >= 10, "only \(measured.count) samples after the warm-up")
        #expect(measuredCheckpoints.count >= 5, "only \(measuredCheckpoints.count) checkpoints after the warm-up")
        let window = (measured.last?.time ?? 0) - (measured.first?.time ?? 0)
        for (name, unit, bound, points, value) in series {
            let values = points.map { Double(value($0)) }
            let (leaks, whole) = GrowthTrend.leaks(times: points.map(\.time), values: values, beyond: bound)
            let trend = whole ?? GrowthTrend(slope: 0, standardError: 0, samples: values.count)
            let judged = name != "VmRSS" || window >= Self.rssMinimumWindow
            let verdict = !judged ? "not judged (\(Int(window)) s after the warm-up, < \(Int(Self.rssMinimumWindow)) s)"
                : leaks ? "GROWS" : trend.grows(beyond: bound) ? "flat (grows overall, not in every third)" : "flat"
            func f(_ value: Double) -> String { String(format: "%+.1f", value) }
            print("endurance real-time: \(name): \(Int(values.first ?? 0)) → \(Int(values.last ?? 0)) \(unit) "
                  + "(min \(Int(values.min() ?? 0)), max \(Int(values.max() ?? 0))), slope \(f(trend.perHour)) "
                  + "± \(f(trend.standardError * 3_600)) \(unit)/h (3σ lower bound \(f(trend.lowerBoundPerHour))), "
                  + "bound \(Int(bound)) \(unit)/h: \(verdict)")
            #expect(!judged || !leaks,
                    "\(name) grows by \(Int(trend.perHour)) \(unit) an hour (± \(Int(trend.standardError * 3_600)))")
        }
        #expect(driver.unexpected.isEmpty, "\(driver.unexpected.count) unexpected: \(driver.unexpected.prefix(10))")
        #expect(cameBack)
        #expect(OpenALProcess.errorCount == errors, "\(OpenALProcess.errorCount - errors) OpenAL errors")
    }
}
