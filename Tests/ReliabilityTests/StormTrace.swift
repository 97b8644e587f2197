import GameSound

/// What a storm run did beyond its steps' words, for printing it as a scenario that replays it:
/// the decisions the runner took from the runtime's answers, and what it heard and logged.
struct StormTrace: Sendable {
    /// Steps that did nothing: a probe fire while the probe still held its voice.
    var skipped: Set<Int> = []
    /// For each step that acted on the last voice (stop, set, pause, resume, a faded stop), the
    /// step whose fire gave that voice.
    var stopped: [Int: Int] = [:]
    /// The audio of the steps (not of the checks after them), interleaved stereo.
    var samples: [Float] = []
    /// The event log at the end of the last step that ran, before the final recovery checks.
    var events: [GameSoundEvent] = []
}
