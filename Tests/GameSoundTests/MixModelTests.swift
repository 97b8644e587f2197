// SPDX-License-Identifier: Zlib
@testable import GameSound
import Testing

/// ``MixModel``: what should sound, as a plain value. Built, changed and moved on here with no
/// device at all; and, through a runtime, left untouched by a rebuild of everything OpenAL holds.
@Suite("The mix model")
struct MixModelTests {
    @Test("the silence the session reports: a change says what it is, the same cause again says nothing, and the environment's crossfade is the model's")
    func silenceAndEnvironment() {
        var model = model()
        #expect(model.followSilence(nil) == nil)
        #expect(model.followSilence(.silentSwitch) == .silenced(.silentSwitch))
        #expect(model.followSilence(.silentSwitch) == nil)
        #expect(model.followSilence(.screenLocked) == .silenced(.screenLocked))
        #expect(model.followSilence(nil) == .unsilenced(.screenLocked))
        #expect(model.silenceCause == nil)

        model.environment = .hall
        model.fadeInEnvironment(at: 1_000, over: 480)
        #expect(model.environmentFade.value(at: 1_000) == 0 && model.environmentFade.value(at: 1_240) == 0.5)
        #expect(model.environmentFade.value(at: 1_480) == 1 && model.spaceSettlesAt == 1_480)
        model.settleEnvironment()
        #expect(model.environmentFade.value(at: 0) == 1)
    }

    /// A model of 4 voices with a looping voice in slot 0 on the effects bus and a virtual one in slot 3.
    private func model() -> MixModel {
        var model = MixModel(voiceCount: 4, distanceModel: .inverseClamped)
        model.voices[0].effect = "engine"
        model.voices[0].options.loop = true
        model.voices[0].bus = try! model.buses.index(of: .effects)
        return model
    }

    @Test("a gain change over 480 frames moves from the level it had to the new one, and the mix is still once it arrived")
    func gainRamp() {
        var m = model()
        m.changeVoice(0, gain: 0.2, pitch: nil, pan: nil, position: nil, velocity: nil, occlusion: nil, reverbSend: nil,
                      over: 480, at: 1_000)
        #expect(m.voices[0].gain(at: 1_000) == 1)
        #expect(abs(m.voices[0].gain(at: 1_240) - 0.6) < 1e-6)
        #expect(abs(m.voices[0].gain(at: 1_480) - 0.2) < 1e-6 && m.voices[0].options.gain == 0.2)
        // Changed again halfway through: it starts from where the first move had got to.
        var again = m
        again.changeVoice(0, gain: 1, pitch: nil, pan: nil, position: nil, velocity: nil, occlusion: nil, reverbSend: nil,
                          over: 100, at: 1_240)
        #expect(abs(again.voices[0].gain(at: 1_240) - 0.6) < 1e-6 && again.voices[0].gain(at: 1_340) == 1)
        // The update at the end frame still applies the final value; the one after it has nothing to do.
        #expect(!m.mixIsStill(at: 1_480))
        #expect(m.mixIsStill(at: 1_481))
        #expect(m.voices[0].isMoving)
        m.voices[0].dropArrivedRamps(at: 1_480)
        #expect(m.voices[0].isMoving, "not dropped on its last frame: that update applies it")
        m.voices[0].dropArrivedRamps(at: 1_481)
        #expect(!m.voices[0].isMoving && m.voices[0].gain(at: 2_000) == 0.2, "the target itself once the ramp is gone")
    }

    @Test("a slot given to a new voice keeps nothing of the one before: options, ramps, fade, pause, definition, clock; its generation moves on")
    func startVoice() throws {
        var m = model()
        let effects = try m.buses.index(of: .effects), music = try m.buses.index(of: .music)
        let first = m.startVoice(0, effect: "engine", options: PlayOptions(), bus: effects)
        m.changeVoice(0, gain: 0.2, pitch: nil, pan: nil, position: nil, velocity: nil, occlusion: nil, reverbSend: nil,
                      over: 480, at: 0)
        m.fadeOutVoice(0, over: 100, at: 10)
        m.voices[0].pausedByGame = true
        m.definedSoundStarted("shot", variant: 0, in: 0, at: 0)
        m.voices[0].clock.start(atPosition: 0, mix: 0, step: VoiceClock.one)

        var options = PlayOptions()
        options.priority = 7
        let second = m.startVoice(0, effect: "blip", options: options, bus: music)
        #expect(second == first + 1)
        #expect(m.voices[0].effect == "blip" && m.voices[0].options == options && m.voices[0].bus == music)
        #expect(m.voices[0].ramps == VoiceRamps() && m.voices[0].stopFade == nil && !m.voices[0].pausedByGame)
        #expect(m.voices[0].definition == nil && m.voices[0].clock == VoiceClock())
        #expect(m.allocator.slots[0].busy && m.allocator.slots[0].priority == 7 && m.allocator.slots[0].bus == music)
    }

