// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#endif
import AudioSession

/// What reaches the core from outside its steps: the session's notifications, handled where they
/// are delivered, after the running step, or on the update thread (``NotificationInbox``), and the
/// work that must come after them (``afterPending(_:)``).
extension CoreBox {
    /// Hands a session notification to the core now, or after the step that is running.
    ///
    /// One that rebuilds on a new real output (a media-services reset) first has that output, and
    /// the stream files its players start from, opened here without the lock (``PreparedOutput``):
    /// starting a device's mixer and decoding the streams' first buffers take milliseconds, which
    /// the game's calls would otherwise wait for. The rebuild then takes them under the lock.
    ///
    /// Real time, delivered from outside any step by a thread that is not making the change itself
    /// (a watcher's), it waits for the update thread instead (``NotificationInbox``).
    func deliver(_ notification: AudioSessionNotification) {
        // The wake is read under the lock, which also guards its change as the loop stops.
        let wake = exclusive { () -> (@Sendable () -> Void)? in
            guard depth == 0, inbox.takesArrival else { return nil }
            inbox.waiting.append(.notification(notification))
            return inbox.wake
        }
        if let wake { wake() } else { handle(notification) }
    }

    private func handle(_ notification: AudioSessionNotification) {
        if let request = exclusive({ core.outputToPrepare(for: notification) }),
           let output = PreparedOutput.open(request) {
            exclusive { core.mirror.withWork { core.mirror.offer(output) } }
        }
        enqueue(.notification(notification))
    }

    /// Runs `work` now if no step is running, else after that step and the notifications held back
    /// during it; behind what waits for the update thread, if anything does.
    func afterPending(_ work: @escaping (RuntimeCore) -> Void) {
        let wake = exclusive { () -> (@Sendable () -> Void)? in
            guard depth == 0, inbox.isBusy else { return nil }
            inbox.waiting.append(.work(work))
            return inbox.wake
        }
        if let wake { wake() } else { enqueue(.work(work)) }
    }

    /// Runs `change` (a system action, the window's state) so that the notifications it causes on
    /// this thread are handled here, before it returns, as the game that makes it expects.
    func performingInline<Result, Failure: Error>(_ change: () throws(Failure) -> Result) throws(Failure) -> Result {
        exclusive { inbox.inlineThreads.append(pthread_self()) }
        defer {
            exclusive {
                if let index = inbox.inlineThreads.lastIndex(where: { pthread_equal($0, pthread_self()) != 0 }) {
                    inbox.inlineThreads.remove(at: index)
                }
            }
        }
        return try change()
    }

    /// Real time: from now on notifications that watchers deliver wait for the update thread, which
    /// `wake` wakes for them; nil: handled where they are delivered again (the loop stopped), and
    /// what still waits is dropped with the runtime.
    func handNotifications(waking wake: (@Sendable () -> Void)?) {
        exclusive {
            inbox.isOpen = wake != nil
            inbox.wake = wake ?? {}
            if wake == nil { inbox.waiting = [] }
        }
    }

    /// The update thread: handles what watchers delivered, in order, each as it would have been
    /// handled where it was delivered (an output prepared without the lock first).
    func handleInbox() {
        while let next = exclusive({ () -> Pending? in
            inbox.isHandling = !inbox.waiting.isEmpty
            return inbox.waiting.isEmpty ? nil : inbox.waiting.removeFirst()
        }) {
            switch next {
            case .notification(let notification): handle(notification)
            case .work(let work): enqueue(.work(work))
            }
        }
    }

    private func enqueue(_ pending: Pending) {
        exclusive {
            deferred.append(pending)
            core.heldBack = true
            wake()
            if depth == 0 {
                core.mirror.withWork {
                    handleDeferred()
                    core.mirror.releaseThread()
                }
            }
        }
    }

    /// A headless render is one long step, but the moment between two of its blocks is as safe as
    /// the end of a step: what the update of a block caused (an activation retried, say) is handled
    /// there, at that block's frame, rather than when the whole render returns. Only when the render
    /// is the outermost step: inside another one, the notifications wait for that step's end.
    func handleDeferredIfOutermost() {
        if depth == 1 { handleDeferred() }
    }

    func handleDeferred() {
        while !deferred.isEmpty {
            let next = deferred.removeFirst()
            core.adoptContext()
            core.noteStep()
            depth += 1
            switch next {
            case .notification(let notification):
                core.handle(notification)
                // An output opened ahead for it that the rebuild did not take (it failed first, say).
                core.mirror.retirePrepared()
            case .work(let work): work(core)
            }
            depth -= 1
        }
        core.heldBack = false
    }
}
