// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioSession
import GameSound
import Synchronization
import Testing

/// A headless update with nothing in flight does only a glance at the system's status (issue 19:
/// the per-block cost). These tests hold that shortcut to the output and log of a runtime whose
/// every block does the whole update.
@Suite("Quiet updates")
struct QuietUpdateTests {
    /// What one run rendered and logged.
    private struct Run {
        var samples: [Float]
        var events: [String]

        func level(blocks: Range<Int>) -> Float { Signal.rms((blocks.lowerBound * 256..<blocks.upperBound * 256).map { samples[$0 * 2] }) }
        func first(_ name: String) -> Int? { events.first { $0.hasSuffix(" " + name) }.flatMap { Int($0.split(separator: " ")[0]) } }
    }

    /// What a case does to the runtime and the system, the same in the quiet and the busy run.
    private struct Script {
        /// Runs once, after a looping beep has started on the effects bus.
        var setUp: (Harness) throws -> Void = { _ in }
        /// Runs before render `n`, given the looping beep.
        var beforeBlock: (Harness, Int, Voice) throws -> Void
        /// How many frames render `n` asks for: 256 unless a case shifts the renders off the update period.
        var frames: (Int) -> Int = { _ in 256 }
    }

    /// Renders 300 times (256 frames unless the script says otherwise) while the script acts.
    ///
    /// - Parameter busy: Before every render, set the volume of a bus nothing plays on, so that a
    ///   ramp is always in flight and no update can be quiet.
    private func run(_ script: Script, busy: Bool, soundtrack: Bool = false, virtualVoices: Int = 0,
                     strategy: GameSoundConfiguration.InterruptionStrategy = .suspendContext) throws -> Run {
        let h = try Harness(policy: soundtrack ? .effectsPlusSoundtrack : .effectsOnly, soundtrack: soundtrack,
                            voices: virtualVoices > 0 ? 2 : 32, strategy: strategy, virtualVoices: virtualVoices)
        guard case .played(let loop, _) = try h.runtime.play("beep", options: .init(loop: true)) else {
            throw GameSoundError.invalidArgument("the looping beep did not play")
        }
        try script.setUp(h)
        for block in 0..<300 {
            if busy { try h.runtime.setBusVolume(.ui, block % 2 == 0 ? 0.5 : 1, over: 0.01) }
            try script.beforeBlock(h, block, loop)
            try h.render(frames: script.frames(block))
        }
        let events = h.events.filter { $0.name != "busVolumeChanged" || $0.details.first?.value != .string("ui") }
        return Run(samples: h.samples, events: events.map { "\($0.frame) \($0.name)" })
    }

    /// Runs `script` quiet and busy and requires the two to log the same events at the same frames
    /// and render the same samples, bit for bit; returns the quiet run.
    private func compare(_ script: Script, soundtrack: Bool = false, virtualVoices: Int = 0,
                         strategy: GameSoundConfiguration.InterruptionStrategy = .suspendContext) throws -> Run {
        let quiet = try run(script, busy: false, soundtrack: soundtrack, virtualVoices: virtualVoices, strategy: strategy)
        let busy = try run(script, busy: true, soundtrack: soundtrack, virtualVoices: virtualVoices, strategy: strategy)
        #expect(quiet.events == busy.events)
        #expect(quiet.samples.count == busy.samples.count)
        let firstDifference = zip(quiet.samples, busy.samples).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(firstDifference == nil, "sample for sample, first difference at frame \((firstDifference ?? 0) / 2)")
        return quiet
    }

    @Test("quiet blocks sound and log exactly like blocks that run the whole update",
          arguments: GameSoundConfiguration.InterruptionStrategy.allCases)
    func quietMatchesBusy(strategy: GameSoundConfiguration.InterruptionStrategy) throws {
        // A one-shot voice that ends on its own, another app ducking and letting go straight
        // through the system (no call into the runtime, no notification: only the status changes),
        // a bus ramp, a faded stop of the looping beep.
        let quiet = try compare(Script { h, block, loop in
            switch block {
            case 20: try h.runtime.play("beep", options: .init(gain: 0.5))  // 14 400 frames: ends near block 76
            case 100: try h.system.perform(SystemAction(name: "otherApp.activate", parameters: [
                "category": .string("playback"), "options": .strings(["duckOthers"])]))
            case 150: try h.system.perform(SystemAction(name: "otherApp.deactivate"))
            case 200: try h.runtime.setBusVolume(.effects, 0.5, over: 0.1)
            case 260: _ = try h.runtime.stop(loop, fade: 0.05)
            default: break
            }
        }, strategy: strategy)
        // What the comparison covers really happened, at the blocks it was asked for.
        for name in ["voiceEnded", "duckBegan", "duckEnded"] {
            #expect(quiet.first(name) != nil, "\(name) is in the log")
        }
        #expect(quiet.first("duckBegan") == 100 * 256, "the duck is noticed at the block where it began")
        #expect(quiet.level(blocks: 120..<150) < quiet.level(blocks: 60..<100) * 0.5, "the duck is heard")
        #expect(quiet.level(blocks: 290..<300) == 0, "the faded stop is heard to the end")
    }

