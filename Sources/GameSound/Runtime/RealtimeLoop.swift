import Foundation

/// The real-time runtime's own update loop: a thread that runs the update once per I/O buffer
/// period (stream refills, fades, activation retries) while OpenAL Soft mixes on its own thread.
/// Each update returns the period to wait before the next: the buffer the session was granted,
/// which changes with activation and the screen lock.
final class RealtimeLoop: @unchecked Sendable {
    // Safe: `stopped` is only read and written while holding `lock`; the thread is started once.
    private let lock = NSLock()
    private var stopped = false
    private let tick: @Sendable () -> Double
    private let finished = DispatchSemaphore(value: 0)

    init(tick: @escaping @Sendable () -> Double) {
        self.tick = tick
    }

    func start() {
        let thread = Thread { [self] in
            while !lock.withLock({ stopped }) {
                let period = tick()
                Thread.sleep(forTimeInterval: period)
            }
            finished.signal()
        }
        thread.name = "GameSound update"
        thread.start()
    }

    /// Stops the loop and waits for its last update to finish.
    func stop() {
        let wasRunning = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        if wasRunning { finished.wait() }
    }
}
