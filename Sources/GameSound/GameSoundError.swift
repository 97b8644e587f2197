// SPDX-License-Identifier: Zlib
import AudioFiles
import AudioSession

/// Why a GameSound call failed. Every case leaves the sounds already playing as they were.
public enum GameSoundError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No effect with this name was loaded.
    case unknownEffect(String)
    /// An effect file could not be decoded.
    case decoding(AudioFileError)
    /// OpenAL refused (the operation and OpenAL's code are in the error; see ``OpenALFailure``).
    case openAL(OpenALFailure)
    /// The audio session refused (for example `insufficientPriority` during a call).
    case session(AudioSessionError)
    /// The runtime was stopped with ``GameSoundRuntime/shutdown()``.
    case stopped
    /// The call needs the other output mode (for example ``GameSoundRuntime/render(frames:)`` on a real-time runtime).
    case wrongOutputMode(String)
    /// A value out of range, named.
    case invalidArgument(String)
    /// The folder of a sound bank could not be listed.
    case unreadableFolder(path: String, errno: Int32)
    /// No soundtrack was given to play.
    case noSoundtrack
    /// No bus has this name.
    case unknownBus(String)
    /// A bus cannot be made or changed that way (a loop in the tree, a parent for the master).
    case invalidBus(String)
    /// The voice handle was made by another runtime; it means nothing to this one.
    case foreignVoice(Voice)

    /// A sentence saying what went wrong, for a log or a crash report.
    public var description: String {
        switch self {
        case .unknownEffect(let name): "no effect named '\(name)' is loaded"
        case .decoding(let error): error.description
        case .openAL(let error): "OpenAL: \(error)"
        case .session(let error): "the audio session refused: \(error)"
        case .stopped: "the runtime was shut down"
        case .wrongOutputMode(let what): what
        case .invalidArgument(let what): "invalid argument: \(what)"
        case .unreadableFolder(let path, let errno): "cannot list the folder \(path) (errno \(errno))"
        case .noSoundtrack: "no soundtrack is set"
        case .unknownBus(let name): "no bus named '\(name)'"
        case .invalidBus(let what): "invalid bus: \(what)"
        case .foreignVoice(let voice): "\(voice) belongs to another runtime"
        }
    }
}
