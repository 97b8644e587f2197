// SPDX-License-Identifier: Zlib
import AudioSession
import Dispatch
import Synchronization

/// The watchers' state and the one notification queue, shared by ``DesktopSignalsSystem`` and the
/// watchers, each of which reports on its own bus thread.
final class SignalsModel: Sendable {
    let base: any SystemAudio
    private let state = Mutex(DesktopSignals())
    private let queue = DeliveryQueue()
    private let background = DispatchQueue(label: "GameSound.DesktopSignals.delivery")
    /// The sessions that wait for the status to move (``DesktopSignalsSystem/whenStatusMoves(for:_:)``).
    let watchers = StatusWatchers()

    init(base: any SystemAudio) {
        self.base = base
    }

    /// A watcher's report, on its bus thread: applies it and delivers what it caused on the
    /// background delivery queue, so the bus thread never runs a session's observers.
    func report(_ body: (inout DesktopSignals, _ active: (SessionID) -> Bool) -> Void) {
        let moved = state.withLock { signals in
            signals.outbox = []
            let before = signals.version
            body(&signals) { [base] id in base.status(of: id).isActive }
            queue.enqueue(signals.outbox)
            signals.outbox = []
            return signals.version != before
        }
        background.async { [queue] in queue.drain() }
        if moved { watchers.statusMoved() }
    }

    /// A change on the caller's thread (a session's request, or the wrapped system's own
    /// notification): delivered before returning, unless a drain already runs elsewhere.
    func change<Result: Sendable>(_ body: (inout DesktopSignals) -> Result) -> Result {
        let (result, moved) = state.withLock { signals in
            signals.outbox = []
            let before = signals.version
            let result = body(&signals)
            queue.enqueue(signals.outbox)
            signals.outbox = []
            return (result, signals.version != before)
        }
        queue.drain()
        if moved { watchers.statusMoved() }
        return result
    }

    func read<Value: Sendable>(_ body: (DesktopSignals) -> Value) -> Value {
        state.withLock { body($0) }
    }

    /// Returns once everything the watchers reported so far has been handed to the sessions.
    func waitForDeliveries() {
        background.sync {}
    }
}
