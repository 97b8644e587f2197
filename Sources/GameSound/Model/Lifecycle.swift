// SPDX-License-Identifier: Zlib

/// Where the runtime stands with the system, and what it remembers there, as one value whose
/// transitions say what the runtime must do next (``Action``).
///
/// Pure: it holds no device and asks no session. ``RuntimeCore`` tells it what happened (an
/// interruption began or ended, media services went or came back, a route changed, an activation
/// was refused, a device attempt failed, the output started) and carries out the actions it returns
/// (RuntimeCore+Lifecycle). Each state keeps only what matters in it: whether to keep trying to
/// activate and to open a new device while inactive, the attempts while waiting for a device, a
/// reopen that is due while running. LifecycleTests drive it with no device.
struct Lifecycle: Equatable {
    /// The states, each with what it remembers.
    enum State: Equatable {
        /// Active session, context current, output running. `reopenDue`: the device was found
        /// disconnected, or its server caught up after standing still; the next update reopens it.
        case running(reopenDue: Bool)
        /// Not active: before the first activation succeeded, or after an interruption.
        case inactive(Inactive)
        /// Media services are lost; waiting for the reset.
        case lost
        /// The real output device stopped working on its own and no device could be opened since:
        /// the next attempt is at frame `nextAttempt`, after `failures` failed ones since the wait began.
        case awaitingDevice(nextAttempt: Int, failures: Int)
        /// Shut down for good.
        case stopped
    }

    /// What an inactive runtime remembers.
    struct Inactive: Equatable {
        /// Activation is tried again at every update (an interruption ended, or the session refused).
        var retrying = false
        /// A refusal of this series was logged: the next ones are not.
        var reportedRefusal = false
        /// The next restore opens a new device (a route change, or the machine's sleep, meanwhile).
        var reopenDevice = false
    }

    /// Where the runtime stands, without what each state remembers: what most of the runtime asks.
    enum Phase: Equatable {
        case running, inactive, lost, awaitingDevice, stopped
    }

    /// What the runtime does after a transition.
    enum Action: Equatable {
        /// Stop the output (the streams' places noted) and let the context go as the interruption
        /// strategy says: suspended, or torn down.
        case silence
        /// Try to activate the session, and on success bring the output back where it was.
        case reactivate
        /// Decide the category and the soundtrack again from what plays now (running already).
        case followPolicy
        /// Media services are gone: stop the output, tear the context down, close the device.
        case tearDown
        /// Move the running output to the system's current device.
        case reopen
    }

    private(set) var state: State = .inactive(Inactive())

    var phase: Phase {
        switch state {
        case .running: .running
        case .inactive: .inactive
        case .lost: .lost
        case .awaitingDevice: .awaitingDevice
        case .stopped: .stopped
        }
    }

    // MARK: - Interruptions and activation

    /// An interruption began. A running runtime goes silent; one that was inactive or waiting for a
    /// device is inactive and stops trying to activate until the interruption ends.
    ///
    /// - Parameter deviceUntrusted: The interruption is the machine's sleep on a real output: the
    ///   device is opened again when it ends (as it is after a wait for a device, which had none, and
    ///   after a reopen that was due).
    mutating func interruptionBegan(deviceUntrusted: Bool) -> [Action] {
        switch state {
        case .running(let reopenDue):
            state = .inactive(Inactive(reopenDevice: deviceUntrusted || reopenDue))
            return [.silence]
        case .inactive(var inactive):
            inactive.retrying = false
            inactive.reopenDevice = inactive.reopenDevice || deviceUntrusted
            state = .inactive(inactive)
        case .awaitingDevice:
            state = .inactive(Inactive(reopenDevice: true))
        case .lost, .stopped:
            break  // a reset opens a new device anyway; a stopped runtime has none
        }
        return []
    }

    /// An interruption ended (a game has no play button: it resumes whether or not the system
    /// suggests it), or the app came back to the foreground while inactive: activation is tried now
    /// and at every update until it succeeds, and a refusal is logged again.
    mutating func interruptionEnded() -> [Action] {
        guard case .inactive(var inactive) = state else { return [] }
        inactive.retrying = true
        inactive.reportedRefusal = false
        state = .inactive(inactive)
        return [.reactivate]
    }

    /// The app came back to the foreground (or the game says it is active): as the end of an
    /// interruption that never ended when inactive; while running, the policy is followed again.
    mutating func becameActive() -> [Action] {
        if case .running = state { return [.followPolicy] }
        return interruptionEnded()
    }

    /// The game asks for something to play while the runtime is inactive and not interrupted (the
    /// first activation was refused): activation is tried now, unless it is at every update already.
    mutating func gameWantsOutput() -> [Action] {
        guard case .inactive(var inactive) = state, !inactive.retrying else { return [] }
        inactive.retrying = true
        state = .inactive(inactive)
        return [.reactivate]
    }

    /// Whether the next update tries to activate the session.
    var retriesActivation: Bool {
        guard case .inactive(let inactive) = state else { return false }
        return inactive.retrying
    }

