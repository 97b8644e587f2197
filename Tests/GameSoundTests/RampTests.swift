// SPDX-License-Identifier: Zlib
@testable import GameSound
import Testing

/// ``Ramp``: the one way the runtime moves a value over frames (gains, pitch, pan, places, the listener).
@Suite("Ramp")
struct RampTests {
    /// 2 to 6 over the 8 frames from frame 100.
    let gain = Ramp<Float>(from: 2, to: 6, startFrame: 100, frames: 8)

    @Test("a Float ramp holds before its start, moves in a straight line, and holds after its end")
    func floatRamp() {
        #expect(gain.value(at: 50) == 2)
        #expect(gain.value(at: 100) == 2)
        #expect(gain.value(at: 102) == 3)
        #expect(gain.value(at: 104) == 4)
        #expect(gain.value(at: 108) == 6)
        #expect(gain.value(at: 1_000) == 6)
        #expect(gain.progress(at: 50) == 0 && gain.progress(at: 104) == 0.5 && gain.progress(at: 1_000) == 1)
        #expect(gain.endFrame == 108)
        #expect(!gain.isFinished(at: 107) && gain.isFinished(at: 108) && gain.isFinished(at: 1_000))
    }

    @Test("a ramp of no frames is at its target, exactly, at any frame")
    func noFrames() {
        // 1e8 + (1 - 1e8) is 0 in Float: the target must come back as it is, not through the arithmetic.
        let jump = Ramp<Float>(from: 1e8, to: 1, startFrame: 100, frames: 0)
        #expect(jump.value(at: 0) == 1 && jump.value(at: 100) == 1 && jump.value(at: 200) == 1)
        #expect(jump.progress(at: 0) == 1)
        #expect(jump.isFinished(at: 100) && !jump.isFinished(at: 99))
        let steady = Ramp<Float>.steady(0.25)
        #expect(steady.value(at: 0) == 0.25 && steady.value(at: 48_000) == 0.25 && steady.isFinished(at: 0))
    }

    @Test("a place moves in a straight line, each coordinate on its own")
    func positionRamp() {
        let move = Ramp(from: SIMDPosition(x: 0, y: 2, z: -4), to: SIMDPosition(x: 4, y: 2, z: 4), startFrame: 0, frames: 4)
        #expect(move.value(at: -1) == SIMDPosition(x: 0, y: 2, z: -4))
        #expect(move.value(at: 2) == SIMDPosition(x: 2, y: 2, z: 0))
        #expect(move.value(at: 9) == SIMDPosition(x: 4, y: 2, z: 4))
    }

    @Test("a listener turning round goes round its head, not through it, and its place moves straight")
    func listenerHalfTurn() {
        var behind = Listener()
        behind.at = SIMDPosition(x: 0, y: 0, z: 1)
        behind.position = SIMDPosition(x: 10, y: 0, z: 0)
        let turn = Ramp(from: Listener(), to: behind, startFrame: 0, frames: 4)
        let halfway = turn.value(at: 2)
        // Facing −z, turning about +y (the head, which stays up) towards +z: halfway it faces −x.
        #expect(close(halfway.at, SIMDPosition(x: -1, y: 0, z: 0)))
        #expect(close(halfway.up, SIMDPosition(x: 0, y: 1, z: 0)))
        #expect(halfway.position == SIMDPosition(x: 5, y: 0, z: 0))
        #expect(close(turn.value(at: 4).at, behind.at))
        #expect(turn.value(at: 5) == turn.value(at: 4))
        #expect(turn.value(at: -3) == Listener())
    }

    private func close(_ a: SIMDPosition, _ b: SIMDPosition) -> Bool {
        abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6 && abs(a.z - b.z) < 1e-6
    }
}
