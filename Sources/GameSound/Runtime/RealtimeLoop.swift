// SPDX-License-Identifier: Zlib
import Dispatch
import Synchronization

/// The real-time runtime's own update loop: a thread that runs the update (stream refills, fades,
/// activation retries) while OpenAL Soft mixes on its own thread.
///
/// Each update says how long to wait before the next (``RuntimeCore/realtimeWait``): one I/O buffer
/// period (the buffer the session was granted, which changes with activation and the screen lock)
/// while anything moves, longer while the runtime is quiet. A long wait ends early when the game
/// calls or the system notifies (``wake()``), so what they start is followed from the next period.
///
/// It is also the thread that makes the OpenAL writes the game's calls leave (``CoreBox/command(_:)``):
/// any wait ends for them (``wakeForWrites()``), the loop makes them at once and waits on for the
/// rest of its period, so a sound the game plays reaches OpenAL within a thread's wake-up, not an
/// update period, later.
final class RealtimeLoop: Sendable {
    private let worker = WorkerStop()
    private let tick: @Sendable () -> (wait: Double, quiet: Bool)
    private let writes: @Sendable () -> Void
    /// Signalled by ``wake()`` and ``wakeForWrites()``.
    private let wakeUp = DispatchSemaphore(value: 0)
    /// The loop is in a quiet wait, which ``wake()`` may end.
    private let waitingQuietly = Atomic<Bool>(false)
    /// ``wake()`` ended a quiet wait: the loop runs a whole update.
    private let updateNow = Atomic<Bool>(false)
    /// Writes are waiting and the loop was signalled for them (one signal until it takes them).
    private let writesWaiting = Atomic<Bool>(false)

    /// Asks for a real-time priority for the loop's thread while it runs; nil: normal priority.
    private let realtime: RealtimeThreads?

    /// - Parameters:
    ///   - tick: One update; says how long to wait before the next.
    ///   - writes: Makes the writes the game's calls left, between two updates.
    init(realtime: RealtimeThreads? = nil, tick: @escaping @Sendable () -> (wait: Double, quiet: Bool),
         writes: @escaping @Sendable () -> Void = {}) {
        self.realtime = realtime
        self.tick = tick
        self.writes = writes
    }

    func start() {
        let thread = DispatchQueue(label: "GameSound update")
        thread.async { [self] in
            realtime?.raiseUpdateThread(ThreadRoster.current)
            while !worker.isStopped {
                let next = tick()
                let seconds = max(0, min(next.wait, 1))
                let deadline = DispatchTime.now() + .microseconds(Int(seconds * 1_000_000))
                if next.quiet { waitingQuietly.store(true, ordering: .sequentiallyConsistent) }
                while !worker.isStopped, wakeUp.wait(timeout: deadline) == .success {
                    if updateNow.exchange(false, ordering: .sequentiallyConsistent) { break }
                    if writesWaiting.exchange(false, ordering: .sequentiallyConsistent) { writes() }
                }
                waitingQuietly.store(false, ordering: .sequentiallyConsistent)
            }
            // A pool thread: it goes back to normal priority before other work takes it.
            realtime?.lowerCallingThread()
            worker.finish()
        }
    }

    /// Ends a quiet wait now: the game called, or the system notified. Costs an atomic read when
    /// the loop is not in one. (A wake that comes as the wait ends by itself leaves the next quiet
    /// wait one early return, which is harmless.)
    func wake() {
        if waitingQuietly.exchange(false, ordering: .sequentiallyConsistent) {
            updateNow.store(true, ordering: .sequentiallyConsistent)
            wakeUp.signal()
        }
    }

    /// Ends any wait for the writes a game's call left: the loop makes them and waits on. One
    /// signal until the loop has taken them, so a burst of calls wakes it once.
    func wakeForWrites() {
        if !writesWaiting.exchange(true, ordering: .sequentiallyConsistent) { wakeUp.signal() }
    }

    /// Stops the loop and waits for its last update to finish.
    func stop() {
        worker.stop(waking: { wakeUp.signal() })
    }
}
