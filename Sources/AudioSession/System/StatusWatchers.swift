// SPDX-License-Identifier: Zlib
import Synchronization

/// The sessions' ``SystemAudio/whenStatusMoves(for:_:)`` handlers, for a system that can say when
/// its ``SystemAudio/statusVersion`` moved: each system calls ``statusMoved()`` after each move,
/// with no lock of its own held, and forgets a session's handler when the session detaches.
public final class StatusWatchers: Sendable {
    private let handlers = Mutex<[SessionID: @Sendable () -> Void]>([:])
    /// Whether any session watches: a move with none costs one atomic read.
    private let watched = Atomic<Bool>(false)

    /// No session watches yet.
    public init() {}

    /// Calls `moved` at every later ``statusMoved()`` until ``forget(_:)``; replaces what `session`
    /// gave before.
    public func watch(_ session: SessionID, _ moved: @escaping @Sendable () -> Void) {
        handlers.withLock { handlers in
            handlers[session] = moved
            watched.store(true, ordering: .releasing)
        }
    }

    /// Forgets what `session` gave.
    public func forget(_ session: SessionID) {
        handlers.withLock { handlers in
            handlers[session] = nil
            watched.store(!handlers.isEmpty, ordering: .releasing)
        }
    }

    /// Calls every handler: the status version moved. On the thread that moved it, with no lock of
    /// the system's held (a handler only signals).
    public func statusMoved() {
        guard watched.load(ordering: .acquiring) else { return }
        for handler in handlers.withLock({ Array($0.values) }) { handler() }
    }
}
