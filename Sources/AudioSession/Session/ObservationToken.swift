// SPDX-License-Identifier: Zlib
import Synchronization

/// The receipt for an observer added with ``AudioSession/addObserver(_:)``; cancel it to unsubscribe.
///
/// The observer stays subscribed until ``cancel()`` is called or the session goes away:
/// dropping the token does not unsubscribe, so an observer meant to live as long as the
/// session needs no stored token.
public final class ObservationToken: Sendable {
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Mutex(onCancel)
    }

    /// Whether ``cancel()`` has been called.
    public var isCancelled: Bool {
        onCancel.withLock { $0 == nil }
    }

    /// Unsubscribes the observer; it receives nothing delivered after this returns.
    ///
    /// Calling it again does nothing. A notification being delivered on another thread at
    /// the same moment may still reach the observer once.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }
}
