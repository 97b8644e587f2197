// SPDX-License-Identifier: Zlib
@testable import GameSound
import Testing

/// ``SoundtrackRequest``: what the game asked of the soundtrack and what holds it back, as a plain
/// value of the model, changed and read here with no device. (SoundtrackTests hears what a runtime
/// makes of it.)
@Suite("The soundtrack's request")
struct SoundtrackRequestTests {
    @Test("the configuration's track plays once the runtime starts; with none there is nothing to play")
    func startingTrack() {
        var chosen = SoundtrackRequest(path: "music/theme.ogg")
        #expect(chosen.intent == .stopped && !chosen.isWanted(policyAllows: true, musicBusPaused: false))
        chosen.playIfChosen()
        #expect(chosen.intent == .playing && chosen.isWanted(policyAllows: true, musicBusPaused: false))

        var none = SoundtrackRequest()
        none.playIfChosen()
        #expect(none.intent == .stopped && !none.isWanted(policyAllows: true, musicBusPaused: false))
    }

    @Test("playing a new track says it changed; the same track, or none named, keeps it; never a track is an error that changes nothing")
    func play() throws {
        var request = SoundtrackRequest()
        #expect(throws: GameSoundError.noSoundtrack) { try request.play(nil, loop: false) }
        #expect(request == SoundtrackRequest())

        let first = try request.play("a.ogg", loop: false)
        #expect(first && request.path == "a.ogg" && !request.loop && request.intent == .playing)
        request.set(.paused)
        let same = try request.play("a.ogg", loop: true)
        #expect(!same && request.intent == .playing && request.loop)
        let unnamed = try request.play(nil, loop: true)
        #expect(!unnamed && request.path == "a.ogg")
        let other = try request.play("b.ogg", loop: true)
        #expect(other && request.path == "b.ogg")
    }

    @Test("a crossfade makes its track the one that plays")
    func crossfade() {
        var request = SoundtrackRequest()
        request.crossfade(to: "b.ogg", loop: false)
        #expect(request.path == "b.ogg" && !request.loop && request.intent == .playing)
        request.set(.stopped)
        request.set(.playing)
        #expect(request.intent == .playing && request.path == "b.ogg")
    }

    @Test("a negative or non-finite volume is refused and the volume stays")
    func volume() throws {
        var request = SoundtrackRequest()
        try request.setVolume(0.25)
        for bad: Float in [-0.1, .nan, .infinity] {
            #expect(throws: GameSoundError.self) { try request.setVolume(bad) }
        }
        #expect(request.volume == 0.25)
    }

    @Test("held back by other audio or the hint, by a paused music bus or by a policy with no soundtrack, a playing track is not wanted")
    func whatHoldsItBack() throws {
        var request = SoundtrackRequest()
        _ = try request.play("a.ogg", loop: true)
        #expect(request.isWanted(policyAllows: true, musicBusPaused: false))
        #expect(!request.isWanted(policyAllows: false, musicBusPaused: false))
        #expect(!request.isWanted(policyAllows: true, musicBusPaused: true))

        request.holdBack(true)
        #expect(request.isHeld && !request.isWanted(policyAllows: true, musicBusPaused: false))
        // The hint's end lets a track held back by other audio play only under the policy that
        // held it back.
        request.followHint(active: true)
        request.followHint(active: false)
        #expect(request.heldBack)
        request.followHint(active: true)
        request.followHint(active: false, releasesHeldBack: true)
        #expect(!request.isHeld && request.isWanted(policyAllows: true, musicBusPaused: false))

        request.followHint(active: true)
        #expect(request.pausedByHint && !request.isWanted(policyAllows: true, musicBusPaused: false))
        // What the game asked is kept under the hint.
        #expect(request.intent == .playing)
    }

    @Test("a lost output device pauses a playing track, and only a playing one")
    func lostDevice() throws {
        var request = SoundtrackRequest()
        var paused = request.pauseForLostDevice()
        #expect(!paused)
        _ = try request.play("a.ogg", loop: true)
        paused = request.pauseForLostDevice()
        #expect(paused && request.intent == .paused)
        paused = request.pauseForLostDevice()
        #expect(!paused)
        request.set(.stopped)
        paused = request.pauseForLostDevice()
        #expect(!paused && request.intent == .stopped)
    }
}
