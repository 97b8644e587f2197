// SPDX-License-Identifier: Zlib
import GameSound

/// Why ``ScenarioRunner`` could not render a scenario.
public enum ScenarioRunError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The scenario is malformed, or names a sound or soundtrack the assets lack; nothing was rendered.
    case invalidScenario(ScenarioError)
    /// An effect the scenario fires could not be loaded from its file; nothing was rendered.
    case asset(name: String, path: String, error: GameSoundError)
    /// The file of the `stream` event at `eventIndex` does not open as a WAV or Ogg Vorbis stream;
    /// nothing was rendered.
    case stream(eventIndex: Int, path: String, error: GameSoundError)
    /// The runtime could not start (no OpenAL loopback device, for example).
    case runtime(GameSoundError)
    /// A game call failed in a way no game could carry on from: OpenAL refused, or the runtime had
    /// stopped. (A call the runtime merely refuses, such as unloading an effect that is not loaded,
    /// is logged as `callRefused` and the run goes on.)
    case eventFailed(eventIndex: Int, error: GameSoundError)

    /// A sentence saying what failed.
    public var description: String {
        switch self {
        case .invalidScenario(let error): "invalid scenario: \(error)"
        case .asset(let name, let path, let error): "cannot load the effect '\(name)' from \(path): \(error)"
        case .stream(let index, let path, let error): "event \(index) cannot stream \(path): \(error)"
        case .runtime(let error): "the runtime failed: \(error)"
        case .eventFailed(let index, let error): "event \(index) failed: \(error)"
        }
    }
}
