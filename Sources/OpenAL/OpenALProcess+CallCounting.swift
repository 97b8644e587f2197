// SPDX-License-Identifier: Zlib
import Glibc
import Synchronization

/// A debug hook: how many OpenAL calls the calling thread made, so that a test can show that a
/// game's call made none (GameSound leaves them to its audio thread). Off until a test arms it;
/// until then an `al*` or `alc*` call pays one relaxed atomic load for it.
extension OpenALProcess {
    private static let threadCallsKey: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key is left for OpenAL's call counter")
        return key
    }()

    /// Whether calls are counted (``countCalls()``).
    static let callCountingArmed = Atomic<Bool>(false)

    /// For tests: from now on, every `al*` and `alc*` call that can fail (each one the wrappers check)
    /// is counted on the thread that makes it (``callsOnCurrentThread``).
    package static func countCalls() {
        callCountingArmed.store(true, ordering: .relaxed)
    }

    /// How many checked OpenAL calls the calling thread has made since counting began.
    package static var callsOnCurrentThread: Int {
        Int(bitPattern: pthread_getspecific(threadCallsKey))
    }

    /// Counts one call on this thread, when counting is armed.
    @inline(__always)
    static func noteCall() {
        guard callCountingArmed.load(ordering: .relaxed) else { return }
        pthread_setspecific(threadCallsKey, UnsafeRawPointer(bitPattern: callsOnCurrentThread + 1))
    }
}
