// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioFiles
import AudioSession
import GameSound
import Foundation
import Testing

/// Buses, ducking rules and live voice control, asserted on the rendered audio and the event log.
@Suite("Mixing")
struct MixingTests {
    /// A 440 Hz mono tone, one second, to tell a second sound apart from the 880 Hz beep.
    static let low = PCMBuffer(format: PCMFormat(sampleRate: 48_000, channelCount: 1),
                               samples: Signal.sine(frequency: 440, amplitude: 0.5, frameCount: 48_000, sampleRate: 48_000))

    private func harness(soundtrack: Bool = false, voices: Int = 32,
                         strategy: GameSoundConfiguration.InterruptionStrategy = .suspendContext) throws -> Harness {
        let h = try Harness(policy: soundtrack ? .effectsPlusSoundtrack : .effectsOnly, soundtrack: soundtrack, voices: voices,
                            strategy: strategy)
        try h.runtime.preload("low", sound: Self.low)
        return h
    }

    private func dB(_ value: Double) -> Double { 10 * log10(max(value, 1e-12)) }
    private func level(_ h: Harness, _ frames: Range<Int>) -> Double { 20 * log10(max(Double(h.rms(frames)), 1e-9)) }
    private func lowPower(_ h: Harness, _ frames: Range<Int>) -> Double {
        Signal.power(at: 440, in: h.left(frames), sampleRate: 48_000)
    }
    private func last(_ h: Harness, _ frames: Int = 4_800) -> Range<Int> { (h.frame - frames)..<h.frame }

    // MARK: - Buses

    @Test("a bus ramp arrives at the asked level within one block of its end, passing through the levels between")
    func busRamp() throws {
        let h = try harness()
        try h.runtime.play("low", options: .init(loop: true))
        try h.render(seconds: 0.5)
        let before = level(h, last(h))
        let start = h.frame
        try h.runtime.setBusVolume(.effects, 0.25, over: 0.5)
        try h.render(seconds: 0.25)
        let halfway = level(h, last(h, 480))
        try h.render(seconds: 0.35)
        let end = start + 24_000
        #expect(abs(level(h, (end + 256)..<(end + 256 + 2_400)) - (before - 12.04)) < 0.2, "at -12 dB from one block after the ramp's end")
        #expect(halfway < before - 2 && halfway > before - 12, "between the two levels halfway: \(halfway) dB")
        #expect(h.firstEvent("busVolumeChanged")?.frame == start)
        #expect(h.runtime.busVolume(.effects) == 0.25)
    }

    @Test("a mute is exact silence for that bus only, from the block after it (OpenAL Soft smooths the step over one block)")
    func muteOneBus() throws {
        let h = try harness()
        // Effects hard left, ui hard right: each bus has a channel to itself.
        try h.runtime.play("beep", options: .init(pan: -1, loop: true))
        try h.runtime.play("low", options: .init(pan: 1, loop: true, bus: .ui))
        try h.render(seconds: 0.25)
        try h.runtime.setBusMuted(.effects, true)
        let muted = try h.render(seconds: 0.25).dropFirst(256)
        #expect(Signal.isExactlySilent(h.left(muted)), "the effects bus is exactly silent")
        #expect(Signal.rms(muted.map { h.samples[$0 * 2 + 1] }) > 0.1, "the ui bus plays on")
        try h.runtime.setBusMuted(.ui, true)
        #expect(h.isSilent(try h.render(seconds: 0.1).dropFirst(256)))
        try h.runtime.setBusMuted(.effects, false)
        #expect(h.beepPower(try h.render(seconds: 0.1)) > 0.01)
        #expect(h.logContainsInOrder(["busMuted", "busMuted", "busUnmuted"]))
    }

    @Test("the pause menu: effects and music pause and keep their places while ui plays on; resume continues where they were")
    func pauseMenu() throws {
        let h = try harness(soundtrack: true)
        let shot = try #require(try h.runtime.play("beep", options: .init(loop: true)).voice)
        try h.runtime.play("low", options: .init(loop: true, bus: .ui))
        try h.render(seconds: 0.5)
        let trackBefore = try #require(h.runtime.soundtrackPosition)
        try h.runtime.setBusPaused(.effects, true)
        try h.runtime.setBusPaused(.music, true)
        let paused = try h.render(seconds: 0.5)
        #expect(h.beepPower(paused) < 1e-9 && h.trackPower(paused) < 1e-9)
        #expect(lowPower(h, paused) > 0.01)
        #expect(try h.runtime.state(of: shot) == .paused)
        #expect(abs(try #require(h.runtime.soundtrackPosition) - trackBefore) <= 4_096, "the track kept its place")
        try h.runtime.setBusPaused(.effects, false)
        try h.runtime.setBusPaused(.music, false)
        let resumed = h.frame
        try h.render(seconds: 0.25)
        #expect(try #require(h.firstAudibleFrame(from: resumed)) - resumed < 256)
        #expect(h.beepPower(resumed..<h.frame) > 0.01 && h.trackPower(resumed..<h.frame) > 0.01)
        #expect(try h.runtime.state(of: shot) == .playing)
        #expect(h.logContainsInOrder(["busPaused", "busPaused", "busResumed", "busResumed"]))
    }

