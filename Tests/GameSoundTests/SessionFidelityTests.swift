// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioSession
import GameSound
import Foundation
import Testing

/// The session rules a player hears, each on rendered audio and the event log: the hint read again on
/// every return, the answered call, being ducked, the I/O configuration and the output override.
@Suite("Session fidelity")
struct SessionFidelityTests {
    /// A game that launched over the player's music (ambient, no soundtrack), heard its soundtrack once
    /// the music stopped, and had it held again by the hint when the music came back.
    private func gameHeldByHint(strategy: GameSoundConfiguration.InterruptionStrategy = .suspendContext) throws -> Harness {
        let h = try Harness(launch: LaunchState(otherAudio: .music), strategy: strategy)
        try h.render(seconds: 0.25)
        try h.perform("music.pause")
        try h.render(seconds: 0.5)
        #expect(h.trackPower((h.frame - 4_800)..<h.frame) > 0.01, "the soundtrack plays once the music stops")
        try h.perform("music.play")
        try h.render(seconds: 0.5)
        #expect(h.trackPower((h.frame - 4_800)..<h.frame) < 1e-4, "the hint holds the soundtrack")
        return h
    }

    @Test("hint re-read: the music stops during an alarm, a call or the background; when the game comes back its soundtrack starts",
          arguments: [["alarm.fire"], ["phone.ring"], ["app.background"]])
    func musicStopsWhileAway(away: [String]) throws {
        let h = try gameHeldByHint()
        for action in away { try h.perform(action) }
        try h.render(seconds: 0.25)
        try h.perform("music.pause")
        try h.render(seconds: 0.25)
        let back = h.frame
        let comeBack = ["alarm.fire": "alarm.dismiss", "phone.ring": "phone.decline", "app.background": "app.foreground"]
        try h.perform(try #require(comeBack[away[0]]))
        try h.render(seconds: 0.5)
        #expect(h.runtime.session.category == .soloAmbient)
        #expect(h.trackPower(back..<(back + 4_800)) > 0.01, "the soundtrack is heard again")
        #expect(h.firstEvent("soundtrackResumed", after: back) != nil || h.firstEvent("soundtrackStarted", after: back) != nil)
    }

    @Test("hint re-read: the music starts while the game is away; it comes back ambient with no soundtrack",
          arguments: [["app.background"], ["otherApp.activate"]])
    func musicStartsWhileAway(away: [String]) throws {
        let h = try Harness()
        try h.render(seconds: 0.5)
        #expect(h.trackPower((h.frame - 4_800)..<h.frame) > 0.01)
        if away[0] == "otherApp.activate" {
            try h.perform("otherApp.activate", ["category": .string("playback")])
        } else {
            try h.perform("app.background")
        }
        try h.render(seconds: 0.25)
        try h.perform("music.play")
        try h.render(seconds: 0.25)
        let back = h.frame
        if away[0] == "otherApp.activate" {
            try h.perform("otherApp.deactivate", ["notifyOthers": .bool(true)])
        } else {
            try h.perform("app.foreground")
        }
        try h.render(seconds: 0.5)
        #expect(h.runtime.session.category == .ambient)
        #expect(h.runtime.session.isActive)
        #expect(h.trackPower(back..<h.frame) < 1e-4, "no soundtrack over the player's music")
        try h.runtime.play("beep")
        let fired = h.frame
        try h.render(seconds: 0.1)
        #expect(h.beepPower(fired..<h.frame) > 0.01, "effects still play")
    }

    @Test("hint re-read after a media-services reset: the music stopped while they were lost, the soundtrack comes back",
          arguments: GameSoundConfiguration.InterruptionStrategy.allCases)
    func musicStopsDuringMediaServicesLoss(strategy: GameSoundConfiguration.InterruptionStrategy) throws {
        let h = try gameHeldByHint(strategy: strategy)
        try h.perform("mediaServices.lose")
        try h.render(seconds: 0.25)
        try h.perform("music.pause")
        let back = h.frame
        try h.perform("mediaServices.reset")
        try h.render(seconds: 0.5)
        #expect(h.trackPower(back..<(back + 4_800)) > 0.01)
    }

    @Test("hint re-read after a failed activation is retried: the player returns during the call, the music stopped, the soundtrack comes after hang-up")
    func musicStopsBeforeRetriedActivation() throws {
        let h = try gameHeldByHint()
        try h.perform("phone.ring")
        try h.perform("phone.accept")
        try h.perform("music.pause")
        try h.perform("app.foreground")
        try h.render(seconds: 0.25)
        #expect(h.events.contains { $0.name == "activationFailed" })
        let hungUp = h.frame
        try h.perform("phone.hangUp")
        try h.render(seconds: 0.5)
        #expect(h.trackPower(hungUp..<(hungUp + 9_600)) > 0.01)
    }

    @Test("an answered call ends with no interruptionEnded: the game recovers through the foreground at hang-up, soundtrack where it was",
          arguments: GameSoundConfiguration.InterruptionStrategy.allCases)
    func answeredCall(strategy: GameSoundConfiguration.InterruptionStrategy) throws {
        let h = try Harness(strategy: strategy)
        try h.runtime.play("beep", options: .init(loop: true))
        try h.render(seconds: 1)
        let before = try #require(h.runtime.soundtrackPosition)
        let rang = h.frame
        try h.perform("phone.ring")
        try h.perform("phone.accept")
        #expect(h.system.appState == .suspended)
        try h.render(seconds: 1)
        let hungUp = h.frame
        try h.perform("phone.hangUp")
        #expect(h.system.appState == .foreground)
        try h.render(seconds: 0.5)
        #expect(h.isSilent(rang..<hungUp))
        #expect(try #require(h.firstAudibleFrame(from: hungUp)) - hungUp < 256)
        #expect(h.trackPower(hungUp..<(hungUp + 4_800)) > 0.01)
        #expect(h.beepPower(hungUp..<(hungUp + 4_800)) > 0.01)
        #expect(!h.eventNames.contains("interruptionEnded"))
        #expect(h.logContainsInOrder(["phone.ring", "interruptionBegan", "phone.accept", "phone.hangUp", "sessionActivated"]))
        let position = try #require(h.runtime.soundtrackPosition)
        #expect(abs(position - (before + 24_000) % 192_000) <= 4_096)
    }

    // MARK: Ducking

    /// Frames of the left channel, their RMS in dBFS.
    private func level(_ h: Harness, _ frames: Range<Int>) -> Double {
        20 * log10(Double(max(h.rms(frames), 1e-9)))
    }

    @Test("ducking is heard: a duckOthers peer lowers an ambient game ≥ 10 dB within 100 ms without a click, restored within 100 ms",
          arguments: GameSoundConfiguration.InterruptionStrategy.allCases)
    func duckingIsHeard(strategy: GameSoundConfiguration.InterruptionStrategy) throws {
        let h = try Harness(policy: .effectsOnly, soundtrack: false, strategy: strategy)
        try h.runtime.play("beep", options: .init(loop: true))
        try h.render(seconds: 0.5)
        let full = level(h, (h.frame - 4_800)..<h.frame)
        let ducked = h.frame
        try h.perform("otherApp.activate", ["category": .string("playback"), "options": .strings(["duckOthers"])])
        try h.render(seconds: 0.5)
        #expect(h.runtime.isDucked)
        #expect(level(h, (ducked + 4_800)..<(ducked + 9_600)) <= full - 10, "down by 10 dB within 100 ms")
        #expect(level(h, ducked..<(ducked + 480)) > full - 3, "a ramp, not a step")
        #expect(h.runtime.session.isActive, "ducked, not interrupted")
        let event = try #require(h.firstEvent("duckBegan"))
        #expect(event.origin == .system)
        #expect(event.frame == ducked)

        // The duck survives an interruption: after the call the game is still lowered.
        try h.perform("phone.ring")
        try h.render(seconds: 0.25)
        try h.perform("phone.decline")
        let afterCall = h.frame
        try h.render(seconds: 0.25)
        #expect(level(h, (afterCall + 4_800)..<(afterCall + 9_600)) <= full - 10)

        let restored = h.frame
        try h.perform("otherApp.deactivate")
        try h.render(seconds: 0.5)
        #expect(abs(level(h, (restored + 4_800)..<(restored + 9_600)) - full) < 1, "back to full within 100 ms")
        #expect(h.firstEvent("duckEnded", after: restored)?.origin == .system)
        #expect(!h.runtime.isDucked)
        #expect(maxStep(h, ducked..<(ducked + 4_800)) <= maxStep(h, (ducked - 4_800)..<ducked) * 1.05,
                "no sample-to-sample jump larger than the tone's own while the ramp runs")
    }

