// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioFiles
import AudioSession
import Foundation
import GameSound
import OpenAL
import Synchronization
import Testing

/// Many threads on one runtime at once: no crash, no deadlock, no OpenAL error, nothing leaked; the
/// event observers, called outside the runtime's lock, one call at a time and in the order the
/// events were logged, while one of them calls the runtime back.
///
/// `make sanitize` runs this suite under ThreadSanitizer.
@Suite("Concurrency: 8 game threads and a hostile system thread")
struct ConcurrencyTests {
    static let gameThreads = 8
    static let seconds = Double(ProcessInfo.processInfo.environment["GAMESOUND_HAMMER_SECONDS"] ?? "") ?? 2
    static let watchdog: Double = 60

    @Test("8 threads hammer play, stop, the soundtrack, preload, queries and render while another throws calls, routes and resets")
    func hammer() throws {
        OpenALProcess.setDrivers("null")
        let voices = 8
        let runtime = try GameSoundRuntime(configuration: .init(output: .headless, voices: voices),
                                           system: SimulatedSystem(), soundtrack: StormAssets.trackPath("stormA"))
        let sounds = try (StormAssets.effects + [StormAssets.probe]).map { name in
            (name, try AudioDecoder.decode(path: StormAssets.effectPath(name)))
        }
        for (name, sound) in sounds { try runtime.preload(name, sound: sound) }
        let problems = Mutex<[String]>([])
        // Observers: one call at a time (never two at once), frames never going back (the queue
        // holds the events in the order they were logged, and time moves only under the lock), and
        // one that plays a sound back at every tenth voice end, from whichever thread hands it out.
        let inside = Atomic(0), delivered = Atomic(0), lastFrame = Atomic(0), replays = Atomic(0)
        let order = runtime.addEventObserver { event in
            if inside.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
                problems.withLock { $0.append("two observer calls at once, at \(event.name)") }
            }
            let before = lastFrame.exchange(event.frame, ordering: .relaxed)
            if event.frame < before { problems.withLock { $0.append("\(event.name) at frame \(event.frame) after \(before)") } }
            delivered.add(1, ordering: .relaxed)
            inside.subtract(1, ordering: .acquiringAndReleasing)
        }
        let replay = runtime.addEventObserver { [weak runtime] event in
            guard event.name == "voiceEnded", replays.add(1, ordering: .relaxed).newValue % 10 == 0 else { return }
            _ = try? runtime?.play(StormAssets.probe)
        }
        defer { order.cancel(); replay.cancel() }
        let deadline = Date().addingTimeInterval(Self.seconds)
        let group = DispatchGroup()
        for index in 0..<Self.gameThreads {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                let errors = OpenALProcess.errorCountOnCurrentThread
                var random = SplitMix64(seed: UInt64(index + 1))
                var voicesPlayed: [Voice] = []
                while Date() < deadline {
                    do {
                        try Self.gameCall(runtime, sounds: sounds, voices: &voicesPlayed, random: &random)
                    } catch {
                        // Unknown effects after an unload, no soundtrack...: expected answers. Not OpenAL failures.
                        if case .openAL(let failure) = error as? GameSoundError {
                            problems.withLock { $0.append("thread \(index): \(failure)") }
                        }
                    }
                }
                let raised = OpenALProcess.errorCountOnCurrentThread - errors
                if raised > 0 {
                    let recent = OpenALProcess.recentErrorsOnCurrentThread.suffix(raised).joined(separator: "; ")
                    problems.withLock { $0.append("thread \(index): \(raised) OpenAL errors raised: \(recent)") }
                }
            }
        }
        group.enter()
        Thread.detachNewThread {
            defer { group.leave() }
            let errors = OpenALProcess.errorCountOnCurrentThread
            var random = SplitMix64(seed: 99)
            let actions: [SystemAction] = [
                .phoneRing, .phoneDecline, .phoneAccept, .phoneHangUp, .alarmFire, .alarmDismiss,
                .routePlug(port: .headphones), .routeUnplug(port: .headphones), .mediaServicesLose, .mediaServicesReset,
                .silentSwitchOn, .silentSwitchOff, .appBackground, .appForeground,
            ]
            while Date() < deadline {
                try? runtime.perform(actions.randomElement(using: &random) ?? .phoneRing)
                usleep(UInt32.random(in: 0...2_000, using: &random))
            }
            let raised = OpenALProcess.errorCountOnCurrentThread - errors
            if raised > 0 {
                let recent = OpenALProcess.recentErrorsOnCurrentThread.suffix(raised).joined(separator: "; ")
                problems.withLock { $0.append("system thread: \(raised) OpenAL errors raised: \(recent)") }
            }
        }
        guard group.wait(timeout: .now() + Self.watchdog) == .success else {
            // A deadlock: the threads cannot be stopped, so end the process rather than hang CI.
            FileHandle.standardError.write(Data("ConcurrencyTests: deadlock, not done after \(Self.watchdog) s\n".utf8))
            exit(3)
        }
        for problem in problems.withLock({ $0 }) { Issue.record(Comment(rawValue: problem)) }
        #expect(delivered.load(ordering: .relaxed) > 100, "the observers were called")

        // Everything calms down: the sound comes back and nothing is left behind.
        if runtime.simulatedSystem?.mediaServicesAvailable == false { try? runtime.perform(.mediaServicesReset) }
        for action: SystemAction in [.phoneDecline, .phoneHangUp, .alarmDismiss, .silentSwitchOff, .appForeground] {
            try? runtime.perform(action)
        }
        _ = try runtime.render(frames: 512)
        #expect(runtime.isRunning)
        try runtime.stopAllEffects()
        try runtime.stopSoundtrack()
        for name in runtime.loadedEffects { try runtime.unload(name) }
        _ = try runtime.render(frames: 512)
        #expect(runtime.liveOpenALObjects.sources == voices)
        #expect(runtime.liveOpenALObjects.buffers == 0)
        runtime.shutdown()
    }

    @Test("in real time, 4 game threads play, stop and ask while another rings and declines calls and loses and resets media services: the device paused and resumed after each step, nothing failing, the game heard after")
    func realtimeInterruptions() throws {
        OpenALProcess.setDrivers("null")
        let system = SimulatedSystem()
        let failures = Atomic(0)
        let recent = Mutex<[String]>([])  // the last events, for a failure's message
        let runtime = try GameSoundRuntime(configuration: .init(output: .realtime(), voices: 8), system: system,
                                           eventObserver: { event in
            if event.name == "openALFailed" { failures.add(1, ordering: .relaxed) }
            if event.name != "effectPlayed", event.name != "voiceEnded", event.name != "effectDropped" {
                recent.withLock { $0 = Array(($0 + ["\(event.frame) \(event.name)"]).suffix(12)) }
            }
        })
        defer { runtime.shutdown() }
        try runtime.preload(StormAssets.probe, sound: try AudioDecoder.decode(path: StormAssets.effectPath(StormAssets.probe)))
        let deadline = Date().addingTimeInterval(min(Self.seconds, 2))
        let group = DispatchGroup()
        for _ in 0..<4 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                var kept: [Voice] = []
                while Date() < deadline {
                    if let voice = try? runtime.play(StormAssets.probe).voice { kept.append(voice) }
                    if kept.count > 3 { _ = try? runtime.stop(kept.removeFirst()) }
                    _ = (runtime.voicesInUse, runtime.isRunning, kept.last.map { try? runtime.state(of: $0) })
                    usleep(500)
                }
            }
        }
        group.enter()
        Thread.detachNewThread {
            defer { group.leave() }
            let rounds: [[SystemAction]] = [[.phoneRing, .phoneDecline], [.mediaServicesLose, .mediaServicesReset],
                                            [.alarmFire, .alarmDismiss]]
            var round = 0
            while Date() < deadline {
                for action in rounds[round % rounds.count] {
                    try? system.perform(action)
                    usleep(20_000)
                }
                round += 1
            }
        }
        guard group.wait(timeout: .now() + Self.watchdog) == .success else {
            Issue.record("deadlock: not done after \(Self.watchdog) s")
            return
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        // The update thread handles the last actions (a decline, a reset) and activates the session
        // again at its next update; with the rest of the suite running beside it that can take a while.
        let back = Date().addingTimeInterval(5)
        var voice = try runtime.play(StormAssets.probe).voice
        while voice == nil, Date() < back {
            Thread.sleep(forTimeInterval: 0.01)
            voice = try runtime.play(StormAssets.probe).voice
        }
        let events = recent.withLock { $0 }
        let played = try #require(voice, "the game does not play within 5 s of the last action: running \(runtime.isRunning), the last events: \(events)")
        #expect(try runtime.state(of: played) == .playing)
    }

    private static func gameCall(_ runtime: GameSoundRuntime, sounds: [(String, PCMBuffer<Float>)], voices: inout [Voice],
                                 random: inout SplitMix64) throws(GameSoundError) {
        let (name, sound) = sounds.randomElement(using: &random) ?? sounds[0]
        switch Int.random(in: 0..<16, using: &random) {
        case 0, 1, 2:
            if let voice = try runtime.play(name, options: PlayOptions(loop: Bool.random(using: &random))).voice {
                voices.append(voice)
            }
        case 3: if let voice = voices.popLast() { try runtime.stop(voice) }
        case 4: try runtime.playSoundtrack(StormAssets.trackPath(StormAssets.tracks.randomElement(using: &random) ?? "stormA"))
        case 5: try runtime.pauseSoundtrack()
        case 6: try runtime.stopSoundtrack(fadeOut: 0.01)
        case 7: try runtime.crossfadeSoundtrack(to: StormAssets.trackPath("stormB"), duration: 0.05)
        case 8: try runtime.preload(name, sound: sound)
        case 9: try runtime.unload(name)
        case 10: _ = try runtime.render(frames: 256)
        case 11: try runtime.setEffectsVolume(Float.random(in: 0...1, using: &random))
        case 12: try runtime.stopAllEffects()
        default:
            _ = (runtime.voicesInUse, runtime.isRunning, runtime.soundtrackPosition, runtime.liveOpenALObjects,
                 runtime.loadedEffects, runtime.silenceCause, runtime.isSoundtrackPlaying, runtime.currentFrame)
        }
    }
}
