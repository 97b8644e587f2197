import GameSound

/// Why ``ScenarioRunner`` could not render a scenario.
public enum ScenarioRunError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The scenario is malformed, or names a sound or soundtrack the assets lack; nothing was rendered.
    case invalidScenario(ScenarioError)
    /// An effect the scenario fires could not be loaded from its file; nothing was rendered.
    case asset(name: String, path: String, error: GameSoundError)
    /// The runtime could not start (no OpenAL loopback device, for example).
    case runtime(GameSoundError)
    /// The runtime refused an event's request (which the scenario's checks should have prevented).
    case eventFailed(eventIndex: Int, error: GameSoundError)

    /// A sentence saying what failed.
    public var description: String {
        switch self {
        case .invalidScenario(let error): "invalid scenario: \(error)"
        case .asset(let name, let path, let error): "cannot load the effect '\(name)' from \(path): \(error)"
        case .runtime(let error): "the runtime failed: \(error)"
        case .eventFailed(let index, let error): "event \(index) failed: \(error)"
        }
    }
}
