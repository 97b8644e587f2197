// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A lock the thread holding it may take again: OpenAL's process-wide lock, on which a step of
/// the runtime can call code that takes it too.
///
/// A plain (non-recursive) pthread mutex plus the thread that holds it: taking it again on the
/// holding thread only compares that thread's identity. It is taken at every rendered block, so it
/// is inlinable, to be specialised and inlined where a step runs, across modules. A pthread mutex
/// rather than `Synchronization.Mutex`, which is a little cheaper but a futex that
/// ThreadSanitizer cannot see, so every access the lock guards looked like a race to it.
///
/// Built on pthreads rather than Foundation's `NSRecursiveLock`, so that the shipped library needs
/// only FoundationEssentials (and no ICU data) when linked statically.
///
/// The mutex is glibc's adaptive kind: a thread that finds it taken tries again a few times before
/// it sleeps. The lock is held for microseconds (a game's call decides and records), and on a
/// virtual machine a sleep and the wake-up after it cost tens to hundreds: from four game threads
/// calling `gs_effect_play` at once, half as many calls slept, and their p99.9 fell by a quarter to a half
/// (docs/performance.md, "What a game thread pays per call").
///
/// Within the package, GameSound also gives each runtime one of its own (the lock its OpenAL work is
/// made under, `ALMirror.work`), which it sometimes takes partway through a step and lets go at the
/// step's end: hence ``lock()`` and ``unlock()`` beside ``withLock(_:)``.
@usableFromInline
package final class RecursiveLock: @unchecked Sendable {
    // Safe: the mutex is only used through pthread calls, which synchronise themselves; it lives
    // at a fixed heap address for the lock's whole life. `owner` is atomic.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The `pthread_self()` of the thread inside ``withLock(_:)``, or 0.
    ///
    /// Only the holder stores its own identity here (on entering and leaving), so a thread that
    /// reads its own identity, even with relaxed ordering, is the holder; any other value means it
    /// is not.
    @usableFromInline let owner = Atomic<UInt>(0)

    @usableFromInline package init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inlinable
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        if isHeldByCurrentThread { return try body() }
        lock()
        defer { unlock() }
        return try body()
    }

    /// Whether the calling thread holds the lock.
    @inlinable
    package var isHeldByCurrentThread: Bool { owner.load(ordering: .relaxed) == UInt(pthread_self()) }

    /// Takes the lock, which the calling thread must not hold already (see ``isHeldByCurrentThread``);
    /// it holds it until it calls ``unlock()``.
    @inlinable
    package func lock() {
        pthread_mutex_lock(mutex)
        owner.store(UInt(pthread_self()), ordering: .relaxed)
    }

    /// Takes the lock if no thread holds it, as ``lock()`` does; false, at once, when one does.
    @inlinable
    package func tryLock() -> Bool {
        guard pthread_mutex_trylock(mutex) == 0 else { return false }
        owner.store(UInt(pthread_self()), ordering: .relaxed)
        return true
    }

    /// Lets go of a lock taken with ``lock()``, on the thread that took it.
    @inlinable
    package func unlock() {
        owner.store(0, ordering: .relaxed)
        pthread_mutex_unlock(mutex)
    }
}
