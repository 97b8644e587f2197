// SPDX-License-Identifier: Zlib
import GameSound

/// What a C handle stands for: the runtime and its event callback.
final class RuntimeEntry: Sendable {
    let runtime: GameSoundRuntime
    let callback: EventCallbackSlot

    init(runtime: GameSoundRuntime, callback: EventCallbackSlot) {
        self.runtime = runtime
        self.callback = callback
    }
}
