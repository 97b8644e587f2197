// SPDX-License-Identifier: Zlib
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// The real-time runtime's own update loop: a thread that runs the update once per I/O buffer
/// period (stream refills, fades, activation retries) while OpenAL Soft mixes on its own thread.
/// Each update returns the period to wait before the next: the buffer the session was granted,
/// which changes with activation and the screen lock.
final class RealtimeLoop: Sendable {
    private let worker = WorkerStop()
    private let tick: @Sendable () -> Double

    init(tick: @escaping @Sendable () -> Double) {
        self.tick = tick
    }

    func start() {
        let thread = DispatchQueue(label: "GameSound update")
        thread.async { [self] in
            while !worker.isStopped {
                let period = tick()
                usleep(useconds_t(max(0, min(period, 1)) * 1_000_000))
            }
            worker.finish()
        }
    }

    /// Stops the loop and waits for its last update to finish.
    func stop() {
        worker.stop()
    }
}
