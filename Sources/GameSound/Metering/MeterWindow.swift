// SPDX-License-Identifier: Zlib
import AudioFiles

/// A short stretch of stereo output that the level meters add voices into, then measure.
struct MeterWindow {
    let frames: Int
    let sampleRate: Int
    private(set) var left: [Float]
    private(set) var right: [Float]

    init(frames: Int, sampleRate: Int) {
        self.frames = frames
        self.sampleRate = sampleRate
        left = Array(repeating: 0, count: frames)
        right = Array(repeating: 0, count: frames)
    }

    /// Adds a sound whose frame `end` (in its own frames, fractional) is playing now, reading
    /// backwards through the window at its own rate times `pitch`.
    ///
    /// - Parameters:
    ///   - format: The sound's format: a mono sound gets `gains`; a stereo one goes left to left,
    ///     right to right, each times `gains`' average (OpenAL Soft does not pan stereo sounds).
    ///   - frame: Gives the sound's samples (left, right) at one of its frames (negative before its
    ///     start), or nil where it has none.
    mutating func add(format: PCMFormat, end: Double, pitch: Float, gains: (left: Float, right: Float),
                      frame: (Int) -> (left: Float, right: Float)?) {
        guard gains.left > 0 || gains.right > 0 else { return }
        let step = Double(format.sampleRate) / Double(sampleRate) * Double(pitch)
        let (gainLeft, gainRight) = format.channelCount == 1 ? gains : ((gains.left + gains.right) / 2, (gains.left + gains.right) / 2)
        for index in 0..<frames {
            let position = (end - Double(frames - index) * step).rounded(.down)
            guard let sample = frame(Int(position)) else { continue }
            left[index] += sample.left * gainLeft
            right[index] += sample.right * gainRight
        }
    }

    /// Adds another window scaled by `gain` (a layer into the output).
    mutating func add(_ other: MeterWindow, gain: Float) {
        for index in 0..<min(frames, other.frames) {
            left[index] += other.left[index] * gain
            right[index] += other.right[index] * gain
        }
    }

    var level: StereoLevel {
        StereoLevel(left: Self.measure(left), right: Self.measure(right))
    }

    private static func measure(_ samples: [Float]) -> ChannelLevel {
        guard !samples.isEmpty else { return .silent }
        var peak: Float = 0
        var sum: Double = 0
        for sample in samples {
            peak = max(peak, abs(sample))
            sum += Double(sample) * Double(sample)
        }
        return ChannelLevel(peak: peak, rms: Float((sum / Double(samples.count)).squareRoot()))
    }
}

extension PCMBuffer where Sample == Float {
    /// The frame at `index` as (left, right), a mono sample on both sides; nil outside the buffer.
    func stereoFrame(_ index: Int) -> (left: Float, right: Float)? {
        guard index >= 0, index < frameCount else { return nil }
        if format.channelCount == 1 { return (samples[index], samples[index]) }
        let base = index * format.channelCount
        return (samples[base], samples[base + 1])
    }
}
