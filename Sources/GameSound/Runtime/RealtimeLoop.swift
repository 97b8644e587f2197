// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization

/// The real-time runtime's own update loop: a thread that runs the update (stream refills, fades,
/// activation retries) while OpenAL Soft mixes on its own thread.
///
/// Each update says how long to wait before the next (``RuntimeCore/realtimeWait``): one I/O buffer
/// period (the buffer the session was granted, which changes with activation and the screen lock)
/// while anything moves, longer while the runtime is quiet. A long wait ends early when the game
/// calls or the system notifies (``wake()``), so what they start is followed from the next period.
/// A notification a watcher delivers is handled here, at the start of an update it wakes the loop
/// for at once (``wakeForUpdate()``), not on the watcher's thread.
///
/// It is also the thread that makes the OpenAL writes the game's calls leave (``CoreBox/command(_:)``),
/// so that a sound the game plays reaches OpenAL within a millisecond, not an update period, later.
/// A call that finds the loop asleep signals it (``wakeForWrites()``): the loop makes the writes and
/// waits on. But waking a thread costs the caller: on a busy machine the woken thread, real-time
/// or newly woken, often takes the caller's core at once (measured: the median play went from 25 to
/// 45 µs on the 2-core test machine). So for ``busySeconds`` after writes came, while a game is
/// calling, the loop looks for them every ``busyPollSeconds`` instead, and a call only sets a flag.
final class RealtimeLoop: Sendable {
    private let worker = WorkerStop()
    private let tick: @Sendable () -> (wait: Double, quiet: Bool)
    private let writes: @Sendable () -> (wait: Double, quiet: Bool)
    /// Signalled by ``wake()`` and ``wakeForWrites()``.
    private let wakeUp = DispatchSemaphore(value: 0)
    /// The loop is in a quiet wait, which ``wake()`` may end.
    private let waitingQuietly = Atomic<Bool>(false)
    /// ``wake()`` ended a quiet wait: the loop runs a whole update.
    private let updateNow = Atomic<Bool>(false)
    /// Writes are waiting and the loop was signalled for them (one signal until it takes them).
    private let writesWaiting = Atomic<Bool>(false)
    /// The loop looks for writes every ``busyPollSeconds`` now: a call need not signal it.
    private let polling = Atomic<Bool>(false)
    /// How long the loop keeps looking for writes often after the last ones came.
    static let busySeconds = 0.05
    /// How often it looks meanwhile: the most a sound waits before it reaches OpenAL then.
    static let busyPollSeconds = 0.001

    /// The loop's thread (`pthread_self()` as a number), 0 before it starts.
    let thread = Atomic<UInt>(0)

    /// Asks for a real-time priority for the loop's thread while it runs; nil: normal priority.
    private let realtime: RealtimeThreads?

    /// - Parameters:
    ///   - tick: One update; says how long to wait before the next.
    ///   - writes: Makes the writes the game's calls left, between two updates; says how long to
    ///     wait from now before the next update (the wait shortens if that comes sooner).
    init(realtime: RealtimeThreads? = nil, tick: @escaping @Sendable () -> (wait: Double, quiet: Bool),
         writes: @escaping @Sendable () -> (wait: Double, quiet: Bool) = { (wait: 1, quiet: true) }) {
        self.realtime = realtime
        self.tick = tick
        self.writes = writes
    }

    func start() {
        let queue = DispatchQueue(label: "GameSound update")
        queue.async { [self] in
            thread.store(UInt(pthread_self()), ordering: .releasing)
            realtime?.raiseUpdateThread(ThreadRoster.current)
            var busyUntil = DispatchTime(uptimeNanoseconds: 0)
            while !worker.isStopped {
                // Quiet from before the update, until it says otherwise: a ``wake()`` while it runs
                // (a call that changed what it was deciding on) leaves a signal, so the wait below
                // ends at once instead of the wake being lost to a wait of up to a second.
                waitingQuietly.store(true, ordering: .sequentiallyConsistent)
                let next = tick()
                var deadline = Self.deadline(in: next.wait)
                if !next.quiet { waitingQuietly.store(false, ordering: .sequentiallyConsistent) }
                while !worker.isStopped {
                    let now = DispatchTime.now()
                    if now >= deadline { break }
                    // Busy: look again soon, unsignalled. Then no longer busy: a call signals again;
                    // the flag is read after it is cleared, so a call that saw it set is not missed.
                    let polls = now < busyUntil
                    polling.store(polls, ordering: .sequentiallyConsistent)
                    let woken = !polls && writesWaiting.load(ordering: .sequentiallyConsistent)
                        || wakeUp.wait(timeout: polls ? min(deadline, now + Self.interval(Self.busyPollSeconds)) : deadline) == .success
                    if woken, updateNow.exchange(false, ordering: .sequentiallyConsistent) { break }
                    if writesWaiting.exchange(false, ordering: .sequentiallyConsistent) {
                        let after = writes()
                        busyUntil = .now() + Self.interval(Self.busySeconds)
                        deadline = min(deadline, Self.deadline(in: after.wait))
                        if !after.quiet { waitingQuietly.store(false, ordering: .sequentiallyConsistent) }
                    }
                }
                polling.store(false, ordering: .sequentiallyConsistent)
                waitingQuietly.store(false, ordering: .sequentiallyConsistent)
            }
            // A pool thread: it goes back to normal priority before other work takes it.
            realtime?.lowerCallingThread()
            worker.finish()
        }
    }

    private static func deadline(in seconds: Double) -> DispatchTime {
        .now() + interval(max(0, min(seconds, 1)))
    }

    private static func interval(_ seconds: Double) -> DispatchTimeInterval {
        .microseconds(Int(seconds * 1_000_000))
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

    /// Ends any wait now for a whole update: a watcher delivered a notification, which the update
    /// handles first (``CoreBox/update()``), or a stream's first blocks are decoded, and the update
    /// gives it its player (``RuntimeCore/startStreamIfPossible(_:)``). Safe from any thread.
    func wakeForUpdate() {
        updateNow.store(true, ordering: .sequentiallyConsistent)
        wakeUp.signal()
    }

    /// Tells the loop that a game's call left writes: it makes them and waits on. It is signalled
    /// only when it is not looking often anyway (``polling``), and once until it has taken them.
    func wakeForWrites() {
        if !writesWaiting.exchange(true, ordering: .sequentiallyConsistent),
           !polling.load(ordering: .sequentiallyConsistent) {
            wakeUp.signal()
        }
    }

    /// Stops the loop and waits for its last update to finish.
    func stop() {
        worker.stop(waking: { wakeUp.signal() })
    }
}
