// SPDX-License-Identifier: Zlib
import AudioSession
import GameSound

/// A failed C API call: the code returned to C and the message `gs_last_error` gives.
struct CFailure: Error, Sendable {
    /// The negative code the function returns.
    let code: ResultCode
    /// A sentence for a person, naming what was wrong.
    let message: String
    /// Why a play was dropped, for `GS_ERR_DROPPED` (`gs_last_drop_reason`); nil for other failures.
    let dropReason: DropReason?

    init(_ code: ResultCode, _ message: String) {
        self.code = code
        self.message = message
        self.dropReason = nil
    }

    /// The `GS_ERR_DROPPED` failure of a play the runtime did not make, for `reason`. The message
    /// ends with the reason's word in parentheses, as `docs/c-api.md` lists them.
    init(dropped reason: DropReason, _ message: String) {
        self.code = .dropped
        self.message = "\(message) (\(reason.rawValue))"
        self.dropReason = reason
    }

    /// The failure for a NULL `argument` of `function`.
    static func null(_ argument: String, in function: String) -> CFailure {
        CFailure(.nullPointer, "\(function): \(argument) is NULL")
    }

    /// Maps a runtime error to its code, keeping the runtime's own message.
    init(_ error: GameSoundError, in function: String) {
        let code: ResultCode = switch error {
        case .unknownEffect: .unknownName
        case .decoding: .decoding
        case .openAL: .openAL
        case .session: .session
        case .stopped: .stopped
        case .wrongOutputMode: .wrongOutput
        case .invalidArgument: .invalidArgument
        case .unreadableFolder: .io
        case .noSoundtrack: .noSoundtrack
        case .unknownBus: .unknownName
        case .invalidBus, .foreignVoice: .invalidArgument
        }
        self.init(code, "\(function): \(error.description)")
    }

    /// Maps a system action the simulated system refused.
    init(_ error: SystemActionError, in function: String) {
        self.init(.refused, "\(function): \(error)")
    }
}
