/// A linear gain ramp measured in audio frames, and what to do when it ends.
struct Fade: Equatable {
    enum Completion: Equatable {
        case none
        case pause
        case stop
    }

    var from: Float
    var to: Float
    var startFrame: Int
    var frames: Int
    var completion: Completion

    func gain(at frame: Int) -> Float {
        guard frames > 0 else { return to }
        let progress = Float(min(max(frame - startFrame, 0), frames)) / Float(frames)
        return from + (to - from) * progress
    }

    func isFinished(at frame: Int) -> Bool { frame - startFrame >= frames }
}
