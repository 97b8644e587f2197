// SPDX-License-Identifier: Zlib
/// Where an effect voice is in its sound, kept by the model itself: the offset a rebuilt or
/// restored voice starts from, so that recovery never asks OpenAL where a voice was.
///
/// It counts as OpenAL Soft 1.19.1's mixer does, so that headless it is exact: a position in
/// 1/4096 frames of the sound (the mixer's 12 fraction bits) that moves by a whole `step` at every
/// mixed frame, the step being the voice's pitch times the sound's rate over the output's, rounded
/// to 1/4096 (`fastf2i`), at least 1 and at most 255 frames. The time is the runtime's mix clock:
/// frames the device mixed while the output ran (``RuntimeCore/mixClock``), so an interruption,
/// which stops the mixing, stops every voice's clock with it.
///
/// A mono voice placed in the world has its pitch shifted by Doppler; the model works the shift out
/// as OpenAL Soft does, in the listener's space and single precision (``doppler(position:velocity:listener:factor:speedOfSound:)``),
/// so headless it stays exact there too. In real time the mix clock is the device's own clock (the
/// samples its mixer has produced), so the model follows the sound card rather than the wall clock.
struct VoiceClock: Equatable {
    /// The mixer's fixed-point fraction: positions and steps are in 1/4096 frames.
    static let fractionBits = 12
    static let one = 1 << fractionBits
    /// OpenAL Soft's highest step, in frames per mixed frame.
    static let maximumStep = 255

    /// The position at ``anchor``, in 1/4096 frames of the sound.
    private(set) var position = 0
    /// The mix clock at which ``position`` held.
    private(set) var anchor = 0
    /// How far the voice moves per mixed frame, in 1/4096 frames; 0 while it does not play.
    private(set) var step = 0

    /// Whether the voice moves (it plays).
    var isRunning: Bool { step != 0 }

    /// Two clocks are equal when they tell the same position at every mix clock: the same step,
    /// and the same position at either one's anchor (a clock stopped and started again at the same
    /// step is the same clock, anchored elsewhere).
    static func == (a: VoiceClock, b: VoiceClock) -> Bool { a.step == b.step && a.position(at: b.anchor) == b.position }

    /// The position at mix clock `mix`, in 1/4096 frames.
    func position(at mix: Int) -> Int { position + (mix - anchor) * step }

    /// Where the voice is at `mix`, in whole frames of a sound of `length` frames: wrapped when it
    /// loops, else up to `length` (reached: the voice has played out).
    func frames(at mix: Int, length: Int, loop: Bool) -> Int {
        let whole = position(at: mix) >> Self.fractionBits
        guard length > 0 else { return 0 }
        return loop ? whole % length : min(whole, length)
    }

    /// Where the voice is at `mix` in 1/4096 frames of a sound of `length` frames, fraction kept:
    /// wrapped when it loops, else up to the end.
    func exactPosition(at mix: Int, length: Int, loop: Bool) -> Int {
        let end = length << Self.fractionBits
        guard end > 0 else { return 0 }
        return loop ? position(at: mix) % end : min(position(at: mix), end)
    }

    /// Whether a voice that does not loop has played its whole sound by `mix`.
    func hasPlayedOut(at mix: Int, length: Int) -> Bool { position(at: mix) >> Self.fractionBits >= length }

    /// Starts the clock at `frames` into the sound, moving by `step` from mix clock `mix` on.
    mutating func start(atFrame frames: Int, mix: Int, step: Int) {
        start(atPosition: frames << Self.fractionBits, mix: mix, step: step)
    }

    /// Starts the clock at `position` (1/4096 frames) into the sound, moving by `step` from `mix` on.
    mutating func start(atPosition position: Int, mix: Int, step: Int) {
        self.position = position
        anchor = mix
        self.step = step
    }

    /// From mix clock `mix` on, moves by `step` (0: stands still, as a paused or stopped voice does).
    mutating func change(step: Int, at mix: Int) {
        guard step != self.step else { return }
        position = position(at: mix)
        anchor = mix
        self.step = step
    }

    /// The mixer's step for a voice at `pitch` (the Doppler shift included) playing a sound at
    /// `soundRate` on an output at `outputRate`: the same single-precision arithmetic as OpenAL Soft's.
    static func step(pitch: Float, soundRate: Int, outputRate: Int) -> Int {
        let ratio = Float(soundRate) / Float(outputRate)
        let stepped = pitch * ratio
        guard stepped <= Float(maximumStep) else { return maximumStep << fractionBits }
        return max(Int((stepped * Float(one)).rounded(.toNearestOrEven)), 1)
    }

    /// The Doppler factor OpenAL Soft applies to a voice at `position` moving at `velocity`, heard
    /// by `listener`: (c − v_listener) / (c − v_source), each speed measured along the line from the
    /// source to the listener and scaled by `factor`. Worked out as OpenAL Soft 1.19.1 works it out,
    /// in the listener's space and in single precision, so that the rounding is the same: the
    /// listener's matrix has the normalised right (at × up), up and −at as its axes (up is not made
    /// square to at, as OpenAL Soft does not), and the source's place and motion are carried into it.
    static func doppler(position: SIMDPosition, velocity: SIMDPosition, listener: Listener, factor: Float, speedOfSound: Float) -> Float {
        guard factor > 0 else { return 1 }
        let at = normalized(listener.at), up = normalized(listener.up)
        let right = normalized(SIMDPosition(x: at.y * up.z - at.z * up.y, y: at.z * up.x - at.x * up.z, z: at.x * up.y - at.y * up.x))
        func carried(_ v: SIMDPosition) -> SIMDPosition {
            SIMDPosition(x: v.x * right.x + v.y * right.y + v.z * right.z, y: v.x * up.x + v.y * up.y + v.z * up.z,
                         z: v.x * -at.x + v.y * -at.y + v.z * -at.z)
        }
        let origin = carried(listener.position)
        let place = carried(position)
        let toListener = normalized(SIMDPosition(x: -(place.x - origin.x), y: -(place.y - origin.y), z: -(place.z - origin.z)))
        let motion = carried(velocity), listenerMotion = carried(listener.velocity)
        let sourceSpeed = dot(motion, toListener) * factor
        let listenerSpeed = dot(listenerMotion, toListener) * factor
        if !(listenerSpeed < speedOfSound) { return 0 }
        if !(sourceSpeed < speedOfSound) { return .infinity }
        return (speedOfSound - listenerSpeed) / (speedOfSound - sourceSpeed)
    }

    private static func dot(_ a: SIMDPosition, _ b: SIMDPosition) -> Float { a.x * b.x + a.y * b.y + a.z * b.z }

    /// `v` scaled to length 1 as OpenAL Soft's `aluNormalize` does (left alone when about zero).
    private static func normalized(_ v: SIMDPosition) -> SIMDPosition {
        let length = dot(v, v).squareRoot()
        guard length > Float.ulpOfOne else { return v }
        let inverse = 1 / length
        return SIMDPosition(x: v.x * inverse, y: v.y * inverse, z: v.z * inverse)
    }
}
