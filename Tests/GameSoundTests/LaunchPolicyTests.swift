// SPDX-License-Identifier: Zlib
import AudioSession
import GameSound
import Testing

/// What the runtime decides at launch, heard in the rendered audio.
@Suite("Launch policy")
struct LaunchPolicyTests {
    @Test("music at launch: ambient, effects audible, no soundtrack, the music plays on")
    func musicAtLaunch() throws {
        let h = try Harness(launch: .init(otherAudio: .music))
        #expect(h.runtime.session.category == .ambient)
        let quiet = try h.render(seconds: 0.25)
        #expect(h.isSilent(quiet))
        try h.runtime.play("beep")
        let beep = try h.render(seconds: 0.25)
        #expect(h.beepPower(beep) > 0.01)
        #expect(h.trackPower(beep) < 1e-5)
        #expect(h.system.isMusicPlaying)
        #expect(h.firstEvent("soundtrackStarted") == nil)
        #expect(h.events.first?.name == "categorySet")
        #expect(h.events.first?["category"] == .string("ambient"))
    }

    @Test("a quiet launch: soloAmbient with the soundtrack audible from the first block")
    func quietLaunch() throws {
        let h = try Harness()
        #expect(h.runtime.session.category == .soloAmbient)
        let start = try h.render(seconds: 0.25)
        #expect(h.trackPower(start) > 0.01)
        #expect(h.logContainsInOrder(["categorySet", "sessionActivated", "soundtrackStarted"]))
        #expect(h.firstEvent("soundtrackStarted")?["position"] == .integer(0))
    }

    @Test("effectsOnly never starts a soundtrack, even on a quiet launch")
    func effectsOnly() throws {
        let h = try Harness(policy: .effectsOnly)
        #expect(h.runtime.session.category == .ambient)
        #expect(h.isSilent(try h.render(seconds: 0.25)))
        try h.runtime.playSoundtrack()
        #expect(h.isSilent(try h.render(seconds: 0.25)))
    }

    @Test("effectsPlusSoundtrack takes over from the music with its soundtrack")
    func effectsPlusSoundtrack() throws {
        let h = try Harness(policy: .effectsPlusSoundtrack, launch: .init(otherAudio: .music))
        #expect(h.runtime.session.category == .soloAmbient)
        #expect(!h.system.isMusicPlaying)
        #expect(h.trackPower(try h.render(seconds: 0.25)) > 0.01)
    }

    @Test("a mixable peer at launch also means ambient and no soundtrack")
    func mixablePeerAtLaunch() throws {
        let h = try Harness(launch: .init(otherAudio: .mixable))
        #expect(h.runtime.session.category == .ambient)
        #expect(h.isSilent(try h.render(seconds: 0.25)))
    }
}
