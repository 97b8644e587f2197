// SPDX-License-Identifier: Zlib
/// Frames of output played while the output runs: the time virtual voices move on in.
///
/// It is read as it stood at the last update (``frames``), so that every voice ranked or realised
/// in one update sees the same time; it runs only between ``start(at:)`` and ``stop(at:)``, so an
/// interruption, which stops the output, stops it too.
struct PlayingClock: Equatable {
    /// Frames played up to ``anchor``.
    private(set) var frames = 0
    /// The frame at which ``frames`` held, while the output runs; nil while it is stopped.
    private(set) var anchor: Int?

    /// Frames played by `frame`, if the output runs until then.
    func frames(at frame: Int) -> Int { anchor.map { frames + frame - $0 } ?? frames }

    /// Moves the clock on to `frame`; returns the frame it stood at before (`frame` itself when it
    /// was stopped).
    mutating func advance(to frame: Int) -> Int {
        guard let before = anchor else {
            anchor = frame
            return frame
        }
        frames += frame - before
        anchor = frame
        return before
    }

    /// The output starts at `frame` (a clock already running runs on).
    mutating func start(at frame: Int) {
        if anchor == nil { anchor = frame }
    }

    /// The output stops at `frame`: the frames played since the last update count, none after.
    mutating func stop(at frame: Int) {
        frames = frames(at: frame)
        anchor = nil
    }

    /// Two clocks are equal when they tell the same time: both stopped at the same count, or both
    /// running and at the same count at either one's anchor.
    static func == (a: PlayingClock, b: PlayingClock) -> Bool {
        switch (a.anchor, b.anchor) {
        case (nil, nil): a.frames == b.frames
        case (_?, let other?): a.frames(at: other) == b.frames
        default: false
        }
    }
}