    /// The session was activated: no more retries, and a later refusal is logged again.
    mutating func activated() {
        guard case .inactive(var inactive) = state else { return }
        inactive.retrying = false
        inactive.reportedRefusal = false
        state = .inactive(inactive)
    }

    /// The session refused to activate: it is tried again at every update.
    /// - Returns: Whether to log it: the first refusal of a series.
    mutating func activationRefused() -> Bool {
        guard case .inactive(var inactive) = state else { return false }
        let first = !inactive.reportedRefusal
        inactive.retrying = true
        inactive.reportedRefusal = true
        state = .inactive(inactive)
        return first
    }

    /// The output started: running, with nothing due.
    mutating func outputStarted() {
        state = .running(reopenDue: false)
    }

    /// Shut down for good.
    mutating func stop() {
        state = .stopped
    }

    // MARK: - Media services

    /// Media services were lost: a runtime that had them tears its output down.
    mutating func mediaServicesLost() -> [Action] {
        switch state {
        case .lost, .stopped:
            return []
        case .running, .inactive, .awaitingDevice:
            state = .lost
            return [.tearDown]
        }
    }

    /// Media services were reset after a loss: inactive, as at the start, with nothing remembered.
    /// - Returns: Whether the runtime builds its output again (false: it was not lost).
    mutating func mediaServicesReset() -> Bool {
        guard case .lost = state else { return false }
        state = .inactive(Inactive())
        return true
    }

    // MARK: - The output device

    /// A route change that asks for the output on the new device (``RuntimeCore/followsRouteChange(_:)``):
    /// a running output moves now; an inactive one opens a new device when it comes back; one
    /// waiting for a device tries at the next update, and soon again if it refuses.
    mutating func outputDeviceChanged(at now: Int) -> [Action] {
        switch state {
        case .running:
            return [.reopen]
        case .inactive(var inactive):
            inactive.reopenDevice = true
            state = .inactive(inactive)
            return []
        case .awaitingDevice:
            state = .awaitingDevice(nextAttempt: now, failures: 0)
            return []
        case .lost, .stopped:
            return []  // a reset opens a new device anyway; a stopped runtime has none
        }
    }

    /// For the storms' rebuild comparison, while inactive: the next restore opens a new device.
    /// - Returns: Whether it was not asked for already.
    mutating func askForNewDevice() -> Bool {
        guard case .inactive(var inactive) = state, !inactive.reopenDevice else { return false }
        inactive.reopenDevice = true
        state = .inactive(inactive)
        return true
    }

    /// Whether the next restore (inactive) opens a new device.
    var reopensDevice: Bool {
        guard case .inactive(let inactive) = state else { return false }
        return inactive.reopenDevice
    }

    /// A running output's device was found disconnected, or its server caught up: the next update
    /// reopens it.
    mutating func reopenNeeded() {
        guard case .running = state else { return }
        state = .running(reopenDue: true)
    }

    /// Whether a running output is to be reopened at the next update.
    var reopenIsDue: Bool { state == .running(reopenDue: true) }

    /// A new device is being opened: what asked for one (a reopen due, a restore on a new device)
    /// is answered, whether it opens or not (if not, the runtime waits for a device).
    mutating func openingNewDevice() {
        switch state {
        case .running: state = .running(reopenDue: false)
        case .inactive(var inactive):
            inactive.reopenDevice = false
            state = .inactive(inactive)
        case .lost, .awaitingDevice, .stopped: break
        }
    }

    /// While no device opens, the pauses before each attempt, in seconds, the last one repeated. A
    /// device that has just appeared can refuse a stream for a moment (PipeWire 0.3.65 with a sink
    /// made again after sleep: "Stream did not get ready: No such entity"; under load, a try 0.5 s
    /// later failed too), so the first attempts come soon; then every half second. On the wall
    /// clock (frames of it), where counting updates once stood for it.
    static let deviceRetryPauses = [0.1, 0.2, 0.3, 0.5]

    /// No real device could be (re)opened: the runtime waits for one, trying within 0.1 s, then
    /// more slowly (``deviceRetryPauses``).
    mutating func awaitDevice(at now: Int, sampleRate: Int) {
        state = .awaitingDevice(nextAttempt: now + Self.retryPause(afterFailures: 0, sampleRate: sampleRate), failures: 0)
    }

    /// An attempt to open a device failed: the next one after the next pause.
    mutating func deviceAttemptFailed(at now: Int, sampleRate: Int) {
        guard case .awaitingDevice(_, let failures) = state else { return }
        state = .awaitingDevice(nextAttempt: now + Self.retryPause(afterFailures: failures + 1, sampleRate: sampleRate),
                                failures: failures + 1)
    }

    /// Whether an attempt to open a device is due at `now`.
    func deviceAttemptDue(at now: Int) -> Bool {
        guard case .awaitingDevice(let next, _) = state else { return false }
        return now >= next
    }

    /// The pause, in frames, before the attempt that follows `failures` failed ones.
    private static func retryPause(afterFailures failures: Int, sampleRate: Int) -> Int {
        Int(deviceRetryPauses[min(failures, deviceRetryPauses.count - 1)] * Double(sampleRate))
    }
}
