// SPDX-License-Identifier: Zlib
import GameSound
import Synchronization

/// Collects the runtime's events, and the runner's own, in the order they happen.
///
/// The runtime calls its observers on the thread that caused the event, so the list sits behind a lock.
final class EventRecorder: Sendable {
    private let recorded = Mutex<[GameSoundEvent]>([])

    func record(_ event: GameSoundEvent) {
        recorded.withLock { $0.append(event) }
    }

    var events: [GameSoundEvent] { recorded.withLock { $0 } }

    /// The events recorded since the last call, in order; the recorder forgets them.
    func drain() -> [GameSoundEvent] {
        recorded.withLock { recorded in
            let taken = recorded
            recorded = []
            return taken
        }
    }
}
