// SPDX-License-Identifier: Zlib
import OpenAL

/// Writes a game's call leaves to the audio thread.
///
/// A game's call that only changes what sounds (play, stop, a voice's gain or place,
/// a bus's volume, the listener) decides everything on the spot, under the runtime's lock, and
/// touches no OpenAL: each write it would make is recorded instead, with the mirror's shadow
/// already saying what OpenAL will hold once it is made. The runtime's update thread makes the
/// recorded writes, in order, at the start of its next step (it is woken for them), so OpenAL's
/// own locks, a device's clock and a cold source are met there and not in the game's frame.
/// Headless, the next render makes them, before it mixes (the renders stay byte-identical).
///
/// Order is what keeps this right: every step that is not such a call (the update, a notification,
/// a query that reads OpenAL, a rebuild) makes the recorded writes first, when it makes the
/// context current (``useContext()``), and so does a call that must read OpenAL or make an object
/// after all.
///
/// A write made later cannot fail the call that asked for it: a failure is reported then
/// (`openALFailed` in the event log, `openal.call-failed` in the game's log), as every failure of
/// the update is.
extension ALMirror {
    /// One thing recorded for the audio thread.
    enum DeferredWork {
        /// OpenAL calls, and what they affect in words (worked out only on a failure).
        case write(affected: () -> String, body: () throws(OpenALError) -> Void)
        /// Work of the runtime that must follow the writes before it (a voice's clock starts when its
        /// source plays, which is when the device's clock is read).
        case runtime(() -> Void)
    }

    /// Makes OpenAL calls now, or records them for the audio thread (or the next render) during a game's call.
    /// A failure made now is thrown, as ``al(_:)`` throws it; one made later is reported.
    @inline(__always)
    func write(_ affected: @escaping @autoclosure () -> String,
               _ body: @escaping () throws(OpenALError) -> Void) throws(GameSoundError) {
        if defersWrites {
            deferred.append(.write(affected: affected, body: body))
            return
        }
        do { try body() } catch { throw .openAL(error) }
    }

    /// Makes OpenAL calls now or records them, as ``write(_:_:)``; a failure is reported either way
    /// (``attempt(_:_:)``).
    @inline(__always)
    func reportingWrite(_ affected: @escaping @autoclosure () -> String, _ body: @escaping () throws(OpenALError) -> Void) {
        if defersWrites {
            deferred.append(.write(affected: affected, body: body))
            return
        }
        attempt(affected(), body)
    }

    /// Runs work of the runtime now, or after the writes recorded before it.
    @inline(__always)
    func afterWrites(_ work: @escaping () -> Void) {
        if defersWrites { deferred.append(.runtime(work)) } else { work() }
    }

    /// Whether the context can take writes: now (made current on this thread), or, during a game's
    /// call, when the audio thread or the next render makes them (it exists and is not suspended: nothing
    /// is made current here).
    func canWrite() -> Bool {
        defersWrites ? context != nil && !contextSuspended : useContext()
    }

    /// Makes the recorded writes, in order, on this thread, where the context has just been made
    /// current (``useContext()``). Writes left for a context that is gone or suspended are dropped:
    /// every step that changes the context makes them first, so none can be left there.
    func runDeferred(contextCurrent: Bool) {
        // The two lists swap, each keeping its storage: a game's next calls append without growing one.
        var work = deferredSpare
        swap(&work, &deferred)
        let deferring = defersWrites
        defersWrites = false
        for item in work {
            switch item {
            case .write(let affected, let body): if contextCurrent { attempt(affected(), body) }
            case .runtime(let body): body()
            }
        }
        defersWrites = deferring
        work.removeAll(keepingCapacity: true)
        deferredSpare = work
    }
}
