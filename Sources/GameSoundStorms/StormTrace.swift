// SPDX-License-Identifier: Zlib
import GameSound

/// What a storm run did beyond its steps' words, for printing it as a scenario that replays it:
/// the decisions the runner took from the runtime's answers, and what it heard and logged.
public struct StormTrace: Sendable {
    /// Steps that did nothing: a probe fire while the probe still held its voice.
    public var skipped: Set<Int> = []
    /// For each step that acted on the last voice (stop, set, pause, resume, a faded stop, a move), the
    /// step whose fire gave that voice.
    public var stopped: [Int: Int] = [:]
    /// The audio of the steps (not of the checks after them), interleaved stereo.
    public var samples: [Float] = []
    /// The event log at the end of the last step that ran, before the final recovery checks.
    public var events: [GameSoundEvent] = []
    /// The ducking rules the runner set before the first step.
    public var duckingRules: [DuckingRule] = []
    /// The bus the storm's one-shot (not looping) fires played on.
    public var oneShotBus: BusName = .effects
    /// The frames at which the output was rebuilt (a rebuild comparison's second run only).
    public var rebuildFrames: [Int] = []
    /// For each of ``rebuildFrames``, the frames of reverb tail heard then, which the new reverb slots
    /// start without (see `GameSoundRuntime.reverbTailFrames()`).
    public var rebuildTails: [Int] = []
    /// The frames at which a new device and context asked for during an interruption were made (a
    /// rebuild comparison's second run only), mostly where the interruption ended: there a plain
    /// run's suspended context comes back (`contextRestored`) where the rebuilt run's is built anew
    /// (`contextRebuilt`). Each is also in ``rebuildFrames``.
    public var deferredRebuildFrames: [Int] = []
    /// The frames at which a sound paused across a rebuild was resumed on a new source (a rebuild
    /// comparison's second run only; see `GameSoundRuntime.freshStartFrames()`).
    public var freshStartFrames: [Int] = []

    /// An empty trace: nothing skipped, no voice acted on, nothing heard or logged.
    public init() {}
}
