// SPDX-License-Identifier: Zlib
import AudioFiles
import AudioSession
import Logging

/// The system: its simulated actions, and the app coming back to the foreground.
extension GameSoundRuntime {
    /// Performs an action of the simulated system (a phone call, the silent switch...), logging it
    /// first, so that its consequences follow it in the event log.
    ///
    /// Prefer this to calling ``simulatedSystem`` directly: the runtime also checks the silencing and
    /// the ducking at once and, whenever the app comes back to the foreground (`app.foreground`, or
    /// `phone.hangUp` after an answered call), recovers an interruption that never ended and reads
    /// the other audio and the hint afresh.
    ///
    /// On a real desktop wrapped in a `SimulatedSwitchesOverlay`, only the switches the desktop has
    /// no signal for can be flipped (`silentSwitch.on`/`.off`, `screen.lock`/`.unlock`); the desktop
    /// itself rings and plugs, so those actions are refused. On any other system every action is.
    ///
    /// The testbed flips the same switches through a FIFO named by `GAMESOUND_TESTBED_SWITCHES`
    /// (docs/testbed.md): when it names one at launch, a thread of the runtime's own performs the
    /// `silentSwitch.on`/`.off` and `screen.lock`/`.unlock` lines written to it.
    ///
    /// - Parameter action: What the system does, for example `SystemAction.phoneRing`.
    /// - Throws: `SystemActionError` when the action makes no sense now (declining a
    ///   call that is not ringing), with reason `reportedBySystem` for what a real system reports
    ///   itself, or with reason `systemNotSimulated` when ``system`` takes no actions; nothing
    ///   changes then.
    public func perform(_ action: SystemAction) throws(SystemActionError) {
        try Self.perform(action, on: system, core: core)
    }

    /// What ``perform(_:)`` does, without the runtime: the testbed's switches call it from a thread
    /// that must not hold the runtime (its last reference would stop that thread from itself).
    static func perform(_ action: SystemAction, on system: any SystemAudio, core: CoreBox) throws(SystemActionError) {
        guard let simulated = system as? any ActionPerformingSystem else {
            throw SystemActionError(action: action, reason: .systemNotSimulated)
        }
        let details = action.parameters.sorted { $0.key < $1.key }.map {
            GameSoundEvent.Detail($0.key, Self.value(of: $0.value))
        }
        core.with { $0.log(.system, action.name, details) }
        // The app comes back to the foreground with `app.foreground`, and with `phone.hangUp` after an
        // answered call: either way the game recovers through its foreground path.
        try Self.change(simulated.appState, core: core) { () throws(SystemActionError) in
            try simulated.perform(action)
            return simulated.appState
        }
    }

    /// Changes the system (`body`, which returns the app's state after it) outside the core's step,
    /// so that the notifications the change causes are handled as they are delivered; then checks
    /// the silencing, and recovers through the foreground path if the app came back on screen.
    /// The foreground recovery must see those notifications handled: called from inside a step, it
    /// waits behind them.
    static func change<Failure: Error>(
        _ before: AppState, core: CoreBox, _ body: () throws(Failure) -> AppState
    ) throws(Failure) {
        let after = try core.performingInline(body)
        let cameBack = before != .foreground && after == .foreground
        core.afterPending { core in
            if cameBack { core.applicationDidBecomeActive() }
            core.updateSilence()
        }
    }

    private static func value(of parameter: SystemActionParameter) -> GameSoundEvent.Value {
        switch parameter {
        case .string(let value): .string(value)
        case .bool(let value): .bool(value)
        case .number(let value): .number(value)
        case .strings(let values): .strings(values)
        }
    }

    /// Tells the runtime the app became active again (iOS's didBecomeActive).
    ///
    /// It reactivates the session if an interruption never ended. Either way it reads
    /// `isOtherAudioPlaying` and the secondary-audio hint afresh and decides the category and the
    /// soundtrack again, as at launch: the hint's notifications do not reach an app in the
    /// background. ``perform(_:)`` calls it whenever the app comes back to the foreground.
    public func applicationDidBecomeActive() {
        core.with { $0.applicationDidBecomeActive() }
    }

    /// Runs a call that in real time is a game's command, but whose follow-up needs more than the
    /// recorded writes (a soundtrack's player, a reverb's slots): it decides on the spot and the update
    /// thread does the rest after its writes (``RuntimeCore/leavesWorkToAudioThread``). Headless it
    /// runs as a step, so that the events of that rest keep their places in the log among the calls
    /// around it.
    func commandInRealTime(_ body: (RuntimeCore) throws(GameSoundError) -> Void) throws(GameSoundError) {
        if configuration.output == .headless { try core.with(body) } else { try core.command(body) }
    }
}
