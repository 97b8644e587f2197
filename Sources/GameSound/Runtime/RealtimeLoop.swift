// SPDX-License-Identifier: Zlib
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The real-time runtime's own update loop: a thread that runs the update (stream refills, fades,
/// activation retries) while OpenAL Soft mixes on its own thread.
///
/// Each update says how long to wait before the next (``RuntimeCore/realtimeWait``): one I/O buffer
/// period (the buffer the session was granted, which changes with activation and the screen lock)
/// while anything moves, longer while the runtime is quiet. A long wait ends early when the game
/// calls or the system notifies (``wake()``), so what they start is followed from the next period.
final class RealtimeLoop: Sendable {
    private let worker = WorkerStop()
    private let tick: @Sendable () -> (wait: Double, quiet: Bool)
    /// Signalled by ``wake()`` while the loop waits through a quiet stretch.
    private let wakeUp = DispatchSemaphore(value: 0)
    /// The loop is in a quiet wait, which ``wake()`` may end.
    private let waitingQuietly = Atomic<Bool>(false)

    /// Asks for a real-time priority for the loop's thread while it runs; nil: normal priority.
    private let realtime: RealtimeThreads?

    init(realtime: RealtimeThreads? = nil, tick: @escaping @Sendable () -> (wait: Double, quiet: Bool)) {
        self.realtime = realtime
        self.tick = tick
    }

    func start() {
        let thread = DispatchQueue(label: "GameSound update")
        thread.async { [self] in
            realtime?.raiseUpdateThread(ThreadRoster.current)
            while !worker.isStopped {
                let next = tick()
                let seconds = max(0, min(next.wait, 1))
                if next.quiet {
                    waitingQuietly.store(true, ordering: .sequentiallyConsistent)
                    _ = wakeUp.wait(timeout: .now() + .microseconds(Int(seconds * 1_000_000)))
                    waitingQuietly.store(false, ordering: .sequentiallyConsistent)
                } else {
                    usleep(useconds_t(seconds * 1_000_000))
                }
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
        if waitingQuietly.exchange(false, ordering: .sequentiallyConsistent) { wakeUp.signal() }
    }

    /// Stops the loop and waits for its last update to finish.
    func stop() {
        worker.stop(waking: wake)
    }
}
