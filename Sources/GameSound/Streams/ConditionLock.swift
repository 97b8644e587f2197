// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#endif

/// A mutex with one condition: what a stream's decode-ahead and its player use to hand blocks over,
/// and what a player that must have the next block (headless rendering) waits on.
///
/// pthreads rather than `Synchronization.Mutex`, which has no condition and which ThreadSanitizer
/// cannot see (the same reason as OpenAL's process lock).
final class ConditionLock: @unchecked Sendable {
    // Safe: the mutex and condition are used only through pthread calls, which synchronise
    // themselves; they live at fixed heap addresses for the lock's whole life.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex; `body` may call ``wait()`` and ``broadcast()``.
    func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Releases the mutex until another thread calls ``broadcast()``, then takes it again. Only
    /// inside ``withLock(_:)``; callers wait in a loop on the state they need.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every thread in ``wait()``. Only inside ``withLock(_:)``.
    func broadcast() { pthread_cond_broadcast(condition) }
}
