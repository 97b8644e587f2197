// SPDX-License-Identifier: Zlib
/// A fade on a stream (the soundtrack, or a streamed voice): its gain ramp, and what becomes of
/// the stream when the ramp ends.
///
/// A fade-in ends in nothing; a fade-out ends in a pause or a stop, which ``RuntimeCore/advance(_:at:)``
/// carries out at the first update at or after the ramp's end.
struct Fade: Equatable {
    /// What becomes of the stream when its fade ends.
    enum Completion {
        /// It plays on (a fade-in, or a fade back up).
        case none
        /// It pauses, keeping its place.
        case pause
        /// It stops.
        case stop
    }

    /// The gain the fade puts on the stream, from 0 to 1.
    var ramp: Ramp<Float>
    /// What becomes of the stream when ``ramp`` ends.
    var completion: Completion

    /// A fade up to full gain over `frames` from `frame`, starting at `gain`; the stream plays on.
    static func toFull(from gain: Float, at frame: Int, frames: Int) -> Fade {
        Fade(ramp: Ramp(from: gain, to: 1, startFrame: frame, frames: frames), completion: .none)
    }

    /// A fade down to silence over `frames` from `frame`, then `completion`. It starts where
    /// `current` (the fade under way, if any) has the gain at `frame`, so that nothing jumps.
    static func toSilence(from current: Fade?, at frame: Int, frames: Int, then completion: Completion) -> Fade {
        Fade(ramp: Ramp(from: current?.ramp.value(at: frame) ?? 1, to: 0, startFrame: frame, frames: frames), completion: completion)
    }
}
