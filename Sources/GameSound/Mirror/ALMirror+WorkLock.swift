// SPDX-License-Identifier: Zlib
import OpenAL
/// The mirror's work lock (``ALMirror/work``): the runtime's OpenAL work is made holding it, always
/// taken after the runtime's own lock, never before (see ``CoreBox`` and ALMirror+Deferred).
extension ALMirror {
    /// Takes ``work`` for a step that uses OpenAL, unless this thread holds it. - Returns: Whether it took it.
    func takeWork() -> Bool {
        guard usesWorkLock, !work.isHeldByCurrentThread else { return false }
        work.lock()
        return true
    }

    /// Takes ``work`` as ``takeWork()`` does, but only if no other thread holds it.
    /// - Returns: nil when another thread holds it; else whether it took it (false: this thread
    ///   holds it already, or no thread makes writes beside the runtime's lock).
    func takeWorkIfFree() -> Bool? {
        guard usesWorkLock, !work.isHeldByCurrentThread else { return false }
        return work.tryLock() ? true : nil
    }

    /// Lets go of ``work`` taken by ``takeWork()`` or ``takeWorkIfFree()``.
    func letGoOfWork() { work.unlock() }

    /// Runs `body` holding ``work`` (taken after the runtime's lock, if that is held at all).
    func withWork<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let took = takeWork()
        defer { if took { letGoOfWork() } }
        return try body()
    }

    /// Whether this thread may use OpenAL now: it holds ``work``, or nothing runs beside the runtime's lock.
    var mayUseOpenAL: Bool { !usesWorkLock || work.isHeldByCurrentThread }

    /// Takes ``work`` partway through a game's call that must use OpenAL after all (it is let go
    /// when the call ends: ``releaseWorkForCall()``).
    @inline(__always)
    func holdWork() {
        if takeWork() { holdsWorkForCall = true }
    }

    /// Lets go of what ``holdWork()`` took, at the end of the outermost step.
    func releaseWorkForCall() {
        guard holdsWorkForCall else { return }
        holdsWorkForCall = false
        work.unlock()
    }
}
