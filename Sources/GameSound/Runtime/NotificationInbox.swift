// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#endif
import AudioSession

/// Real time: what a watcher's thread delivers to a runtime (the sound server's, the session bus',
/// logind's), waiting for the runtime's update thread, which handles it in order (issue 37). The
/// watcher's thread only appends and wakes the loop: it never waits for what a notification does
/// (silencing, a rebuild, opening a device).
///
/// A change the game makes itself (a simulated system action, its window) is still handled on the
/// game's thread before the call returns (``CoreBox/performingInline(_:)``), as is anything a
/// step causes; so is everything of a headless runtime, whose renders must be the same every run.
///
/// Guarded by the runtime's lock, as ``CoreBox``'s own state.
final class NotificationInbox: @unchecked Sendable {
    /// Waiting for the update thread, oldest first.
    @exclusivity(unchecked) var waiting: [CoreBox.Pending] = []
    /// The update thread takes notifications: set once the real-time loop runs, cleared as it stops.
    @exclusivity(unchecked) var isOpen = false
    /// The update thread has taken an entry and not finished it: what comes now waits behind it.
    @exclusivity(unchecked) var isHandling = false
    /// Threads making a change whose notifications they handle themselves (``CoreBox/performingInline(_:)``).
    @exclusivity(unchecked) var inlineThreads: [pthread_t] = []
    /// Wakes the update thread for what waits (``RealtimeLoop/wakeForUpdate()``).
    @exclusivity(unchecked) var wake: @Sendable () -> Void = {}

    /// Something waits for the update thread, or is being handled there: what comes now would
    /// overtake it if it were handled anywhere else.
    var isBusy: Bool { isOpen && (!waiting.isEmpty || isHandling) }

    /// Whether an entry arriving now, outside any step, waits for the update thread: always while
    /// the loop takes notifications, unless the thread handles its own change and nothing waits
    /// that it would overtake.
    var takesArrival: Bool {
        guard isOpen else { return false }
        return isBusy || !inlineThreads.contains { pthread_equal($0, pthread_self()) != 0 }
    }
}
