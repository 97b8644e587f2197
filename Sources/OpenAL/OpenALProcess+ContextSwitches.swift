// SPDX-License-Identifier: Zlib
import Glibc

/// A debug hook: how often the calling thread made a context current process-wide.
extension OpenALProcess {
    private static let threadSwitchesKey: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key is left for OpenAL's context-switch counter")
        return key
    }()

    /// How many times the calling thread has called `alcMakeContextCurrent` (``ALContext/makeCurrent()``,
    /// ``ALContext/clearCurrent()``) so far. A runtime that keeps to its thread-local context never
    /// makes it move, so a test reads it before and after a game's calls; counted per thread, it
    /// is unaffected by other tests that make their own contexts current in the same process.
    package static var processWideSwitchesOnCurrentThread: Int {
        Int(bitPattern: pthread_getspecific(threadSwitchesKey))
    }

    /// Counts one process-wide switch on this thread.
    static func countProcessWideSwitch() {
        let count = processWideSwitchesOnCurrentThread + 1
        pthread_setspecific(threadSwitchesKey, UnsafeRawPointer(bitPattern: count))
    }
}