    @Test("reading a voice's state, the voices in use, the meters and the snapshot between blocks keeps them quiet, and a one-shot that ends is read as ended at the block its clock says",
          arguments: GameSoundConfiguration.InterruptionStrategy.allCases)
    func queriesKeepBlocksQuiet(strategy: GameSoundConfiguration.InterruptionStrategy) throws {
        let quietBlocks = Mutex(0)
        // The states read, once a block from block 20, in each run (the quiet one, then the busy one).
        let states = Mutex<[[VoiceState]]>([])
        var shot: Voice?
        let quiet = try compare(Script { h, block, _ in
            if block == 0 { states.withLock { $0.append([]) } }
            if block == 20 { shot = try h.runtime.play("beep", options: .init(gain: 0.5)).voice }  // ends near block 76
            if let shot, block >= 20 {
                let state = try h.runtime.state(of: shot)
                states.withLock { $0[$0.count - 1].append(state) }
                _ = h.runtime.voicesInUse
                _ = h.runtime.levels
                _ = h.runtime.snapshot
            }
            if h.runtime.nextUpdateIsQuiet() { quietBlocks.withLock { $0 += 1 } }
        }, strategy: strategy)
        // Playing, then ended from one block on, for good; the same block in both runs.
        let runs = states.withLock { $0 }
        #expect(runs.count == 2 && runs[0] == runs[1])
        let read = runs[0]
        let firstEnded = try #require(read.firstIndex(of: .ended), "the one-shot never read as ended")
        #expect(read[..<firstEnded].allSatisfy { $0 == .playing } && read[firstEnded...].allSatisfy { $0 == .ended })
        #expect(quiet.first("voiceEnded") != nil)
        #expect(quietBlocks.withLock { $0 } > 150, "most blocks of the quiet run are quiet: \(quietBlocks.withLock { $0 })")
    }

    @Test("a soundtrack and a streamed voice playing steadily: quiet blocks only refill, and sound exactly like whole updates",
          arguments: GameSoundConfiguration.InterruptionStrategy.allCases)
    func steadyStreamsStayQuiet(strategy: GameSoundConfiguration.InterruptionStrategy) throws {
        // 300 blocks are 1.6 s: each stream's 4 queued buffers (0.34 s) must be refilled several
        // times in quiet stretches. A quiet update that skipped refills would leave the streams
        // silent; one that refilled late would be heard as a gap the busy run does not have.
        let quietBlocks = Mutex(0)
        let quiet = try compare(Script { h, block, _ in
            switch block {
            case 10: _ = try h.runtime.playStream(TestAssets.soundtrackPath, bus: .ambience, gain: 0.5)
            case 120: try h.runtime.setSoundtrackVolume(0.5)
            case 150: try h.perform("phone.ring")
            case 170: try h.perform("phone.decline")
            default: break
            }
            if h.runtime.nextUpdateIsQuiet() { quietBlocks.withLock { $0 += 1 } }
        }, soundtrack: true, strategy: strategy)
        #expect(quiet.level(blocks: 280..<300) > 0.1, "the streams play on to the end")
        // (The busy run counts too, and is never quiet: the count is the quiet run's.)
        #expect(quietBlocks.withLock { $0 } > 150, "most blocks of the quiet run are quiet: \(quietBlocks.withLock { $0 })")
    }

