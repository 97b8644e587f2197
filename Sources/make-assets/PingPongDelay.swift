// SPDX-License-Identifier: Zlib
/// An echo that bounces between left and right, run over a loop as it will be heard looping.
///
/// A delay's state at the start of the loop should hold the echoes of the loop's end. So the
/// loop is fed through twice and only the second pass is kept: by then the echoes entering
/// the first bar are those of the last bar.
struct PingPongDelay {
    /// Echo spacing in frames.
    var delayFrames: Int
    /// How much of each echo comes back in the next one (below 1).
    var feedback: Float
    /// A gentle one-pole low-pass in the feedback path, so repeats grow darker (0 none ... 1 all).
    var damping: Float

    /// The echoes alone (no dry signal) of `input` played as an endless loop.
    func echoes(of input: StereoLoop) -> StereoLoop {
        let count = input.frameCount
        var output = StereoLoop(frameCount: count)
        var lineLeft = [Float](repeating: 0, count: delayFrames)
        var lineRight = lineLeft
        var cursor = 0
        var toneLeft: Float = 0, toneRight: Float = 0
        for pass in 0..<2 {
            for index in 0..<count {
                let echoLeft = lineLeft[cursor], echoRight = lineRight[cursor]
                toneLeft += (echoLeft - toneLeft) * (1 - damping)
                toneRight += (echoRight - toneRight) * (1 - damping)
                // The mono sum enters on the left; each side feeds the other.
                lineLeft[cursor] = (input.left[index] + input.right[index]) * 0.5 + toneRight * feedback
                lineRight[cursor] = toneLeft * feedback
                cursor += 1
                if cursor == delayFrames { cursor = 0 }
                if pass == 1 {
                    output.left[index] = echoLeft
                    output.right[index] = echoRight
                }
            }
        }
        return output
    }
}
