import Glibc
import Synchronization

/// A debug hook for reliability checks: how many OpenAL errors the wrappers raised.
extension OpenALProcess {
    private static let totalErrors = Atomic<Int>(0)
    private static let threadErrorsKey: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key is left for OpenAL's error counter")
        return key
    }()

    /// How many ``OpenALError``s the OpenAL wrappers have raised in this process so far.
    ///
    /// Every error counts: one `alGetError` or `alcGetError` reported after a call, and every call
    /// a wrapper refused on its own (no current context, a deleted object, the wrong context, a
    /// missing extension, no device). Errors made by other code with ``OpenALError/init(operation:code:)``
    /// do not count. A game that works correctly never makes it grow, so tests compare it before and
    /// after a run. It only grows; nothing resets it.
    public static var errorCount: Int { totalErrors.load(ordering: .relaxed) }

    /// How many ``OpenALError``s the OpenAL wrappers have raised on the calling thread so far.
    ///
    /// The same count as ``errorCount``, restricted to the current thread: a test that drives a
    /// runtime from one thread reads it before and after, unaffected by other tests running in
    /// parallel in the same process.
    public static var errorCountOnCurrentThread: Int {
        Int(bitPattern: pthread_getspecific(threadErrorsKey))
    }

    /// Counts one raised error, process-wide and on this thread.
    static func countError() {
        totalErrors.add(1, ordering: .relaxed)
        let key = threadErrorsKey
        let count = Int(bitPattern: pthread_getspecific(key))
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: count + 1))
    }
}
