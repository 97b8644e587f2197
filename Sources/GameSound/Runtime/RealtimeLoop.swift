// SPDX-License-Identifier: Zlib
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The real-time runtime's own update loop: a thread that runs the update once per I/O buffer
/// period (stream refills, fades, activation retries) while OpenAL Soft mixes on its own thread.
/// Each update returns the period to wait before the next: the buffer the session was granted,
/// which changes with activation and the screen lock.
final class RealtimeLoop: Sendable {
    private let stopped = Mutex(false)
    private let tick: @Sendable () -> Double
    private let finished = DispatchSemaphore(value: 0)

    init(tick: @escaping @Sendable () -> Double) {
        self.tick = tick
    }

    func start() {
        let thread = DispatchQueue(label: "GameSound update")
        thread.async { [self] in
            while !stopped.withLock({ $0 }) {
                let period = tick()
                usleep(useconds_t(max(0, min(period, 1)) * 1_000_000))
            }
            finished.signal()
        }
    }

    /// Stops the loop and waits for its last update to finish.
    func stop() {
        let wasRunning = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        if wasRunning { finished.wait() }
    }
}