    @Test("virtual voices that keep their rank: quiet blocks between rankings, and a voice that comes near is realised at the same block as with whole updates")
    func virtualVoicesStayQuiet() throws {
        // 2 sources, the looping beep and 4 more loops placed further and further away: 3 are virtual.
        let quietBlocks = Mutex(0)
        var far: [Voice] = []
        let quiet = try compare(Script(setUp: { h in
            far = []
            for distance: Float in [5, 10, 20, 40] {
                far.append(try #require(try h.runtime.play("beep", options: .init(position: SIMDPosition(x: 0, y: 0, z: -distance), loop: true)).voice))
            }
        }, beforeBlock: { h, block, loop in
            switch block {
            case 100: try h.runtime.setVoice(far[3], position: SIMDPosition(x: 0, y: 0, z: -1))  // the farthest comes near
            case 101: try h.runtime.setVoice(loop, gain: 0.1)
            default: break
            }
            if h.runtime.nextUpdateIsQuiet() { quietBlocks.withLock { $0 += 1 } }
        }), virtualVoices: 6)
        #expect(quiet.first("voiceVirtualised") != nil)
        let realised = try #require(quiet.first("voiceRealised"), "the voice that came near gets a source")
        #expect(realised > 100 * 256 && realised <= 117 * 256, "at the next ranking, within 16 updates")
        #expect(quietBlocks.withLock { $0 } > 200, "most blocks of the quiet run are quiet: \(quietBlocks.withLock { $0 })")
    }

    @Test("another app's duck that lands before a render starting inside an update period ramps down, and back up")
    func duckBetweenUpdates() throws {
        // The first render is 128 frames, so every later render starts half-way through a period:
        // the status change is followed at the render's start, not by an update.
        var script = Script { h, block, _ in
            switch block {
            case 100: try h.system.perform(SystemAction(name: "otherApp.activate", parameters: [
                "category": .string("playback"), "options": .strings(["duckOthers"])]))
            case 150: try h.system.perform(SystemAction(name: "otherApp.deactivate"))
            default: break
            }
        }
        script.frames = { $0 == 0 ? 128 : 256 }
        let quiet = try compare(script)
        #expect(quiet.first("duckBegan") != nil && quiet.first("duckEnded") != nil)
        let full = quiet.level(blocks: 60..<100)
        #expect(quiet.level(blocks: 120..<150) < full * 0.5, "the duck is heard")
        #expect(abs(quiet.level(blocks: 170..<200) / full - 1) < 0.02, "the output comes back to full")
    }

    @Test("a ducking rule lets go when the one-shot voice that triggered it ends by itself, with or without the game polling properties before every block",
          arguments: [false, true])
    func ruleReleasedByVoiceEnd(polling: Bool) throws {
        var script = Script { h, block, _ in
            if block == 20 { try h.runtime.play("beep", options: .init(bus: .voice)) }  // ends near block 76
            if polling {
                // Reads keep the update quiet: this run must still match the busy one.
                let runtime = h.runtime
                _ = (runtime.currentFrame, runtime.isRunning, runtime.isDucked, runtime.buses, runtime.listener,
                     runtime.soundtrackPosition, runtime.isHRTFActive, runtime.liveOpenALObjects, runtime.silenceCause)
            }
        }
        script.setUp = { h in
            try h.runtime.addDuckingRule(DuckingRule(bus: .voice, ducks: .effects, by: 9, attack: 0.05, release: 0.1))
        }
        let quiet = try compare(script)
        let ended = quiet.first("voiceEnded"), restored = quiet.first("busRestored")
        #expect(ended != nil && restored != nil, "the rule lets go: \(quiet.events)")
        #expect((restored ?? .max) - (ended ?? 0) <= 256, "within a block of the voice's end")
        #expect(abs(quiet.level(blocks: 120..<150) / quiet.level(blocks: 5..<20) - 1) < 0.02, "the effects are back to full")
    }

    @Test("a call made by an event observer during an update is followed by the next update")
    func observerCallDuringUpdate() throws {
        let once = Atomic(false)
        var observations: [EventObservation] = []
        defer { observations.forEach { $0.cancel() } }
        var script = Script { h, block, _ in
            if block == 20 { try h.runtime.play("beep") }  // ends near block 76, found by an update
        }
        script.setUp = { h in
            try h.runtime.addDuckingRule(DuckingRule(bus: .voice, ducks: .effects, by: 9, attack: 0.05, release: 0.1))
            once.store(false, ordering: .relaxed)
            let runtime = h.runtime
            // When the one-shot ends, start a looping line on the voice bus: the rule must engage.
            observations.append(runtime.addEventObserver { [weak runtime] event in
                guard event.name == "voiceEnded", !once.exchange(true, ordering: .relaxed) else { return }
                _ = try? runtime?.play("beep", options: .init(loop: true, bus: .voice))
            })
        }
        let quiet = try compare(script)
        let ended = quiet.first("voiceEnded"), ducked = quiet.first("busDucked")
        #expect(ended != nil && ducked != nil, "the rule engages: \(quiet.events)")
        #expect((ducked ?? .max) - (ended ?? 0) <= 256, "within a block of the observer's call")
    }
}
