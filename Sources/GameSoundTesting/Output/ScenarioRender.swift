// SPDX-License-Identifier: Zlib
import AudioAnalysis
import GameSound

/// What a headless render of a ``Scenario`` produced: interleaved stereo samples and the event log.
///
/// Frames count from the start of the scenario; frame `f` is `samples[2f]` (left) and
/// `samples[2f + 1]` (right). The helpers measure the audio over frame ranges and query the log,
/// so tests read like the behaviour they check:
///
/// ```swift
/// let ring = render.frame(of: 1.0), decline = render.frame(of: 3.0)
/// #expect(render.isExactlySilent(frames: ring..<decline))
/// #expect(render.containsInOrder(["interruptionBegan", "contextCleared", "interruptionEnded", "contextRestored"]))
/// ```
///
/// Ranges that reach past the end are cut at the end.
public struct ScenarioRender: Sendable, Hashable {
    /// The scenario that was rendered.
    public let scenario: Scenario
    /// The mixing rate in hertz.
    public var sampleRate: Int { scenario.sampleRate }
    /// The mix as interleaved stereo floats, left first; full scale is 1.0.
    public let samples: [Float]
    /// Every event logged during the render, in the order it happened, frames never decreasing.
    public let events: [GameSoundEvent]

    /// Creates a render from its parts (``ScenarioRunner`` does this; tests of the outputs may too).
    ///
    /// - Parameters:
    ///   - scenario: The scenario rendered.
    ///   - samples: Interleaved stereo samples; an even count.
    ///   - events: The event log, in order.
    public init(scenario: Scenario, samples: [Float], events: [GameSoundEvent]) {
        precondition(samples.count % 2 == 0, "stereo samples come in pairs")
        self.scenario = scenario
        self.samples = samples
        self.events = events
    }

    /// The number of stereo frames.
    public var frameCount: Int { samples.count / 2 }

    /// The frame of a moment in the scenario: `round(time × sampleRate)`, as events use.
    ///
    /// - Parameter time: Seconds from the start.
    /// - Returns: The frame index.
    public func frame(of time: Double) -> Int { scenario.frame(of: time) }

    /// The left channel, one sample per frame.
    public var left: [Float] { Signal.channel(0, of: samples, channelCount: 2) }
    /// The right channel, one sample per frame.
    public var right: [Float] { Signal.channel(1, of: samples, channelCount: 2) }

    /// Both channels' samples over a range of frames, interleaved.
    private func slice(_ frames: Range<Int>) -> ArraySlice<Float> {
        let lower = min(max(frames.lowerBound, 0), frameCount), upper = min(max(frames.upperBound, lower), frameCount)
        return samples[(lower * 2)..<(upper * 2)]
    }

    /// The largest magnitude in either channel over `frames`; 0 for an empty range.
    ///
    /// - Parameter frames: The frames to measure.
    /// - Returns: The peak, full scale 1.0.
    public func peak(frames: Range<Int>) -> Float { Signal.peak(slice(frames)) }

    /// The root-mean-square level of both channels together over `frames`; 0 for an empty range.
    ///
    /// - Parameter frames: The frames to measure.
    /// - Returns: The RMS level, full scale 1.0.
    public func rms(frames: Range<Int>) -> Float { Signal.rms(slice(frames)) }

    /// Whether every sample of both channels over `frames` is exactly zero (true for an empty range).
    ///
    /// - Parameter frames: The frames to check.
    /// - Returns: True when nothing at all was output there.
    public func isExactlySilent(frames: Range<Int>) -> Bool { Signal.isExactlySilent(slice(frames)) }

    /// The first frame at or after `frame` where either channel's magnitude exceeds `threshold`.
    ///
    /// - Parameters:
    ///   - frame: Where to start looking.
    ///   - threshold: The magnitude to exceed; 0 finds any non-zero sample.
    /// - Returns: The frame, or nil when the rest of the render stays at or under the threshold.
    public func firstAudibleFrame(after frame: Int, threshold: Float = 0) -> Int? {
        let start = min(max(frame, 0), frameCount)
        return Signal.firstAudibleIndex(slice(start..<frameCount), threshold: threshold).map { start + $0 / 2 }
    }

    /// The events with this name, in order.
    ///
    /// - Parameter name: An event name such as `"interruptionBegan"` or a system action such as `"phone.ring"`.
    /// - Returns: The matching events.
    public func events(named name: String) -> [GameSoundEvent] { events.filter { $0.name == name } }

    /// The first event with this name at or after a frame.
    ///
    /// - Parameters:
    ///   - name: The event name.
    ///   - frame: The earliest frame to consider; events at that very frame count.
    /// - Returns: The event, or nil.
    public func firstEvent(named name: String, after frame: Int = 0) -> GameSoundEvent? {
        events.first { $0.name == name && $0.frame >= frame }
    }

    /// The names of all events, in order.
    public var eventNames: [String] { events.map(\.name) }

    /// Whether the log holds these names in this order, not necessarily next to each other.
    ///
    /// - Parameter names: Event names in the order expected, for example
    ///   `["phone.ring", "interruptionBegan", "contextCleared"]`.
    /// - Returns: True when each name occurs after the one before it.
    public func containsInOrder(_ names: [String]) -> Bool {
        var remaining = names[...]
        for name in eventNames where name == remaining.first {
            remaining = remaining.dropFirst()
            if remaining.isEmpty { break }
        }
        return remaining.isEmpty
    }
}
