// SPDX-License-Identifier: Zlib
import Synchronization

/// A first-in first-out queue of notifications, drained by one caller at a time.
///
/// A system enqueues while holding its own state lock (so the queue order is the order the
/// events happened) and drains after releasing it. If a callback causes further
/// notifications, they are enqueued and delivered by the drain already running, after the
/// callback returns, so everyone sees events in the order they happened.
package final class DeliveryQueue: Sendable {
    private struct State {
        var pending: [Delivery] = []
        var head = 0
        var draining = false
    }

    private let state = Mutex(State())

    package init() {}

    package func enqueue(_ deliveries: [Delivery]) {
        guard !deliveries.isEmpty else { return }
        state.withLock { $0.pending.append(contentsOf: deliveries) }
    }

    /// Delivers everything queued, unless another drain is already running (on this thread,
    /// further up the stack, or on another thread), which will deliver it instead.
    package func drain() {
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

    private func takeNext() -> Delivery? {
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
