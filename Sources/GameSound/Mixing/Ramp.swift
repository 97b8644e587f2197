// SPDX-License-Identifier: Zlib
/// A value moving from one setting to another over a number of audio frames: a bus volume, a duck,
/// a voice's gain, pitch, pan or place, the listener, an environment crossfade.
///
/// A ramp is a plain value that knows its start and end; the runtime asks it for ``value(at:)`` at
/// the frame it is working on, and forgets it once ``isFinished(at:)``. How the value moves in
/// between is up to `Value` (see ``Interpolatable``); how far along it is, ``progress(at:)``, is the
/// same for all.
///
/// ```swift
/// let fadeIn = Ramp<Float>(from: 0, to: 1, startFrame: 48_000, frames: 4_800)
/// fadeIn.value(at: 50_400)  // 0.5: halfway through its 4 800 frames
/// ```
struct Ramp<Value: Interpolatable> {
    /// The value at ``startFrame`` and before.
    var from: Value
    /// The value at ``endFrame`` and after.
    var to: Value
    /// The frame at which the move begins.
    var startFrame: Int
    /// How many frames the move takes; 0 (or less) means the value is at ``to`` at once.
    var frames: Int

    /// A ramp that stays at `value`: already arrived, and finished at any frame from 0 on.
    static func steady(_ value: Value) -> Ramp { Ramp(from: value, to: value, startFrame: 0, frames: 0) }

    /// The frame at which the value arrives at ``to``.
    var endFrame: Int { startFrame + frames }

    /// How far along the move is at `frame`: 0 up to ``startFrame``, 1 from ``endFrame`` on, and in
    /// a straight line in between; 1 for a ramp of no frames.
    func progress(at frame: Int) -> Float {
        guard frames > 0 else { return 1 }
        return Float(min(max(frame - startFrame, 0), frames)) / Float(frames)
    }

    /// The value at `frame`: ``from`` up to ``startFrame``, then moving as `Value` moves, until it
    /// is (within rounding) ``to`` at ``endFrame``. A ramp of no frames gives ``to`` exactly.
    func value(at frame: Int) -> Value {
        guard frames > 0 else { return to }
        return Value.interpolated(from: from, to: to, progress: progress(at: frame))
    }

    /// Whether the move is over at `frame` (at ``endFrame`` or later).
    func isFinished(at frame: Int) -> Bool { frame - startFrame >= frames }
}

/// Two ramps are equal when they move the same way over the same frames (models are compared in tests).
extension Ramp: Equatable where Value: Equatable {}
