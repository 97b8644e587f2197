// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#endif

/// A value behind a pthread mutex, for state that threads share with no other lock around them.
///
/// Like `Synchronization.Mutex`, but ThreadSanitizer sees a pthread mutex and does not see that
/// one's futex: where threads meet only through it (the hand-out queues, taken after the runtime's
/// lock is let go), every access it guards looked like a race to `make sanitize-ci`.
package final class LockedValue<Value>: @unchecked Sendable {
    // Safe: `value` is only touched inside `withLock`, holding the mutex, which lives at a fixed
    // heap address for the object's whole life and is used only through pthread calls.
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value, holding the mutex.
    package func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&value)
    }
}