    @Test("a virtual voice moves on with the playing clock, not while the output is stopped, and counts as virtual until it is real again")
    func virtualVoice() {
        var m = model()
        m.playingClock.start(at: 0)
        m.advanceClock(to: 1_000)
        m.makeVirtual(0, from: 250)
        #expect(m.voices[0].isVirtual && m.virtualVoiceCount == 1)
        #expect(m.virtualPosition(0, soundFramesPerFrame: 0.5) == 250)
        m.advanceClock(to: 3_000)
        #expect(m.virtualPosition(0, soundFramesPerFrame: 0.5) == 1_250)
        // An interruption stops the output: no time passes for the voice until it starts again.
        m.playingClock.stop(at: 3_000)
        m.playingClock.start(at: 9_000)
        m.advanceClock(to: 10_000)
        #expect(m.virtualPosition(0, soundFramesPerFrame: 0.5) == 1_750)
        m.makeReal(0)
        #expect(!m.voices[0].isVirtual && m.virtualVoiceCount == 0)
        // Made real twice (it cannot happen; if it did): the count does not go below zero.
        m.makeReal(0)
        #expect(m.virtualVoiceCount == 0)
    }

    @Test("a voice given a position while panned jumps there; one already placed glides")
    func positions() {
        var m = model()
        let far = SIMDPosition(x: 10, y: 0, z: 0)
        m.changeVoice(0, gain: nil, pitch: nil, pan: nil, position: far, velocity: nil, occlusion: nil, reverbSend: nil,
                      over: 100, at: 0)
        #expect(m.voices[0].position(at: 0) == far && m.voices[0].placement(at: 0).relative == false)
        m.changeVoice(0, gain: nil, pitch: nil, pan: nil, position: .zero, velocity: nil, occlusion: nil, reverbSend: nil,
                      over: 100, at: 0)
        #expect(m.voices[0].position(at: 50) == SIMDPosition(x: 5, y: 0, z: 0))
        // A panned voice sits on the unit circle in front of the listener, relative to it.
        var panned = model()
        panned.voices[0].options.pan = 1
        #expect(panned.voices[0].placement(at: 0) == Placement(relative: true, x: 1, y: 0, z: -0.0))
    }

    @Test("a fade-out reaches silence at its last frame; a second fade starts from the level the first had reached")
    func fadeOut() {
        var m = model()
        m.fadeOutVoice(0, over: 100, at: 0)
        #expect(!m.voices[0].hasFadedOut(at: 99) && m.voices[0].hasFadedOut(at: 100))
        m.fadeOutVoice(0, over: 10, at: 50)
        #expect(m.voices[0].stopFade?.value(at: 50) == 0.5)
        #expect(m.voiceRampsSettleAt == 100)
    }

    @Test("a bus pause silences the voices below it; a game pause its own voice")
    func shouldSound() throws {
        var m = model()
        #expect(m.shouldSound(0))
        m.buses.setPaused(BusTree.master, true)
        #expect(!m.shouldSound(0))
        m.buses.setPaused(BusTree.master, false)
        m.voices[0].pausedByGame = true
        #expect(!m.shouldSound(0))
    }

    @Test("releasing a voice frees its slot, forgets its sound and ramps, and counts a virtual voice out")
    func release() {
        var m = model()
        guard case .free(let slot) = m.allocator.choose(priority: 0) else {
            Issue.record("a free pool gives a free slot")
            return
        }
        _ = m.allocator.occupy(slot, priority: 0)
        m.voices[slot].effect = "engine"
        m.voices[slot].isVirtual = true
        m.virtualVoiceCount = 1
        m.fadeOutVoice(slot, over: 10, at: 0)
        let wasVirtual = m.releaseVoice(slot)
        #expect(wasVirtual, "it was virtual: no source to give back")
        #expect(m.virtualVoiceCount == 0 && !m.allocator.slots[slot].busy)
        #expect(m.voices[slot].effect == nil && m.voices[slot].stopFade == nil && !m.voices[slot].isVirtual)
    }

