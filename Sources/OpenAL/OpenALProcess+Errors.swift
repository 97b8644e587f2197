// SPDX-License-Identifier: Zlib
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

    /// The last errors raised in the process, oldest first, with the thread that raised each.
    private static let recent = Mutex<[(thread: pthread_t, description: String)]>([])
    private static let recentLimit = 64

    /// The descriptions of the last errors (at most 64 in the process) raised on the calling thread,
    /// oldest first: what a test prints when ``errorCountOnCurrentThread`` moved.
    package static var recentErrorsOnCurrentThread: [String] {
        let thread = pthread_self()
        return recent.withLock { $0.filter { pthread_equal($0.thread, thread) != 0 }.map(\.description) }
    }

    /// Counts one raised error, process-wide and on this thread, and keeps its description.
    static func countError(_ error: OpenALError) {
        totalErrors.add(1, ordering: .relaxed)
        let key = threadErrorsKey
        let count = Int(bitPattern: pthread_getspecific(key))
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: count + 1))
        let entry = (thread: pthread_self(), description: error.description)
        recent.withLock { recent in
            recent.append(entry)
            if recent.count > recentLimit { recent.removeFirst(recent.count - recentLimit) }
        }
    }
}