    @Test("a sound started on a paused bus waits at its start and plays when the bus resumes")
    func startOnPausedBus() throws {
        let h = try harness()
        try h.runtime.setBusPaused(.effects, true)
        let voice = try #require(try h.runtime.play("beep").voice)
        #expect(h.isSilent(try h.render(seconds: 0.5)))
        #expect(try h.runtime.state(of: voice) == .paused)
        try h.runtime.setBusPaused(.effects, false)
        try h.render(seconds: 0.5)
        let ended = try #require(h.firstEvent("voiceEnded"))
        #expect(abs(ended.frame - (24_000 + 14_400)) <= 256, "the whole 0.3 s beep played after the resume")
    }

    @Test("a bus volume under a parent multiplies down the tree")
    func treeMultiplies() throws {
        let h = try harness()
        try h.runtime.configureBus("weapons", parent: .effects)
        try h.runtime.play("low", options: .init(loop: true, bus: "weapons"))
        try h.render(seconds: 0.25)
        let full = level(h, last(h))
        try h.runtime.setBusVolume(.effects, 0.5)
        try h.runtime.setBusVolume("weapons", 0.5)
        try h.render(seconds: 0.25)
        #expect(abs(level(h, last(h)) - (full - 12.04)) < 0.2)
        try h.runtime.setBusVolume(.master, 0.5)
        try h.render(seconds: 0.25)
        #expect(abs(level(h, last(h)) - (full - 18.06)) < 0.2)
    }

    // MARK: - Ducking rules

    @Test("the voice bus ducks music by 9 dB with its attack while a line plays, and releases after it ends")
    func duckingRule() throws {
        let h = try harness(soundtrack: true)
        try h.runtime.addDuckingRule(DuckingRule(bus: .voice, ducks: .music, by: 9, attack: 0.1, release: 0.5))
        try h.render(seconds: 0.5)
        let full = dB(h.trackPower(last(h)))
        let start = h.frame
        try h.runtime.play("beep", options: .init(bus: .voice))  // a 0.3 s "line"
        try h.render(seconds: 1.0)
        let ducked = try #require(h.firstEvent("busDucked"))
        #expect(ducked.frame - start <= 256, "the duck starts within a block")
        let attackEnd = start + 4_800 + 256
        #expect(abs(dB(h.trackPower(attackEnd..<(attackEnd + 4_800))) - (full - 9)) < 0.7, "down 9 dB after the attack")
        let restored = try #require(h.firstEvent("busRestored"))
        #expect(abs(restored.frame - (start + 14_400)) <= 512, "the release starts when the line ends")
        let releaseEnd = restored.frame + 24_000 + 256
        try h.render(seconds: 0.5)
        #expect(abs(dB(h.trackPower(releaseEnd..<(releaseEnd + 4_800))) - full) < 0.5, "back after the release")
    }

    // MARK: - Voices

    @Test("a voice's gain, pan and pitch change while it plays; pause is silent and resume continues")
    func liveControl() throws {
        let h = try harness()
        let voice = try #require(try h.runtime.play("low", options: .init(loop: true)).voice)
        try h.render(seconds: 0.25)
        let full = level(h, last(h))
        #expect(try h.runtime.setVoice(voice, gain: 0.5))
        try h.render(seconds: 0.1)
        #expect(abs(level(h, last(h)) - (full - 6.02)) < 0.2)
        try h.runtime.setVoice(voice, pan: 1, over: 0.1)
        try h.render(seconds: 0.2)
        let left = last(h).map { h.samples[$0 * 2] }
        #expect(Signal.peak(left) < 1e-4, "panned hard right: nothing left")
        try h.runtime.setVoice(voice, pitch: 2, pan: 0)
        try h.render(seconds: 0.2)
        #expect(abs(Signal.dominantFrequency(h.left(last(h)), sampleRate: 48_000) - 880) < 2)
        #expect(try h.runtime.pause(voice))
        #expect(h.isSilent(try h.render(seconds: 0.2)))
        #expect(try h.runtime.resume(voice))
        #expect(!h.isSilent(try h.render(seconds: 0.1)))
    }

