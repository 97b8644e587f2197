// SPDX-License-Identifier: Zlib
import AudioSession
import GameSound
import Testing

/// A real system (the desktop, played here by a simulated system the game cannot reach) with the
/// silent switch and the screen lock simulated on top: what a C game on the desktop gets.
@Suite("Simulated switches on a real system")
struct SimulatedSwitchesTests {
    @Test("the simulated silent switch silences the game exactly and it is heard again within a block")
    func silentSwitch() throws {
        let h = try Harness(overlaid: true)
        #expect(h.trackPower(try h.render(seconds: 0.25)) > 0.01)
        try h.perform("silentSwitch.on")
        #expect(h.isSilent(try h.render(seconds: 0.5)))
        #expect(h.firstEvent("outputSilenced")?["cause"] == .string("silentSwitch"))
        try h.perform("silentSwitch.off")
        let back = try h.render(seconds: 0.25)
        #expect(h.firstAudibleFrame(from: back.lowerBound) == back.lowerBound)
        #expect(h.trackPower(back) > 0.01)
    }

    @Test("the simulated screen lock silences an ambient game; the playback category sounds on")
    func screenLock() throws {
        let ambient = try Harness(policy: .effectsOnly, overlaid: true)
        try ambient.perform("screen.lock")
        try ambient.runtime.play("beep")
        #expect(ambient.isSilent(try ambient.render(seconds: 0.25)))
        #expect(ambient.firstEvent("outputSilenced")?["cause"] == .string("screenLocked"))

        let playback = try Harness(policy: .mediaPlayback, overlaid: true)
        try playback.perform("screen.lock")
        #expect(playback.trackPower(try playback.render(seconds: 0.25)) > 0.01)
        #expect(playback.firstEvent("outputSilenced") == nil)
    }

    @Test("what the real system reports is refused and changes nothing", arguments: [
        SystemAction.phoneRing, .alarmFire, .musicPlay, .mediaServicesLose, .routePlug(port: .headphones),
        .volumeSet(0.5), .otherAppActivate(category: .playback, options: .duckOthers),
    ])
    func reportedActionsAreRefused(action: SystemAction) throws {
        let h = try Harness(overlaid: true)
        try h.render(seconds: 0.25)
        #expect(throws: SystemActionError(action: action, reason: .reportedBySystem)) { try h.runtime.perform(action) }
        let after = try h.render(seconds: 0.25)
        #expect(h.trackPower(after) > 0.01, "the game plays on")
        #expect(!h.runtime.session.isInterrupted)
        #expect(h.system.isMusicPlaying == false && h.system.mediaServicesAvailable)
    }

    @Test("the app's lifecycle is not simulated on a real system")
    func lifecycleIsNotSimulated() throws {
        let h = try Harness(overlaid: true)
        #expect(throws: SystemActionError(action: .appBackground, reason: .systemNotSimulated)) {
            try h.runtime.perform(.appBackground)
        }
        #expect(h.trackPower(try h.render(seconds: 0.25)) > 0.01)
    }

    @Test("what the real system reports still reaches the game under the switches: a call silences it and it comes back")
    func realSystemStillReports() throws {
        let h = try Harness(overlaid: true)
        try h.render(seconds: 0.25)
        try h.system.perform(.phoneRing)  // the desktop rings, not the game
        #expect(h.isSilent(try h.render(seconds: 0.5)))
        #expect(h.firstEvent("interruptionBegan") != nil)
        try h.system.perform(.phoneDecline)
        let back = try h.render(seconds: 0.25)
        #expect(h.trackPower(back) > 0.01)
        #expect(h.firstEvent("interruptionEnded") != nil)
    }

    @Test("the status version moves with the switches and with the real system, and the launch switches hold")
    func statusVersion() throws {
        let base = SimulatedSystem()
        let overlay = SimulatedSwitchesOverlay(wrapping: base, silentSwitch: true)
        let session = AudioSession(system: overlay)
        try session.setCategory(.soloAmbient)
        #expect(session.outputSilenceCause == .silentSwitch)
        let first = try #require(overlay.statusVersion)
        try overlay.perform(.silentSwitchOff)
        let second = try #require(overlay.statusVersion)
        #expect(second != first)
        #expect(session.outputSilenceCause == nil)
        try base.perform(.musicPlay)
        #expect(try #require(overlay.statusVersion) != second)
        #expect(session.isOtherAudioPlaying)
    }
}