    @Test("a navigation prompt is heard as a duck: a mixable app active at launch activates again with duckOthers, the game drops 12 dB, then comes back",
          arguments: GameSoundConfiguration.InterruptionStrategy.allCases)
    func navigationPromptDucks(strategy: GameSoundConfiguration.InterruptionStrategy) throws {
        let h = try Harness(launch: LaunchState(otherAudio: .mixable), soundtrack: false, strategy: strategy)
        try h.runtime.play("beep", options: .init(loop: true))
        try h.render(seconds: 0.5)
        #expect(h.runtime.session.category == .ambient, "other audio at launch: the game mixes")
        let full = level(h, (h.frame - 4_800)..<h.frame)
        let prompt = h.frame
        try h.perform("otherApp.activate", ["category": .string("playback"), "options": .strings(["duckOthers"])])
        try h.render(seconds: 0.5)
        let ducked = level(h, (prompt + 4_800)..<(prompt + 9_600))
        #expect(abs(ducked - (full - 12)) < 0.5, "down by the duck amount, 12 dB: \(full) -> \(ducked)")
        #expect(h.firstEvent("duckBegan")?.frame == prompt)
        #expect(h.runtime.session.isActive, "ducked, not interrupted")
        #expect(!h.eventNames.contains("interruptionBegan"))

        let done = h.frame
        try h.perform("otherApp.activate", ["category": .string("playback"), "options": .strings(["mixWithOthers"])])
        try h.render(seconds: 0.5)
        #expect(abs(level(h, (done + 4_800)..<(done + 9_600)) - full) < 0.5, "back to full within 100 ms")
        #expect(h.firstEvent("duckEnded", after: done)?.frame == done)
        #expect(!h.runtime.isDucked)
        #expect(h.system.isOtherAppPlaying, "the navigation app never stopped")
    }