    @Test("a fade-out stop: the level falls over the fade, then voiceEnded says stopped and the handle is dead")
    func fadeOutStop() throws {
        let h = try harness()
        let voice = try #require(try h.runtime.play("low", options: .init(loop: true)).voice)
        try h.render(seconds: 0.25)
        let full = level(h, last(h))
        let start = h.frame
        #expect(try h.runtime.stop(voice, fade: 0.5))
        try h.render(seconds: 0.25)
        let middle = level(h, last(h, 480))
        #expect(middle < full - 3 && middle > full - 20)
        try h.render(seconds: 0.5)
        let ended = try #require(h.firstEvent("voiceEnded"))
        #expect(ended.details.first { $0.key == "reason" }?.value == .string("stopped"))
        #expect(abs(ended.frame - (start + 24_000)) <= 256)
        #expect(h.isSilent((ended.frame + 256)..<h.frame))
        #expect(try h.runtime.state(of: voice) == .ended)
        #expect(try h.runtime.setVoice(voice, gain: 1) == false)
    }

    @Test("a fade-out that ends during a call ends its voice when the call is over, with either strategy",
          arguments: GameSoundConfiguration.InterruptionStrategy.allCases)
    func fadeEndsDuringCall(strategy: GameSoundConfiguration.InterruptionStrategy) throws {
        let h = try harness(strategy: strategy)
        let voice = try #require(try h.runtime.play("low", options: .init(loop: true)).voice)
        try h.render(seconds: 0.1)
        try h.runtime.stop(voice, fade: 0.2)
        try h.perform("phone.ring")
        try h.render(seconds: 1)
        try h.perform("phone.decline")
        let back = try h.render(seconds: 0.2)
        #expect(try h.runtime.state(of: voice) == .ended)
        #expect(h.runtime.voicesInUse == 0)
        #expect(h.isSilent(back))
        #expect(h.events.contains { $0.name == "voiceEnded" && $0.details.contains { $0.value == .string("stopped") } })
    }

