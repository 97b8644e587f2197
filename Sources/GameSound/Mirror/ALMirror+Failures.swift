// SPDX-License-Identifier: Zlib
import OpenAL

/// What OpenAL refused, as ``GameSoundError/openAL(_:)`` carries it: the operation that failed and
/// OpenAL's code. It is the OpenAL wrapper's `OpenALError` under the name the mirror gives it, so
/// that only the mirror's folder of GameSound imports OpenAL; `import OpenAL` to look inside the code
/// (`error.code == .deviceUnavailable(name: nil)`, say).
public typealias OpenALFailure = OpenALError

/// One error policy (issue 27): a failed OpenAL call reaches the event log (`openALFailed`) and the
/// game's log (``LogCode/openALCallFailed``) once, typed, naming what it affected, and the runtime
/// goes on (the sound concerned may be off; every other sound plays on).
///
/// "Once" means once per distinct failure, the OpenAL operation, its code and the thing affected,
/// per context: a call that fails at every block is reported at the first, and a rebuilt context
/// (an interruption's rebuild, a reopened device, a media-services reset) forgets what was reported,
/// so the same failure on it is news again.
///
/// The optional tries left in the runtime drop no OpenAL error; each says why: the audio session's
/// preferences and deactivation (``AudioSessionError``s, wishes the system may refuse), a bus looked
/// up by name (nil is the answer), a device retried while none can be opened (reported when the
/// waiting began), and a remote command on a stopped runtime.
extension ALMirror {
    /// A failure as reported: what makes two failures the same one.
    struct Failure: Hashable {
        var operation: String
        var code: String
        var affected: String
    }

    /// Runs OpenAL calls; when one fails, reports it (``report(_:affected:)``) and returns nil.
    ///
    /// - Parameters:
    ///   - affected: What the calls act on, in words ("voice 3's gain", "the soundtrack's player",
    ///     "the reverb slots"); worked out only on a failure.
    ///   - body: The OpenAL calls.
    /// - Returns: What `body` returned, or nil when it threw.
    @inline(__always) @discardableResult
    func attempt<T, E: Error>(_ affected: @autoclosure () -> String, _ body: () throws(E) -> T) -> T? {
        do {
            return try body()
        } catch {
            report(error, affected: affected())
            return nil
        }
    }

    /// Logs `openALFailed` (origin engine; `operation`, `code`, `affected`) and one error with the code
    /// `openal.call-failed`, unless this failure was already reported on the current context. An
    /// error that is not OpenAL's (a stream's file, say) is reported with the operation `runtime`.
    @inline(never)
    func report(_ error: any Error, affected: String) {
        let failure: Failure
        switch error {
        case let error as OpenALError:
            failure = Failure(operation: error.operation, code: error.code.name, affected: affected)
        case GameSoundError.openAL(let error):
            failure = Failure(operation: error.operation, code: error.code.name, affected: affected)
        default:
            failure = Failure(operation: "runtime", code: "\(type(of: error))", affected: affected)
        }
        guard reportedFailures.insert(failure).inserted else { return }
        failureSink(failure.operation, failure.code, affected, String(describing: error))
    }

    /// Makes the context current on this thread if there is a usable one, and says whether there is: false without
    /// a context or while it is suspended for an interruption (expected, not a failure), and when
    /// making it current fails (reported).
    ///
    /// Writes a game's call left for the audio thread (``deferred``) are made first: whatever runs
    /// on the context next sees them.
    func useContext() -> Bool {
        // A step holds the work lock already; a game's call that gets here takes it now.
        holdWork()
        guard let context, !contextSuspended else {
            if hasDeferredWork { runDeferred(contextCurrent: false) }
            return false
        }
        let current = context.isCurrent || attempt("the audio context", { () throws(OpenALError) in try context.makeCurrentOnThisThread() }) != nil
        if hasDeferredWork { runDeferred(contextCurrent: current) }
        return current
    }

    /// Makes the context current on this thread unless it is suspended (each step of the runtime
    /// starts on a thread where it is not: ``releaseThread()``).
    ///
    /// During a game's call in real time (``defersWrites``) it only checks that the context can be
    /// used: the call's writes are made later, by the audio thread, which makes it current.
    func makeContextCurrentIfNeeded() throws(GameSoundError) {
        guard let context, !contextSuspended else {
            throw .openAL(OpenALError(operation: "makeCurrent", code: .noCurrentContext))
        }
        if defersWrites { return }
        holdWork()
        if !context.isCurrent {
            do { try context.makeCurrentOnThisThread() } catch { throw .openAL(error) }
        }
        if hasDeferredWork { runDeferred(contextCurrent: true) }
    }
}

extension OpenALError.Code {
    /// The code in one word, for the `code` detail of `openALFailed`: `invalidName`, `invalidOperation`,
    /// `noCurrentContext`, `deleted`, … (`error 0x…` for a code OpenAL has no name for).
    var name: String {
        switch self {
        case .invalidName: "invalidName"
        case .invalidEnum: "invalidEnum"
        case .invalidValue: "invalidValue"
        case .invalidOperation: "invalidOperation"
        case .outOfMemory: "outOfMemory"
        case .invalidDevice: "invalidDevice"
        case .invalidContext: "invalidContext"
        case .other(let raw): "error 0x\(String(raw, radix: 16))"
        case .noCurrentContext: "noCurrentContext"
        case .wrongContext: "wrongContext"
        case .deleted: "deleted"
        case .deviceUnavailable: "deviceUnavailable"
        case .extensionMissing: "extensionMissing"
        case .unsupportedRenderFormat: "unsupportedRenderFormat"
        }
    }
}