    @Test("a mixable app that turns non-mixable while active interrupts a soloAmbient game until it deactivates",
          arguments: GameSoundConfiguration.InterruptionStrategy.allCases)
    func peerTurnsNonMixable(strategy: GameSoundConfiguration.InterruptionStrategy) throws {
        let h = try Harness(policy: .effectsPlusSoundtrack, launch: LaunchState(otherAudio: .mixable),
                            soundtrack: false, strategy: strategy)
        try h.runtime.play("beep", options: .init(loop: true))
        try h.render(seconds: 0.5)
        #expect(h.runtime.session.category == .soloAmbient)
        let full = level(h, (h.frame - 4_800)..<h.frame)
        let taken = h.frame
        try h.perform("otherApp.activate", ["category": .string("playback")])
        try h.render(seconds: 0.25)
        try h.perform("otherApp.activate", ["category": .string("playback"), "options": .strings(["mixWithOthers"])])
        try h.render(seconds: 0.25)
        #expect(h.isSilent(taken..<h.frame), "silent from the moment it stops mixing, still after it mixes again")
        #expect(h.firstEvent("interruptionBegan")?.frame == taken)
        #expect(!h.runtime.session.isActive)

        let back = h.frame
        try h.perform("otherApp.deactivate")
        try h.render(seconds: 0.5)
        #expect(h.logContainsInOrder(["otherApp.deactivate", "interruptionEnded", "sessionActivated"]))
        #expect(abs(level(h, (back + 4_800)..<(back + 9_600)) - full) < 1, "the game resumes without shouldResume")
    }

    /// The largest change from one sample to the next on the left channel.
    private func maxStep(_ h: Harness, _ frames: Range<Int>) -> Float {
        let left = h.left(frames)
        return zip(left, left.dropFirst()).map { abs($1 - $0) }.max() ?? 0
    }

