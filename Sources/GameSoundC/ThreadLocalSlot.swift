// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One pointer-sized value per thread, on a POSIX thread-specific key.
///
/// Swift has no `thread_local`; the C API needs a few per-thread values (the last error's message,
/// code and drop reason, and how deep the thread is inside event callbacks), so each gets a key made
/// once per process.
struct ThreadLocalSlot: Sendable {
    private let key: pthread_key_t

    /// Makes a key; `destructor` runs at thread exit on a non-nil value left in the slot.
    init(destructor: (@convention(c) (UnsafeMutableRawPointer) -> Void)?) {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, destructor.map { function in
            unsafeBitCast(function, to: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self)
        })
        // The process is out of keys (PTHREAD_KEYS_MAX is 1024): nothing sensible can continue.
        precondition(status == 0, "pthread_key_create failed with \(status)")
        self.key = key
    }

    /// This thread's value.
    var value: UnsafeMutableRawPointer? {
        get { pthread_getspecific(key) }
        nonmutating set { pthread_setspecific(key, newValue) }
    }
}
