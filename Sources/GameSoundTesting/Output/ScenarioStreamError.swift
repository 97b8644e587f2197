// SPDX-License-Identifier: Zlib
/// Why a streamed render (``ScenarioRunner/render(_:assets:into:)``,
/// ``ScenarioRunner/renderToFiles(_:assets:wav:events:timeline:format:)``) did not complete.
public enum ScenarioStreamError: Error, CustomStringConvertible {
    /// The scenario could not be rendered: the same errors as ``ScenarioRunner/render(_:assets:)``.
    case run(ScenarioRunError)
    /// An output could not be written.
    case output(ScenarioOutputError)
    /// The sink stopped the render with an error of its own.
    case sink(any Error)

    /// The underlying error's own sentence, for example `cannot write out/a.wav: No space left on device`.
    public var description: String {
        switch self {
        case .run(let error): error.description
        case .output(let error): error.description
        case .sink(let error): "\(error)"
        }
    }
}
