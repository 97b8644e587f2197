// SPDX-License-Identifier: Zlib
import AudioSession
import Synchronization

/// The system's state and its notification queue, shared by the public face (``PulseSystem``)
/// and the libpulse side (``PulseConnection``), neither of which owns the other's thread.
final class PulseModel: Sendable {
    private let state: Mutex<PulseDesktop>
    private let deliveries = PulseNotificationQueue()
    /// Moves on with every change applied to the state (``PulseSystem/statusVersion``): a game reads
    /// this number at every update, and the status only when it moved.
    private let changes = Atomic<UInt64>(0)
    /// The sessions that wait for ``version`` to move (``PulseSystem/whenStatusMoves(for:_:)``).
    let watchers = StatusWatchers()
    /// Our own process, as ``PulseDesktop/ownProcessID``.
    let ownProcessID: Int32

    init(ownProcessID: Int32) {
        self.ownProcessID = ownProcessID
        state = Mutex(PulseDesktop(ownProcessID: ownProcessID))
    }

    /// A session's request, on the caller's thread: runs `body` on a copy, keeps it only on success,
    /// and delivers what it caused before returning (unless a drain already runs elsewhere).
    func request<Result: Sendable, Failure: Error>(
        _ body: (inout PulseDesktop) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let result = try state.withLock { (current: inout PulseDesktop) throws(Failure) -> Result in
            var draft = current
            draft.outbox = []
            let result = try body(&draft)
            deliveries.enqueue(draft.outbox)
            draft.outbox = []
            current = draft
            // Inside the lock: a reader that sees the new number and then reads the state waits for it.
            changes.add(1, ordering: .releasing)
            return result
        }
        deliveries.drain()
        watchers.statusMoved()
        return result
    }

    /// Something the server reported, on libpulse's thread: applies it, posts what changed, and
    /// hands delivery to the background queue so this thread never waits for an observer.
    func serverEvent(_ body: (inout PulseDesktop) -> Void) {
        state.withLock { desktop in
            desktop.outbox = []
            let before = desktop.before()
            let wasAvailable = desktop.serverAvailable
            body(&desktop)
            if wasAvailable { desktop.postChanges(since: before) }
            deliveries.enqueue(desktop.outbox)
            desktop.outbox = []
            changes.add(1, ordering: .releasing)
        }
        deliveries.drainInBackground()
        watchers.statusMoved()
    }

    /// A number that moves whenever the state may have changed.
    var version: UInt64 { changes.load(ordering: .acquiring) }

    func read<Value: Sendable>(_ body: (PulseDesktop) -> Value) -> Value {
        state.withLock { body($0) }
    }

    func waitForBackgroundDeliveries() {
        deliveries.waitForBackgroundDrain()
    }
}
