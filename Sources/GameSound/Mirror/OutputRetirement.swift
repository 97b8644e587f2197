// SPDX-License-Identifier: Zlib
import Dispatch
import OpenAL

/// Real-time contexts and devices a runtime has let go of, destroyed and closed on a queue of their
/// own rather than inside the runtime's lock.
///
/// Destroying the last context of a real device stops OpenAL Soft's mixer thread, which waits for
/// the period it is mixing: 6 to 12 ms on the null device (docs/performance.md). Done inside the
/// lock, as a media-services loss, an interruption with the rebuild strategy or a move to a new
/// output used to, every game call that came meanwhile waited for it. Under its lock the runtime
/// only clears the context from being current and forgets what it made in it (its sources, buffers,
/// effect slots, stream players: ``ALMirror/retireOutputWhole(letting:)``); destroying the context and
/// closing the device here deletes those in OpenAL Soft, so handing them over takes no time.
///
/// A loopback device (headless) has no mixer thread: its context is destroyed at once, in order
/// with everything else, so that a render never depends on when the queue ran.
enum OutputRetirement {
    /// A context and the device it was on, handed over to the queue whole.
    private struct Retired: @unchecked Sendable {
        // Safe: the runtime gives up every reference it had to them (and to `objects`) when it hands
        // them over (the mirror forgets them in the same step), so the queue is their only owner from then on.
        let context: ALContext?
        let device: ALDevice?
        /// Let go of after them (``retire(context:closing:lettingGo:)``).
        let objects: [AnyObject]
    }

    private static let queue = DispatchQueue(label: "GameSound output retirement")

    /// Destroys `context` (no longer current) with what is left in it, then closes `device` if given (no
    /// other context of ours on it), on the retirement queue. Failures are not reported: the runtime
    /// has moved on, and OpenAL Soft only refuses a device or context that is not valid any more.
    ///
    /// - Parameter objects: What else the runtime let go of with them and nothing else holds (a
    ///   stream's player, whose decoder takes a while to free): released on the queue, after them.
    static func retire(context: ALContext?, closing device: ALDevice?, lettingGo objects: [AnyObject] = []) {
        let retired = Retired(context: context, device: device, objects: objects)
        queue.async {
            retired.context?.destroy()
            try? retired.device?.close()
            _ = retired.objects
        }
    }

    /// Waits until everything handed over so far is destroyed and closed (a runtime that shuts
    /// down leaves nothing open behind it).
    static func drain() {
        queue.sync {}
    }
}
