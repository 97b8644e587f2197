// SPDX-License-Identifier: Zlib
import AudioSession
import GameSound
import Testing

/// Interruptions, asserted on the samples: silent from the begin, audible again right after the end.
@Suite("Interruptions")
struct InterruptionTests {
    /// Renders 1 s, runs `begin`, 1 s, runs `end`, 1 s; returns the frames of the begin and the end.
    private func interrupt(_ h: Harness, begin: [String], end: [String]) throws -> (began: Int, ended: Int, before: Int?) {
        try h.runtime.play("beep", options: .init(loop: true))
        try h.render(seconds: 1)
        let before = h.runtime.soundtrackPosition
        let began = h.frame
        for action in begin { try h.perform(action) }
        try h.render(seconds: 1)
        let ended = h.frame
        for action in end { try h.perform(action) }
        try h.render(seconds: 1)
        return (began, ended, before)
    }

    @Test("phone call declined: exact silence from interruptionBegan to interruptionEnded, audible within 256 frames after, soundtrack where it stopped")
    func phoneCallDeclined() throws {
        let h = try Harness()
        let (began, ended, before) = try interrupt(h, begin: ["phone.ring"], end: ["phone.decline"])
        #expect(h.firstEvent("interruptionBegan")?.frame == began)
        #expect(h.firstEvent("interruptionEnded")?.frame == ended)
        #expect(h.isSilent(began..<ended))
        #expect(!h.isSilent((began - 256)..<began))
        let audible = try #require(h.firstAudibleFrame(from: ended))
        #expect(audible - ended < 256)
        #expect(h.trackPower(ended..<(ended + 4_800)) > 0.01)
        #expect(h.beepPower(ended..<(ended + 4_800)) > 0.01)
        let position = try #require(h.runtime.soundtrackPosition)
        let expected = (try #require(before) + 48_000) % 192_000  // one more second was heard after the end
        #expect(abs(position - expected) <= 4_096)
        #expect(h.logContainsInOrder(["phone.ring", "interruptionBegan", "contextCleared",
                                      "phone.decline", "interruptionEnded", "sessionActivated", "contextRestored"]))
    }

    @Test("a one-shot that played out just before a call, its end not noticed yet, is not heard again after the call",
          arguments: GameSoundConfiguration.InterruptionStrategy.allCases)
    func playedOutBeforeCall(strategy: GameSoundConfiguration.InterruptionStrategy) throws {
        // The beep is 14 400 frames; the update that would notice its end is at 14 592. The call
        // comes at 14 500. Storm seed 63821: with the suspend strategy the stopped source was told
        // to play again after the call, which starts a stopped source's sound over.
        let h = try Harness(policy: .effectsOnly, soundtrack: false, strategy: strategy)
        try #require(try h.runtime.play("beep").voice != nil)
        try h.render(frames: 14_500)
        // (Not asked through the voice: asking notices a stopped source and ends the voice.)
        #expect(h.firstEvent("voiceEnded") == nil, "its end is not noticed yet")
        try h.perform("phone.ring")
        try h.render(seconds: 0.5)
        try h.perform("phone.decline")
        let restored = h.frame
        let after = try h.render(seconds: 0.5)
        #expect(h.isSilent(after), "the beep is not played again")
        let ended = try #require(h.firstEvent("voiceEnded"))
        #expect(ended.details.contains { $0.value == .string("finished") })
        #expect(ended.frame >= restored && ended.frame < restored + 256, "ended at the first update after the call")
    }

    @Test("call accepted, then hung up: silent through the whole call, back after the hang-up with no interruptionEnded")
    func callAcceptedThenHungUp() throws {
        let h = try Harness()
        let (began, ended, _) = try interrupt(h, begin: ["phone.ring", "phone.accept"], end: ["phone.hangUp"])
        #expect(h.isSilent(began..<ended))
        #expect(try #require(h.firstAudibleFrame(from: ended)) - ended < 256)
        #expect(h.events.count { $0.name == "interruptionBegan" } == 1)
        #expect(h.events.count { $0.name == "interruptionEnded" } == 0)
    }

    @Test("an alarm interrupts, and dismissing it brings the sound back")
    func alarm() throws {
        let h = try Harness()
        let (began, ended, _) = try interrupt(h, begin: ["alarm.fire"], end: ["alarm.dismiss"])
        #expect(h.isSilent(began..<ended))
        #expect(try #require(h.firstAudibleFrame(from: ended)) - ended < 256)
    }

    @Test("an interruption that never ends is recovered when the app comes to the foreground")
    func beginWithoutEndThenForeground() throws {
        let h = try Harness()
        try h.render(seconds: 0.5)
        try h.perform("app.background")
        try h.render(seconds: 0.5)
        let back = h.frame
        try h.perform("app.foreground")
        try h.render(seconds: 0.5)
        #expect(h.firstEvent("interruptionEnded") == nil)
        #expect(h.firstEvent("sessionActivated", after: back) != nil)
        #expect(h.trackPower(back..<(back + 4_800)) > 0.01)
        #expect(h.runtime.isRunning)
    }

    @Test("an effect fired during an interruption is dropped with a reason, and nothing reaches OpenAL")
    func fireDuringInterruption() throws {
        let h = try Harness()
        try h.render(seconds: 0.25)
        try h.perform("phone.ring")
        let outcome = try h.runtime.play("beep")
        #expect(outcome == .dropped(.interrupted))
        #expect(h.firstEvent("effectDropped")?["reason"] == .string("interrupted"))
        #expect(h.isSilent(try h.render(seconds: 0.25)))
        try h.perform("phone.decline")
        let after = try h.render(seconds: 0.5)
        #expect(h.beepPower(after) < 1e-5)  // the dropped one-shot does not play late
        #expect(h.firstEvent("restoreFailed") == nil && h.firstEvent("soundtrackFailed") == nil)
        #expect(h.runtime.isRunning)
    }

    @Test("soundtrack commands during an interruption take effect at its end")
    func soundtrackCommandDuringInterruption() throws {
        let h = try Harness()
        try h.render(seconds: 0.25)
        try h.perform("phone.ring")
        try h.runtime.pauseSoundtrack()
        try h.perform("phone.decline")
        let after = try h.render(seconds: 0.25)
        #expect(h.isSilent(after))
        try h.runtime.resumeSoundtrack()
        #expect(h.trackPower(try h.render(seconds: 0.25)) > 0.01)
    }

    @Test("the legacy strategy (destroy and rebuild the context) gives the same audible result",
          arguments: [GameSoundConfiguration.InterruptionStrategy.rebuildContext])
    func legacyStrategy(strategy: GameSoundConfiguration.InterruptionStrategy) throws {
        let modern = try Harness()
        let legacy = try Harness(strategy: strategy)
        let a = try interrupt(modern, begin: ["phone.ring"], end: ["phone.decline"])
        let b = try interrupt(legacy, begin: ["phone.ring"], end: ["phone.decline"])
        #expect(a.began == b.began && a.ended == b.ended)
        #expect(legacy.isSilent(b.began..<b.ended))
        #expect(try #require(legacy.firstAudibleFrame(from: b.ended)) - b.ended < 256)
        #expect(legacy.logContainsInOrder(["interruptionBegan", "contextDestroyed", "interruptionEnded",
                                           "sessionActivated", "contextRebuilt"]))
        // The same sources at the same offsets: the two renders agree block by block after the end.
        for block in stride(from: b.ended + 480, to: b.ended + 43_200, by: 4_800) {
            let range = block..<(block + 4_800)
            #expect(abs(modern.rms(range) - legacy.rms(range)) < 0.01)
        }
        #expect(abs((modern.runtime.soundtrackPosition ?? 0) - (legacy.runtime.soundtrackPosition ?? -1)) <= 4_096)
    }

    @Test("100 interruption cycles and 10 media resets leave as many live OpenAL sources and buffers as at the start")
    func noLeaks() throws {
        for strategy in GameSoundConfiguration.InterruptionStrategy.allCases {
            let h = try Harness(strategy: strategy)
            try h.render(seconds: 0.05)
            let baseline = h.runtime.liveOpenALObjects
            for cycle in 0..<100 {
                try h.runtime.play("beep", options: .init(loop: cycle.isMultiple(of: 2)))
                try h.perform("phone.ring")
                try h.render(seconds: 0.01)
                try h.perform("phone.decline")
                try h.render(seconds: 0.01)
            }
            for _ in 0..<10 {
                try h.perform("mediaServices.lose")
                try h.render(seconds: 0.01)
                try h.perform("mediaServices.reset")
                try h.render(seconds: 0.01)
            }
            try h.runtime.stopAllEffects()
            try h.render(seconds: 0.05)
            let after = h.runtime.liveOpenALObjects
            #expect(after.sources == baseline.sources, "\(strategy)")
            #expect(after.buffers == baseline.buffers, "\(strategy)")
            #expect(h.trackPower((h.frame - 2_400)..<h.frame) > 0.01)
        }
    }
}

@Suite("Interruptions seen from an event observer")
struct InterruptionObserverTests {
    @Test("an effect fired from the interruptionBegan observer is dropped, not played after the call")
    func fireFromObserver() throws {
        let h = try Harness()
        let outcomes = Mutex<[PlayOutcome]>([])
        let runtime = h.runtime
        let token = runtime.addEventObserver { event in
            if event.name == "interruptionBegan", let outcome = try? runtime.play("beep") {
                outcomes.withLock { $0.append(outcome) }
            }
        }
        defer { token.cancel() }
        try h.render(seconds: 0.1)
        try h.perform("phone.ring")
        try h.render(seconds: 0.1)
        try h.perform("phone.decline")
        let after = try h.render(seconds: 0.2)
        #expect(outcomes.withLock { $0 } == [.dropped(.interrupted)])
        #expect(h.beepPower(after) < 1e-6)
    }
}

import Synchronization
