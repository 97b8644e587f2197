// SPDX-License-Identifier: Zlib
import GameSound
import Synchronization

/// The runtime's events, appended from whichever thread logs them.
final class EventLog: Sendable {
    private let storage = Mutex<[GameSoundEvent]>([])
    func append(_ event: GameSoundEvent) { storage.withLock { $0.append(event) } }
    var events: [GameSoundEvent] { storage.withLock { $0 } }
}
