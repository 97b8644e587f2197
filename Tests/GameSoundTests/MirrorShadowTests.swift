// SPDX-License-Identifier: Zlib
import AudioAnalysis
import GameSound
import OpenAL
import Testing

/// Issue 37: the mirror writes only what differs from what it last gave each source (its shadow).
/// A voice's ramp moves one of its values at every block; the others are not written again.
@Suite("The mirror's shadow", .serialized)
struct MirrorShadowTests {
    /// The OpenAL calls the renders of `blocks` blocks of 256 frames make on this thread.
    private func calls(rendering blocks: Int, _ h: Harness) throws -> Int {
        let before = OpenALProcess.callsOnCurrentThread
        for _ in 0..<blocks { try h.render(frames: 256) }
        return OpenALProcess.callsOnCurrentThread - before
    }

    @Test("a gain ramp writes only the gain at each block, a moving voice only its place; the ramp is heard")
    func rampsWriteOnlyWhatMoves() throws {
        OpenALProcess.countCalls()
        let h = try Harness(policy: .effectsOnly, soundtrack: false)
        let voice = try #require(try h.runtime.play("beep", options: .init(position: SIMDPosition(x: 1, y: 0, z: -1), loop: true)).voice)
        try h.render(frames: 256 * 8)
        // The baseline: 40 blocks that run the whole update (a ramp on a bus nothing plays on).
        try h.runtime.setBusVolume(.ui, 0.5, over: 1)
        let steady = try calls(rendering: 40, h)
        try h.render(seconds: 1)
        let loud = h.rms(try h.render(frames: 256 * 8))

        // 1 s of ramp: every one of the 40 blocks below moves the gain and nothing else.
        #expect(try h.runtime.setVoice(voice, gain: 0.25, over: 1))
        let fading = try calls(rendering: 40, h) - steady
        #expect(fading >= 38 && fading <= 41, "a gain ramp made \(fading) OpenAL calls more than 40 quiet blocks (one a block: its gain)")

        // The gain arrives; a place ramp then writes the place (relative or not, and where: two calls).
        try h.render(seconds: 1)
        let quiet = h.rms(try h.render(frames: 256 * 8))
        #expect(abs(quiet / loud - 0.25) < 0.02, "the ramp took the level from \(loud) to \(quiet)")
        #expect(try h.runtime.setVoice(voice, position: SIMDPosition(x: -1, y: 0, z: -1), over: 1))
        let moving = try calls(rendering: 40, h) - steady
        #expect(moving >= 76 && moving <= 82, "a place ramp made \(moving) OpenAL calls more than 40 quiet blocks (two a block: its place)")
    }

    @Test("a write OpenAL refused is made again when the same value is asked for again: the shadow forgets it")
    func refusedWriteIsMadeAgain() throws {
        defer { OpenALProcess.clearInjectedFailures() }
        let h = try Harness(policy: .effectsOnly, soundtrack: false)
        let voice = try #require(try h.runtime.play("beep", options: .init(loop: true)).voice)
        try h.render(frames: 256 * 8)
        let loud = h.rms(try h.render(frames: 256 * 8))

        OpenALProcess.failNextCalls(of: "alSourcef")
        #expect(try h.runtime.setVoice(voice, gain: 0.5))
        let refused = h.rms(try h.render(frames: 256 * 8))
        #expect(h.eventNames.filter { $0 == "openALFailed" }.count == 1)
        #expect(abs(refused / loud - 1) < 0.02, "the refused gain changed the level from \(loud) to \(refused)")

        #expect(try h.runtime.setVoice(voice, gain: 0.5))
        try h.render(frames: 256 * 8)  // OpenAL Soft glides to a new gain over its first mix
        let again = h.rms(try h.render(frames: 256 * 8))
        #expect(abs(again / loud - 0.5) < 0.02, "asked again, the gain took the level from \(loud) to \(again)")
    }
}
