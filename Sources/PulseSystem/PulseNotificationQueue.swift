// SPDX-License-Identifier: Zlib
import AudioSession
import Dispatch

/// The session notifications of the PulseAudio system, in order, with one drainer at a time.
///
/// The ordering and the single drainer are the simulated system's ``AudioSession/DeliveryQueue``;
/// this adds where the draining happens. A caller's own request drains on the caller's thread
/// (after the state lock is released); events from the server are drained on a private serial
/// queue, so libpulse's main loop thread never runs a session's observers and never waits for them.
final class PulseNotificationQueue: Sendable {
    private let queue = DeliveryQueue()
    private let background = DispatchQueue(label: "GameSound.PulseSystem.delivery")

    func enqueue(_ deliveries: [Delivery]) { queue.enqueue(deliveries) }

    /// Delivers everything queued on this thread, unless a drain already runs (which delivers it).
    func drain() { queue.drain() }

    /// Delivers everything queued on the private delivery queue, without waiting.
    func drainInBackground() {
        background.async { [queue] in queue.drain() }
    }

    /// Returns once every notification enqueued before the call has been handed out by the background queue.
    func waitForBackgroundDrain() {
        background.sync {}
    }
}