    @Test("the playing clock moves by the frames between updates, from the first one on; the ranking counts down")
    func clocks() {
        var m = model()
        m.advanceClock(to: 512)
        #expect(m.playingClock.frames == 0 && m.previousUpdateFrame == 512)
        m.advanceClock(to: 768)
        #expect(m.playingClock.frames == 256 && m.previousUpdateFrame == 512)
        // Stopped at 900 (an interruption) and started at 5 000: the 132 frames before the stop
        // count, the stretch while stopped does not.
        m.playingClock.stop(at: 900)
        m.playingClock.start(at: 5_000)
        m.advanceClock(to: 5_256)
        #expect(m.playingClock.frames == 256 + 132 + 256 && m.previousUpdateFrame == 5_000)
        m.countRankingDown()
        #expect(m.rankingCountdown == 0, "no virtual voice: nothing to count")
        m.virtualVoiceCount = 1
        m.rankingCountdown = 2
        #expect(!m.rankingDue)
        m.countRankingDown()
        #expect(m.rankingDue)
    }

    @Test("a rebuild of the whole output (a new device, context, sources) leaves the model exactly as it was")
    func rebuildLeavesTheModel() throws {
        let h = try Harness(soundtrack: false)
        let voice = try #require(try h.runtime.play("beep", options: PlayOptions(gain: 0.8, loop: true)).voice)
        _ = try h.runtime.play("beep")
        try h.runtime.setVoice(voice, gain: 0.3, pan: 0.5, over: 0.5)
        try h.runtime.setBusVolume(.effects, 0.5, over: 0.2)
        try h.runtime.setListener(position: SIMDPosition(x: 1, y: 0, z: 0), over: 0.3)
        try h.render(frames: 4_800)
        let before = h.runtime.core.read { $0.model }
        #expect(h.runtime.rebuildOutput())
        let after = h.runtime.core.read { $0.model }
        #expect(before == after, "changed by the rebuild: \(Self.differences(before, after))")
        // And it is the model that is heard on: the voice's ramp goes on where it was.
        try h.render(frames: 48_000)
        #expect(h.runtime.core.read { $0.model.voices[voice.slot].gain(at: 48_000) } == 0.3)
    }

    @Test("a rebuild leaves every stream as it was: the soundtrack, a crossfade's outgoing track and a streamed voice, each at the same place in its file")
    func rebuildLeavesTheStreams() throws {
        let h = try Harness(soundtrack: true)
        try h.render(frames: 24_000)
        try h.runtime.crossfadeSoundtrack(to: TestAssets.soundtrackPath, duration: 1)
        let bed = try h.runtime.playStream(TestAssets.soundtrackPath, gain: 0.5)
        try h.runtime.setVoice(bed, gain: 0.2, over: 1)
        try h.render(frames: 9_600)
        let before = h.runtime.core.read { core in (core.model, core.mixClock) }
        #expect(before.0.soundtrack != nil && before.0.outgoingTracks.count == 1 && before.0.streamVoices.count == 1)
        #expect(h.runtime.rebuildOutput())
        let after = h.runtime.core.read { core in (core.model, core.mixClock) }
        func streams(_ model: MixModel) -> [StreamRecord] { [model.soundtrack].compactMap { $0 } + model.outgoingTracks + model.streamVoices }
        for (old, new) in zip(streams(before.0), streams(after.0)) {
            #expect(old.id == new.id && old.path == new.path && old.gain == new.gain && old.gainRamp == new.gainRamp
                    && old.paused == new.paused && old.fade == new.fade && old.live == new.live && old.bus == new.bus)
            #expect(old.filePosition(at: before.1) == new.filePosition(at: after.1), "stream \(old.id) at the same frame of its file")
        }
        // Everything else in the model is untouched.
        var a = before.0, b = after.0
        a.soundtrack = nil; a.outgoingTracks = []; a.streamVoices = []
        b.soundtrack = nil; b.outgoingTracks = []; b.streamVoices = []
        #expect(a == b, "changed by the rebuild: \(Self.differences(a, b))")
    }

    /// The model's fields (and the voices, by slot) that differ between `a` and `b`, as `name: a → b`.
    private static func differences(_ a: MixModel, _ b: MixModel) -> [String] {
        var found: [String] = []
        for (x, y) in zip(Mirror(reflecting: a).children, Mirror(reflecting: b).children) {
            let label = x.label ?? "?"
            if label == "voices" {
                for (slot, (u, v)) in zip(a.voices, b.voices).enumerated() where u != v { found.append("voice \(slot): \(u) → \(v)") }
            } else if String(describing: x.value) != String(describing: y.value) {
                found.append("\(label): \(x.value) → \(y.value)")
            }
        }
        return found
    }
}
