// SPDX-License-Identifier: Zlib
import Dispatch
import Synchronization

/// How a runtime's own thread (the real-time update, the testbed's switches) is told to stop and
/// waited for: the thread checks ``isStopped`` between its waits and calls ``finish()`` last.
final class WorkerStop: Sendable {
    private let stopped = Mutex(false)
    private let finished = DispatchSemaphore(value: 0)

    /// Whether ``stop()`` was called.
    var isStopped: Bool { stopped.withLock { $0 } }

    /// Called by the thread once it is done (its last work finished, its descriptors closed).
    func finish() { finished.signal() }

    /// Asks the thread to stop, wakes it with `waking` if it waits for something that can be cut
    /// short, and waits until it has finished; later calls return at once.
    func stop(waking: () -> Void = {}) {
        let wasRunning = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        waking()
        if wasRunning { finished.wait() }
    }
}
