// SPDX-License-Identifier: Zlib
import GameSound

/// What a C handle stands for: the runtime and its event callback.
final class RuntimeEntry: Sendable {
    let runtime: GameSoundRuntime
    let callback: EventCallbackSlot
    /// The runtime's observer that hands events to the callback, kept as long as the entry.
    let observation: EventObservation

    init(runtime: GameSoundRuntime, callback: EventCallbackSlot, observation: EventObservation) {
        self.runtime = runtime
        self.callback = callback
        self.observation = observation
    }
}
