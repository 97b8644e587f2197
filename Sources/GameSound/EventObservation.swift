// SPDX-License-Identifier: Zlib
import Synchronization

/// A subscription to the runtime's events; cancel it, or let it go, to unsubscribe.
public final class EventObservation: Sendable {
    private let onCancel: @Sendable () -> Void
    private let cancelled = Mutex(false)

    init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }

    /// Stops the observer from being called: from the next event handed out on, so an event being
    /// handed out on another thread at that moment may still reach it.
    public func cancel() {
        let first = cancelled.withLock { done in
            defer { done = true }
            return !done
        }
        if first { onCancel() }
    }

    deinit { cancel() }
}
