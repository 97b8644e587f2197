// SPDX-License-Identifier: Zlib
import GameSound

/// Runs the body of an exported function: a thrown ``CFailure`` becomes this thread's last error
/// and the value `onFailure` makes of it.
///
/// Runtimes destroyed inside an event callback during the call are torn down when the outermost
/// call on this thread returns (see ``DeferredReleases``).
func cCall<Result>(onFailure: (CFailure) -> Result, _ body: () throws(CFailure) -> Result) -> Result {
    DeferredReleases.tracking {
        do throws(CFailure) {
            return try body()
        } catch {
            LastError.record(error)
            return onFailure(error)
        }
    }
}

/// Runs the body of an exported function that returns a result code.
func cCall(_ body: () throws(CFailure) -> Int32) -> Int32 {
    cCall(onFailure: { $0.code.rawValue }, body)
}

/// Runs `body` with the runtime behind `handle`, mapping the runtime's errors to result codes.
func withRuntime<Result>(
    _ handle: OpaquePointer?, in function: String, _ body: (GameSoundRuntime) throws(GameSoundError) -> Result
) throws(CFailure) -> Result {
    let entry = try RuntimeRegistry.shared.entry(for: handle, in: function)
    do throws(GameSoundError) {
        return try body(entry.runtime)
    } catch {
        throw CFailure(error, in: function)
    }
}

/// The Swift string of a required C string argument.
func string(_ pointer: UnsafePointer<CChar>?, named argument: String, in function: String) throws(CFailure) -> String {
    guard let pointer else { throw .null(argument, in: function) }
    guard let text = String(validatingCString: pointer) else {
        throw CFailure(.invalidArgument, "\(function): \(argument) is not valid UTF-8")
    }
    return text
}
