// SPDX-License-Identifier: Zlib
/// A first-in first-out queue of things to hand out (notifications, a runtime's events), drained by
/// one caller at a time.
///
/// The producer enqueues while holding its own state lock (so the queue order is the order the
/// things happened) and drains after releasing it. If a callback causes more, they are enqueued and
/// handed out by the drain already running, after the callback returns, so everyone sees them in
/// the order they happened. A caller that finds a drain running, on its thread further up the stack
/// or on another, returns at once: that drain hands out what it enqueued. Nobody waits for a
/// callback of another thread, so callbacks that call back into their producers cannot deadlock.
package final class HandOutQueue<Item: Sendable>: Sendable {
    private struct State {
        var pending: [Item] = []
        var head = 0
        var draining = false
    }

    private let state = LockedValue(State())

    package init() {}

    package func enqueue(_ items: [Item]) {
        guard !items.isEmpty else { return }
        state.withLock { $0.pending.append(contentsOf: items) }
    }

    /// Hands out everything queued, in order, with `handOut`, unless another drain is already
    /// running, which will hand it out instead. Returns once the queue is empty.
    package func drain(_ handOut: (Item) -> Void) {
        let mayDrain = state.withLock { state in
            guard !state.draining, state.head < state.pending.count else { return false }
            state.draining = true
            return true
        }
        guard mayDrain else { return }
        while let next = takeNext() {
            handOut(next)
        }
    }

    private func takeNext() -> Item? {
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

/// The systems' queue of notifications, each for one session's delivery closure.
package typealias DeliveryQueue = HandOutQueue<Delivery>

extension HandOutQueue where Item == Delivery {
    /// Delivers everything queued (see ``drain(_:)``).
    package func drain() {
        drain { $0.deliver($0.notification) }
    }
}
