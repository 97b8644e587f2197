#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A lock the thread holding it may take again: OpenAL's process-wide lock, on which a step of
/// the runtime can call code that takes it too.
///
/// A `Mutex` (a futex on Linux: one atomic exchange each way when nobody waits) plus the thread
/// that holds it. It is taken at every rendered block, where the recursive pthread mutex it
/// replaces cost about 75 instructions a block, about half of it in the mutex (issue 19).
@usableFromInline
final class RecursiveLock: Sendable {
    @usableFromInline let mutex = Mutex(())
    /// The `pthread_self()` of the thread inside ``withLock(_:)``, or 0.
    ///
    /// Only the holder stores its own identity here (on entering and leaving), so a thread that
    /// reads its own identity, even with relaxed ordering, is the holder; any other value means it
    /// is not.
    @usableFromInline let owner = Atomic<UInt>(0)

    @usableFromInline init() {}

    // Inlinable, so that it is specialised and inlined where a step is run, across modules.
    @inlinable
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let me = UInt(pthread_self())
        if owner.load(ordering: .relaxed) == me { return try body() }
        return try mutex.withLock { (_) throws(Failure) -> Result in
            owner.store(me, ordering: .relaxed)
            defer { owner.store(0, ordering: .relaxed) }
            return try body()
        }
    }
}