    @Test("a fade-out that finished just before a rebuild ends its voice at the same frame as without the rebuild, and silently")
    func fadeEndedBeforeRebuild() throws {
        // The fade (0.08 s: 3 840 frames from frame 1 000) ends at frame 4 840; the next update is at
        // 4 864. Storm seed 35012: the rebuild's reconcile ended the voice itself, 131 frames early.
        func run(rebuild: Bool) throws -> (ended: Int, after: Range<Int>, h: Harness) {
            let h = try harness()
            let voice = try #require(try h.runtime.play("low", options: .init(loop: true)).voice)
            try h.render(frames: 1_000)
            try h.runtime.stop(voice, fade: 0.08)
            try h.render(frames: 3_850)
            if rebuild { #expect(h.runtime.rebuildOutput()) }
            let after = try h.render(frames: 2_000)
            return (try #require(h.firstEvent("voiceEnded")).frame, after, h)
        }
        let plain = try run(rebuild: false), rebuilt = try run(rebuild: true)
        #expect(rebuilt.h.events.contains { $0.name == "contextRebuilt" })
        #expect(rebuilt.ended == plain.ended)
        #expect(plain.ended == 4_864)
        // (A headless render mixes groups of 4 frames: frames 4 850 and 4 851 were mixed with 4 848,
        // before the rebuild, at the fade's last gain.)
        #expect(rebuilt.h.isSilent(4_852..<rebuilt.after.upperBound), "silent once the rebuilt output mixes")
        #expect(!plain.h.isSilent(4_852..<4_864), "where the run without a rebuild still plays the fade's last gain")
    }

    @Test("voiceEnded: finished within a block of the sound's end, stolen when the pool is full")
    func voiceEnded() throws {
        let h = try harness(voices: 2)
        try h.runtime.play("beep")
        try h.render(seconds: 0.5)
        let finished = try #require(h.firstEvent("voiceEnded"))
        #expect(finished.details.first { $0.key == "reason" }?.value == .string("finished"))
        #expect(abs(finished.frame - 14_400) <= 256)
        try h.runtime.play("low", options: .init(loop: true))
        try h.runtime.play("low", options: .init(loop: true))
        try h.runtime.play("beep")
        #expect(h.events.contains { $0.name == "voiceEnded" && $0.details.contains { $0.value == .string("stolen") } })
    }

    @Test("a shot that has just played out is not fired again by a bus paused or resumed before its end is noticed")
    func finishedShotAndABusPause() throws {
        let h = try harness()
        let voice = try #require(try h.runtime.play("beep").voice)
        // The 0.3 s beep ends at frame 14 400, inside the block whose update (at 14 592) notices it.
        try h.render(frames: 14_450)
        try h.runtime.setBusPaused(.ui, true)
        try h.render(frames: 100)
        try h.runtime.setBusPaused(.ui, false)
        let after = try h.render(seconds: 0.3)
        #expect(h.isSilent(after), "the beep sounded again after its end")
        let ended = h.events.filter { $0.name == "voiceEnded" }
        #expect(ended.count == 1)
        #expect(ended.first.map { abs($0.frame - 14_400) <= 256 } == true, "ended at \(ended.first?.frame ?? -1)")
        #expect(try h.runtime.state(of: voice) == .ended)
    }

    @Test("a stale handle is a no-op that says so and leaves the sound now in its slot alone")
    func staleHandle() throws {
        let h = try harness(voices: 1)
        let old = try #require(try h.runtime.play("beep").voice)
        try h.render(seconds: 0.5)
        let new = try #require(try h.runtime.play("low", options: .init(loop: true)).voice)
        #expect(new.slot == old.slot && new.generation != old.generation)
        #expect(try h.runtime.setVoice(old, gain: 0) == false)
        #expect(try h.runtime.pause(old) == false)
        #expect(try h.runtime.stop(old) == false)
        #expect(lowPower(h, try h.render(seconds: 0.2)) > 0.01, "the new sound plays on")
        #expect(try h.runtime.state(of: new) == .playing)
    }

    // MARK: - Limits and reserves

    @Test("a bus at its limit steals from itself only; a reserve keeps voices for its bus")
    func limitAndReserve() throws {
        let h = try harness(voices: 4)
        try h.runtime.configureBus(.effects, limit: 2)
        try h.runtime.configureBus(.ui, reserve: 1)
        let ui = try #require(try h.runtime.play("low", options: .init(loop: true, bus: .ui)).voice)
        let first = try #require(try h.runtime.play("beep", options: .init(loop: true)).voice)
        try h.runtime.play("beep", options: .init(loop: true))
        let third = try h.runtime.play("beep", options: .init(loop: true))
        #expect(third.voice != nil)
        #expect(try h.runtime.state(of: first) == .ended, "the oldest effect was stolen")
        #expect(try h.runtime.state(of: ui) == .playing)
        try h.runtime.configureBus(.effects, limit: .some(nil))
        try h.runtime.configureBus(.ui, reserve: 2)
        // Four voices: ui has 1 and keeps 1 more, effects has 2: no free voice is effects' to take,
        // and ui's voice may not be stolen, so the oldest effect goes.
        try h.runtime.play("beep", options: .init(loop: true))
        #expect(try h.runtime.state(of: ui) == .playing)
        #expect(h.runtime.voicesInUse == 3)
        try h.runtime.configureBus(.effects, limit: 1)
        #expect(try h.runtime.play("beep", options: .init(loop: true, priority: -1)) == .dropped(.busVoiceLimit))
    }

    // MARK: - Bad input

    @Test("bad input is refused with a clear error and changes nothing")
    func badInput() throws {
        let h = try harness()
        let voice = try #require(try h.runtime.play("beep", options: .init(loop: true)).voice)
        try h.runtime.configureBus("a", parent: .effects)
        try h.runtime.configureBus("b", parent: "a")
        #expect(throws: GameSoundError.invalidBus("making b the parent of a would make a loop")) {
            try h.runtime.configureBus("a", parent: "b")
        }
        #expect(throws: GameSoundError.unknownBus("nowhere")) { try h.runtime.play("beep", options: .init(bus: "nowhere")) }
        #expect(throws: GameSoundError.unknownBus("nowhere")) { try h.runtime.setBusVolume("nowhere", 1) }
        #expect(throws: GameSoundError.self) { try h.runtime.setBusVolume(.effects, 0.5, over: -1) }
        #expect(throws: GameSoundError.self) { try h.runtime.setVoice(voice, gain: .nan) }
        #expect(throws: GameSoundError.self) { try h.runtime.setVoice(voice, position: SIMDPosition(x: .infinity, y: 0, z: 0)) }
        #expect(throws: GameSoundError.self) { try h.runtime.addDuckingRule(DuckingRule(bus: .effects, ducks: .master, by: 6)) }
        #expect(h.runtime.busVolume(.effects) == 1)
        #expect(h.runtime.busNames.map(\.name) == ["master", "music", "effects", "ui", "voice", "ambience", "a", "b"])
        let other = try harness()
        #expect(throws: GameSoundError.foreignVoice(voice)) { try other.runtime.setVoice(voice, gain: 0) }
        #expect(throws: GameSoundError.foreignVoice(voice)) { try other.runtime.stop(voice) }
        #expect(try h.runtime.state(of: voice) == .playing)
    }

    // MARK: - Through the session

    enum Trouble: String, CaseIterable {
        case callSuspend, callRebuild, mediaServicesReset
    }

    @Test("bus volumes, mutes, pauses, a voice's changes, a ramp under way and a duck all come back after an interruption or a reset",
          arguments: Trouble.allCases)
    func survivesTheSession(trouble: Trouble) throws {
        let h = try harness(soundtrack: true, strategy: trouble == .callRebuild ? .rebuildContext : .suspendContext)
        try h.runtime.addDuckingRule(DuckingRule(bus: .voice, ducks: .music, by: 9, attack: 0.05, release: 0.05))
        let low = try #require(try h.runtime.play("low", options: .init(loop: true, bus: .ui)).voice)
        let beep = try #require(try h.runtime.play("beep", options: .init(loop: true)).voice)
        try h.render(seconds: 0.5)
        let reference = (low: lowPower(h, last(h)), beep: h.beepPower(last(h)), track: h.trackPower(last(h)))
        try h.runtime.setBusVolume(.ui, 0.5)
        try h.runtime.setVoice(beep, gain: 0.25, over: 2)  // still ramping when the trouble comes
        try h.runtime.play("beep", options: .init(loop: true, priority: 1, bus: .voice))  // ducks music
        try h.render(seconds: 0.5)
        switch trouble {
        case .callSuspend, .callRebuild: try h.perform("phone.ring")
        case .mediaServicesReset: try h.perform("mediaServices.lose")
        }
        try h.runtime.setBusMuted(.ambience, true)
        #expect(try h.runtime.pause(low))
        try h.render(seconds: 2)
        switch trouble {
        case .callSuspend, .callRebuild: try h.perform("phone.decline")
        case .mediaServicesReset: try h.perform("mediaServices.reset")
        }
        try h.render(seconds: 0.5)
        let after = last(h)
        #expect(lowPower(h, after) < 1e-9, "the voice paused during the trouble stays paused")
        #expect(try h.runtime.state(of: low) == .paused)
        // The beep's ramp ended during the trouble: at 0.25 (-12 dB), plus the voice-bus beep at full.
        let beepNow = h.beepPower(after)
        #expect(beepNow > reference.beep * 1.1, "two beeps now, not one")
        #expect(dB(h.trackPower(after)) < dB(reference.track) - 8, "music is still ducked by the voice bus")
        #expect(h.runtime.busVolume(.ui) == 0.5)
        #expect(try h.runtime.resume(low))
        try h.render(seconds: 0.25)
        #expect(abs(dB(lowPower(h, last(h))) - (dB(reference.low) - 6.02)) < 0.5, "ui at half volume")
    }

    @Test("a one-shot paused, then resumed during a call, is heard after it and ends when its sound has played, whether the call's end restores the context or builds one anew")
    func resumedDuringACall() throws {
        var ends: [[Int]] = []
        for rebuilt in [false, true] {
            let h = try Harness(soundtrack: false, strategy: .suspendContext)
            let voice = try #require(h.runtime.play("beep").voice)
            try h.render(seconds: 0.03)
            #expect(try h.runtime.pause(voice))
            try h.render(seconds: 0.03)
            try h.perform("phone.ring")
            try h.render(seconds: 0.03)
            #expect(try h.runtime.resume(voice))
            // What a new default output during the call asks for: a new device and context at its end.
            if rebuilt { #expect(h.runtime.rebuildOutput()) }
            try h.render(seconds: 0.03)
            try h.perform("phone.decline")
            let after = try h.render(seconds: 0.1)
            #expect(h.beepPower(after) > 0.01, "rebuilt \(rebuilt): the resumed beep is heard after the call")
            try h.render(seconds: 0.5)
            ends.append(h.events.filter { $0.name == "voiceEnded" }.map(\.frame))
        }
        #expect(ends[0].count == 1, "\(ends)")
        #expect(ends[1] == ends[0], "rebuilt at the call's end, the voice ends where a restored context ends it: \(ends)")
    }
}

