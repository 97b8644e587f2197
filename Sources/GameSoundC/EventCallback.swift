// SPDX-License-Identifier: Zlib
import GameSound

/// A C function registered with `gs_set_event_callback`, and the pointer it gets back.
///
/// The C side promises (in `gamesound.h`) that the function may be called from any thread, and
/// `userData` belongs to the caller: GameSound only passes it back. That promise is what makes
/// this value safe to share between threads.
struct EventCallback: @unchecked Sendable {
    let function: gs_event_callback
    let userData: UnsafeMutableRawPointer?

    /// Calls the function with `event`; its strings live until the function returns.
    func deliver(_ event: GameSoundEvent) {
        let json = event.detailsJSON
        CallbackDepth.enter()
        defer { CallbackDepth.leave() }
        event.name.withCString { name in
            json.withCString { details in
                function(name, Int64(event.frame), details, userData)
            }
        }
    }
}