    @Test("a non-mixable game (soloAmbient) is not ducked: same level, no duckBegan, no interruption")
    func soloAmbientNotDucked() throws {
        let h = try Harness(policy: .effectsPlusSoundtrack, soundtrack: false)
        try h.runtime.play("beep", options: .init(loop: true))
        try h.render(seconds: 0.5)
        let full = level(h, (h.frame - 4_800)..<h.frame)
        try h.perform("otherApp.activate", ["category": .string("playback"), "options": .strings(["duckOthers"])])
        try h.render(seconds: 0.5)
        #expect(abs(level(h, (h.frame - 4_800)..<h.frame) - full) < 0.5)
        #expect(!h.eventNames.contains("duckBegan"))
        #expect(!h.eventNames.contains("interruptionBegan"))
    }

    @Test("a duck that began before a media-services reset holds after the rebuild")
    func duckAcrossMediaServicesReset() throws {
        let h = try Harness(policy: .effectsOnly, soundtrack: false)
        try h.runtime.play("beep", options: .init(loop: true))
        try h.render(seconds: 0.5)
        let full = level(h, (h.frame - 4_800)..<h.frame)
        try h.perform("otherApp.activate", ["category": .string("playback"), "options": .strings(["duckOthers"])])
        try h.render(seconds: 0.25)
        try h.perform("mediaServices.reset")
        let reset = h.frame
        try h.render(seconds: 0.5)
        #expect(level(h, (reset + 4_800)..<(reset + 9_600)) <= full - 10)
    }

    // MARK: Activation, I/O configuration, override

    @Test("a soloAmbient game's activation spares a mixable peer: it plays on")
    func activationSparesMixablePeer() throws {
        let h = try Harness(policy: .effectsPlusSoundtrack, launch: LaunchState(otherAudio: .mixable))
        try h.render(seconds: 0.25)
        #expect(h.runtime.session.category == .soloAmbient)
        #expect(h.system.isOtherAppPlaying)
        #expect(h.trackPower(0..<h.frame) > 0.01)
    }

    @Test("the I/O configuration granted at activation is logged, and the screen lock's 4096-frame buffer comes and goes")
    func ioConfiguration() throws {
        let h = try Harness()
        try h.render(seconds: 0.1)
        let first = try #require(h.firstEvent("ioConfigurationChanged"))
        #expect(first.details == [.init("sampleRate", .integer(48_000)), .init("ioBufferFrames", .integer(256))])
        #expect(h.logContainsInOrder(["sessionActivated", "ioConfigurationChanged"]))
        try h.perform("screen.lock")
        try h.render(seconds: 0.1)
        try h.perform("screen.unlock")
        try h.render(seconds: 0.1)
        let changes = h.events.filter { $0.name == "ioConfigurationChanged" }.map { $0.details[1].value }
        #expect(changes == [.integer(256), .integer(4_096), .integer(256)])
    }

    @Test("the output override moves a voice-chat game to the speaker with reason override, and the soundtrack never pauses")
    func overrideNeverPauses() throws {
        let h = try Harness(policy: .voiceChat, launch: LaunchState(route: .headphones),
                            routePolicy: .pauseSoundtrackOnDeviceLoss)
        try h.render(seconds: 0.25)
        #expect(h.runtime.session.currentRoute.outputs == [.headphones])
        let overridden = h.frame
        try h.perform("session.overrideOutput", ["port": .string("speaker")])
        try h.render(seconds: 0.25)
        try h.perform("session.overrideOutput", ["port": .string("none")])
        try h.render(seconds: 0.25)
        let reasons = h.events.filter { $0.name == "routeChanged" }.compactMap { $0.details.first?.value }
        #expect(reasons == [.string("override"), .string("override")])
        #expect(!h.eventNames.contains("soundtrackPaused"))
        #expect(h.trackPower(overridden..<h.frame) > 0.01)
        #expect(Signal.isExactlySilent(h.left(overridden..<h.frame)) == false)
    }

    @Test("the output override on a game that is not playAndRecord is refused and changes nothing")
    func overrideRefused() throws {
        let h = try Harness()
        try h.render(seconds: 0.1)
        #expect(throws: SystemActionError.self) { try h.perform("session.overrideOutput", ["port": .string("speaker")]) }
        try h.render(seconds: 0.25)
        #expect(!h.eventNames.contains("routeChanged"))
        #expect(h.trackPower((h.frame - 4_800)..<h.frame) > 0.01)
    }
}
