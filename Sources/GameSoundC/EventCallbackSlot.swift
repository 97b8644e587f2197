// SPDX-License-Identifier: Zlib
import GameSound
import Synchronization

/// The callback of one runtime, replaceable at any time from any thread.
///
/// The runtime's observer reads the slot and calls the function after letting go of the slot's
/// lock, so a callback may call any function of the C API (including `gs_set_event_callback`)
/// without deadlocking.
final class EventCallbackSlot: Sendable {
    private let current = Mutex<EventCallback?>(nil)

    /// Replaces the callback; nil stops delivery.
    func set(_ callback: EventCallback?) {
        current.withLock { current in
            current = callback
            isSet.store(callback != nil, ordering: .releasing)
        }
    }

    /// Whether a callback is set: the runtime builds events only while one is.
    var hasCallback: Bool { isSet.load(ordering: .acquiring) }
    private let isSet = Atomic<Bool>(false)

    /// Gives `event` to the callback, if one is set.
    func deliver(_ event: GameSoundEvent) {
        let callback = current.withLock { $0 }
        callback?.deliver(event)
    }
}
