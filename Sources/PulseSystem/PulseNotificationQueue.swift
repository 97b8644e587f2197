import Dispatch
import Synchronization

/// A first-in first-out queue of notifications with one drainer at a time.
///
/// The system enqueues while holding its state lock, so the queue order is the order things
/// happened. A caller's own request drains on the caller's thread (after the lock is released);
/// events from the server are drained on a private serial queue, so libpulse's main loop thread
/// never runs a session's observers and never waits for them.
final class PulseNotificationQueue: Sendable {
    private struct State {
        var pending: [PulseDelivery] = []
        var head = 0
        var draining = false
    }

    private let state = Mutex(State())
    private let background = DispatchQueue(label: "GameSound.PulseSystem.delivery")

    func enqueue(_ deliveries: [PulseDelivery]) {
        guard !deliveries.isEmpty else { return }
        state.withLock { $0.pending.append(contentsOf: deliveries) }
    }

    /// Delivers everything queued on this thread, unless a drain already runs (which delivers it).
    func drain() {
        let mayDrain = state.withLock { state in
            guard !state.draining, state.head < state.pending.count else { return false }
            state.draining = true
            return true
        }
        guard mayDrain else { return }
        while let next = takeNext() {
            next.deliver(next.notification)
        }
    }

    /// Delivers everything queued on the private delivery queue, without waiting.
    func drainInBackground() {
        background.async { [self] in drain() }
    }

    /// Returns once every notification enqueued before the call has been handed out by the background queue.
    func waitForBackgroundDrain() {
        background.sync {}
    }

    private func takeNext() -> PulseDelivery? {
        state.withLock { state in
            guard state.head < state.pending.count else {
                state.pending.removeAll(keepingCapacity: true)
                state.head = 0
                state.draining = false
                return nil
            }
            defer { state.head += 1 }
            return state.pending[state.head]
        }
    }
}
