// SPDX-License-Identifier: Zlib
import AudioSession
import GameSound
import Testing

/// Silencing, the secondary-audio hint, routes and media services, heard in the output.
@Suite("System events")
struct SystemEventTests {
    @Test("silent switch in soloAmbient: exact silence while on, positions advance, sound back when off")
    func silentSwitchSoloAmbient() throws {
        let h = try Harness()
        try h.render(seconds: 0.5)
        let before = try #require(h.runtime.soundtrackPosition)
        try h.perform("silentSwitch.on")
        let silenced = try h.render(seconds: 0.5)
        #expect(h.isSilent(silenced))
        #expect(h.firstEvent("outputSilenced")?["cause"] == .string("silentSwitch"))
        #expect(try #require(h.runtime.soundtrackPosition) - before >= 24_000 - 4_096)
        try h.perform("silentSwitch.off")
        let back = try h.render(seconds: 0.25)
        #expect(h.firstAudibleFrame(from: back.lowerBound) == back.lowerBound)
        #expect(h.firstEvent("outputUnsilenced") != nil)
    }

    @Test("silent switch in mediaPlayback: the playback category keeps sounding")
    func silentSwitchMediaPlayback() throws {
        let h = try Harness(policy: .mediaPlayback)
        #expect(h.runtime.session.category == .playback)
        try h.perform("silentSwitch.on")
        #expect(h.trackPower(try h.render(seconds: 0.25)) > 0.01)
        #expect(h.firstEvent("outputSilenced") == nil)
    }

    @Test("screen lock silences ambient effects too", arguments: ["screen.lock"])
    func screenLock(action: String) throws {
        let h = try Harness(launch: .init(otherAudio: .music))
        try h.perform(action)
        try h.runtime.play("beep")
        #expect(h.isSilent(try h.render(seconds: 0.25)))
        #expect(h.firstEvent("outputSilenced")?["cause"] == .string("screenLocked"))
    }

    @Test("secondary hint in ambient: the soundtrack fades and pauses, effects play on; then it comes back")
    func secondaryHint() throws {
        let h = try Harness(launch: .init(otherAudio: .music))
        #expect(h.runtime.session.category == .ambient)
        try h.perform("music.pause")  // hint ends: the held-back soundtrack starts
        let started = try h.render(seconds: 0.5)
        #expect(h.trackPower(started) > 0.01)
        #expect(h.firstEvent("secondaryHintEnded") != nil)
        try h.perform("music.play")
        #expect(h.firstEvent("secondaryHintBegan") != nil)
        try h.render(seconds: 0.3)  // the fade (0.25 s)
        try h.runtime.play("beep")
        let hinted = try h.render(seconds: 0.25)
        #expect(h.trackPower(hinted) < 1e-6)
        #expect(h.beepPower(hinted) > 0.01)
        #expect(h.firstEvent("soundtrackPaused") != nil)
        try h.perform("music.pause")
        let resumed = try h.render(seconds: 0.5)
        #expect(h.trackPower(resumed) > 0.01)
        #expect(h.firstEvent("soundtrackResumed") != nil)
        #expect(h.events.allSatisfy { $0.name != "interruptionBegan" })
    }

    @Test("headphones pulled: a game plays on by default")
    func headphonesPulledGame() throws {
        let h = try Harness()
        try h.perform("route.plug", ["port": .string("headphones")])
        try h.render(seconds: 0.25)
        try h.perform("route.unplug", ["port": .string("headphones")])
        let after = try h.render(seconds: 0.25)
        #expect(h.trackPower(after) > 0.01)
        let change = try #require(h.events.last { $0.name == "routeChanged" })
        #expect(change["reason"] == .string("oldDeviceUnavailable"))
        #expect(change["previous"] == .string("headphones"))
        #expect(change["current"] == .string("builtInSpeaker"))
    }

    @Test("headphones pulled under mediaPlayback: the soundtrack pauses, effects still play")
    func headphonesPulledMedia() throws {
        let h = try Harness(policy: .mediaPlayback)
        try h.perform("route.plug", ["port": .string("headphones")])
        try h.render(seconds: 0.25)
        try h.perform("route.unplug", ["port": .string("headphones")])
        try h.runtime.play("beep")
        let after = try h.render(seconds: 0.25)
        #expect(h.trackPower(after) < 1e-6)
        #expect(h.beepPower(after) > 0.01)
        #expect(h.firstEvent("soundtrackPaused") != nil)
        // A route that only gains a device never pauses.
        try h.runtime.resumeSoundtrack()
        try h.perform("route.plug", ["port": .string("headphones")])
        #expect(h.trackPower(try h.render(seconds: 0.25)) > 0.01)
    }

    @Test("media services lost and reset: silence while lost, then a new device with the soundtrack where it was")
    func mediaServicesReset() throws {
        let h = try Harness()
        try h.runtime.play("beep", options: .init(loop: true))
        try h.render(seconds: 1)
        let before = try #require(h.runtime.soundtrackPosition)
        try h.perform("mediaServices.lose")
        #expect(try h.runtime.play("beep") == .dropped(.mediaServicesLost))
        let lost = try h.render(seconds: 0.5)
        #expect(h.isSilent(lost))
        #expect(h.runtime.soundtrackPosition == before)  // frozen while lost, not reset
        try h.perform("mediaServices.reset")
        let back = try h.render(seconds: 0.5)
        #expect(try #require(h.firstAudibleFrame(from: back.lowerBound)) - back.lowerBound < 256)
        #expect(h.trackPower(back) > 0.01)
        #expect(h.beepPower(back) > 0.01)  // the looping effect was restored
        let position = try #require(h.runtime.soundtrackPosition)
        #expect(abs(position - (before + 24_000)) <= 4_096)
        #expect(h.logContainsInOrder(["mediaServicesLost", "contextDestroyed", "mediaServicesReset", "contextRebuilt",
                                      "categorySet", "sessionActivated", "soundtrackResumed"]))
        #expect(h.events.last { $0.name == "soundtrackResumed" }?["position"] == .integer(before))
    }

    @Test("the same actions rendered twice give identical bytes")
    func deterministic() throws {
        func run() throws -> [Float] {
            let h = try Harness()
            try h.render(seconds: 0.3)
            try h.runtime.play("beep", options: .init(gain: 0.7, pan: -0.4))
            try h.render(seconds: 0.3)
            try h.perform("phone.ring")
            try h.render(seconds: 0.2)
            try h.perform("phone.decline")
            try h.perform("silentSwitch.on")
            try h.render(seconds: 0.2)
            try h.perform("silentSwitch.off")
            try h.render(seconds: 0.5)
            return h.samples
        }
        let first = try run()
        #expect(first == (try run()))
        #expect(first.contains { $0 != 0 })
    }
}
