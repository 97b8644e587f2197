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

    /// The baseline of ``calls(rendering:_:)``: blocks that run the whole update (a ramp on a bus
    /// nothing plays on), with `each` done before each block.
    private func wholeBlocks(_ blocks: Int, _ h: Harness, each: () throws -> Void = {}) throws -> Int {
        try h.runtime.setBusVolume(.ui, h.frame % 2 == 0 ? 0.5 : 0.75, over: 1)
        let before = OpenALProcess.callsOnCurrentThread
        for _ in 0..<blocks {
            try each()
            try h.render(frames: 256)
        }
        return OpenALProcess.callsOnCurrentThread - before
    }

    @Test("the listener on the move writes only its place at each block; Doppler and the distance model asked again as they are write nothing")
    func contextWritesOnlyWhatDiffers() throws {
        OpenALProcess.countCalls()
        let h = try Harness(policy: .effectsOnly, soundtrack: false)
        _ = try h.runtime.play("beep", options: .init(position: SIMDPosition(x: 1, y: 0, z: -1), loop: true))
        try h.render(frames: 256 * 8)
        let whole = try wholeBlocks(40, h)
        try h.runtime.setListener(position: SIMDPosition(x: 2, y: 0, z: 0), over: 1)
        let moving = try wholeBlocks(40, h) - whole
        #expect(moving >= 38 && moving <= 41, "a listener on the move made \(moving) OpenAL calls more than 40 whole blocks (one a block: its place)")

        try h.render(seconds: 1)
        let asked = try wholeBlocks(40, h) {
            try h.runtime.setDoppler(factor: 1)
            try h.runtime.setDistanceModel(.inverseClamped)
            try h.runtime.setListener(position: SIMDPosition(x: 2, y: 0, z: 0))
        } - whole
        #expect(asked == 0, "Doppler, the distance model and the listener asked again as they were made \(asked) OpenAL calls")
    }

    @Test("a rebuilt output is given the whole listener again: the shadow starts empty with its new context")
    func rebuildWritesTheContextAgain() throws {
        let h = try Harness(policy: .effectsOnly, soundtrack: false)
        _ = try h.runtime.play("beep", options: .init(position: SIMDPosition(x: 1, y: 0, z: -1), loop: true))
        // The listener beyond the voice: it is heard on the left, where at the origin it was on the right.
        try h.runtime.setListener(position: SIMDPosition(x: 4, y: 0, z: 0))
        try h.render(frames: 256 * 8)
        func levels(_ frames: Range<Int>) -> (left: Float, right: Float) {
            (Signal.rms(frames.map { h.samples[$0 * 2] }), Signal.rms(frames.map { h.samples[$0 * 2 + 1] }))
        }
        let before = levels(try h.render(frames: 256 * 8))
        #expect(before.left > 2 * before.right, "before the rebuild the voice was not on the left: \(before)")
        #expect(h.runtime.rebuildOutput())
        try h.render(frames: 256 * 8)
        let after = levels(try h.render(frames: 256 * 8))
        #expect(after.left > 2 * after.right, "after the rebuild the voice was not on the left: \(after)")
        #expect(abs(after.left / before.left - 1) < 0.01, "the left channel went from \(before.left) to \(after.left)")
    }

    @Test("a listener's place OpenAL refused is made when asked for again")
    func refusedListenerIsMadeAgain() throws {
        defer { OpenALProcess.clearInjectedFailures() }
        let h = try Harness(policy: .effectsOnly, soundtrack: false)
        _ = try h.runtime.play("beep", options: .init(position: SIMDPosition(x: 1, y: 0, z: -1), loop: true))
        try h.render(frames: 256 * 8)
        func leftIsLouder(_ frames: Range<Int>) -> Bool {
            Signal.rms(frames.map { h.samples[$0 * 2] }) > 2 * Signal.rms(frames.map { h.samples[$0 * 2 + 1] })
        }
        OpenALProcess.failNextCalls(of: "alListener3f")
        try h.runtime.setListener(position: SIMDPosition(x: 4, y: 0, z: 0))
        try h.render(frames: 256 * 8)
        #expect(!leftIsLouder(try h.render(frames: 256 * 8)), "the refused place moved the listener")
        #expect(h.eventNames.filter { $0 == "openALFailed" }.count == 1)
        try h.runtime.setListener(position: SIMDPosition(x: 4, y: 0, z: 0))
        try h.render(frames: 256 * 8)
        #expect(leftIsLouder(try h.render(frames: 256 * 8)), "asked again, the listener did not move")
    }
}
