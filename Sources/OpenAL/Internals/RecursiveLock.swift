#if canImport(Glibc)
import Glibc
#endif

/// A lock the thread holding it may take again: OpenAL's process-wide lock, on which a step of
/// the runtime can call code that takes it too.
///
/// Built on a recursive pthread mutex rather than Foundation's `NSRecursiveLock`, so that the
/// shipped library needs only FoundationEssentials (and no ICU data) when linked statically.
final class RecursiveLock: @unchecked Sendable {
    // Safe: the mutex is only used through pthread calls, which synchronise themselves; it lives
    // at a fixed heap address for the lock's whole life.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }
}
