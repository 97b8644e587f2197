// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioSession
import Foundation
import GameSound
import OpenAL
import Synchronization

/// Runs one storm on a fresh headless runtime and checks the invariants after every step.
///
/// The expectations come from the simulated system, the session and the event log, never from the
/// runtime's own flags: silence is due while the session is interrupted or inactive, while media
/// services are down and while the system silences the category; the looping probe must be heard
/// within one update block whenever none of those hold.
public struct StormRunner: Sendable {
    let updateFrames = 256
    /// Buffers a soundtrack stream queues (AudioStream.bufferCount) and how many streams may
    /// overlap (the soundtrack, one fading out in a crossfade, and the storm's own stream).
    static let streamBuffers = 4
    static let streamAllowance = 3

    /// What each storm is run a second time for and compared with (``StormComparison``). A run that
    /// compares whole updates also plays one-shot fires on the voice bus and ducks the effects bus
    /// (the probe's) while it plays (``differentialRule``), in both runs: one-shots end on their
    /// own, so the rule's letting go is compared too.
    public let comparison: StormComparison

    /// Whether each storm runs a second time with every update doing its whole work.
    public var comparesWholeUpdates: Bool { comparison == .wholeUpdates }

    /// The ducking rule of a run that compares quiet updates with whole ones.
    public static let differentialRule = DuckingRule(bus: .voice, ducks: .effects, by: 6, attack: 0.05, release: 0.2)

    /// One block in this many, drawn from the storm's seed, rebuilds the output in a rebuild comparison
    /// (when the runtime runs then).
    public static let rebuildOneIn = 16

    /// Frames after each rebuild, and after each resume of a sound paused across one (on a new source
    /// then), in which the audio may differ without bound: OpenAL Soft 1.19.1 brings a voice that
    /// starts playing from an offset in from silence over its first mix (measured: the rebuilt voice
    /// is the plain one times n/256 over the 256 frames of the storm's first block after the
    /// rebuild), starts one with no offset at its gain at once, and moves a resumed source's gain on
    /// from where it was over that mix.
    public static let rebuildSettleFrames = 256

    /// How far a sample of a run with rebuilds may be from the plain run's after the settle frames:
    /// the level of one of the storm's sounds (sines of amplitude 0.5 at most). What a rebuild may do, as
    /// measured (docs/reliability.md, "Rebuilt at random"): nothing at all to a voice or a stream once
    /// its first mix is over (their clocks are exact headless, Doppler included). A new reverb slot
    /// starts without the tail the old one had, which a long reverb (a hangar) under a loud, dense
    /// send carried past this bound (seed 428, 0.52, 553 frames after a rebuild, about one storm in
    /// 5 000): the comparison leaves out the tail heard at each rebuild, until it has fallen 20 dB
    /// (``StormTrace/rebuildTails``). Losing or doubling a whole voice, or a soundtrack in the wrong
    /// place, goes past it.
    public static let rebuildSampleBound: Float = 0.5

    /// Creates a runner.
    ///
    /// - Parameter comparison: What each storm is run a second time for, if anything.
    public init(comparison: StormComparison = .none) {
        self.comparison = comparison
    }

    /// Creates a runner that compares quiet updates with whole ones, or compares nothing.
    ///
    /// - Parameter comparesWholeUpdates: Run each storm a second time with every update whole, and compare.
    public init(comparesWholeUpdates: Bool) {
        self.init(comparison: comparesWholeUpdates ? .wholeUpdates : .none)
    }

    /// Runs a storm; nil when every invariant held.
    public func run(_ storm: StormSequence) -> StormFailure? {
        traced(storm).failure
    }

    /// Runs a storm and also returns what it did: the trace a printed scenario needs to replay it.
    public func traced(_ storm: StormSequence) -> (failure: StormFailure?, trace: StormTrace) {
        let quiet = traced(storm, quietUpdates: true, rebuilds: nil)
        guard quiet.failure == nil else { return quiet }
        switch comparison {
        case .none:
            return quiet
        case .wholeUpdates:
            let whole = traced(storm, quietUpdates: false, rebuilds: nil)
            return (Self.comparison(quiet: quiet.trace, whole: whole, in: storm), quiet.trace)
        case .rebuilds:
            let rebuilt = tracedWithRebuilds(storm)
            return (Self.comparison(plain: quiet.trace, rebuilt: rebuilt, in: storm), quiet.trace)
        }
    }

    /// Runs a storm with the output rebuilt at random blocks, drawn from its seed (the second run of
    /// ``StormComparison/rebuilds``), with no comparison.
    public func tracedWithRebuilds(_ storm: StormSequence) -> (failure: StormFailure?, trace: StormTrace) {
        traced(storm, quietUpdates: true, rebuilds: SplitMix64(seed: storm.seed ^ 0x5EB1_D0D5))
    }

    private func traced(_ storm: StormSequence, quietUpdates: Bool, rebuilds: SplitMix64?) -> (failure: StormFailure?, trace: StormTrace) {
        var state = StormState()
        state.rebuilds = rebuilds
        do {
            try check(storm, quietUpdates: quietUpdates, state: &state)
            return (nil, state.trace)
        } catch let failure {
            return (failure, state.trace)
        }
    }

    private func check(_ storm: StormSequence, quietUpdates: Bool, state: inout StormState) throws(StormFailure) {
        OpenALProcess.setDrivers("null")
        let errorsBefore = OpenALProcess.errorCountOnCurrentThread
        let system = SimulatedSystem(launch: LaunchState(otherAudio: storm.musicAtLaunch ? .music : .none))
        let log = EventLog()
        let runtime: GameSoundRuntime
        var configuration = GameSoundConfiguration(policy: storm.policy, output: .headless, voices: storm.voices,
                                                   interruptionStrategy: storm.strategy, updateFrames: updateFrames)
        configuration.virtualVoices = storm.virtualVoices
        configuration.quietUpdates = quietUpdates
        configuration.notesFreshStarts = state.rebuilds != nil
        do {
            runtime = try GameSoundRuntime(configuration: configuration, system: system,
                                           soundtrack: storm.soundtrack.map(StormAssets.trackPath), eventObserver: { log.append($0) })
            try runtime.preload(StormAssets.probe, path: StormAssets.effectPath(StormAssets.probe))
            for variant in StormAssets.definition.variants { try runtime.preload(variant, path: StormAssets.effectPath(variant)) }
            try runtime.defineSound(StormAssets.definedSound, StormAssets.definition)
            if comparesWholeUpdates {
                try runtime.addDuckingRule(Self.differentialRule)
                state.trace.duckingRules = [Self.differentialRule]
                state.trace.oneShotBus = Self.differentialRule.bus
            }
        } catch {
            throw StormFailure(kind: .unexpectedError, step: -1, message: "the runtime did not start: \(error)")
        }
        for (index, step) in storm.steps.enumerated() {
            let eventsBefore = log.events.count
            try apply(step.action, runtime: runtime, state: &state, step: index)
            noteDeferredRebuild(runtime, log: log, since: eventsBefore, state: &state)
            try render(step.framesAfter, runtime: runtime, log: log, state: &state, step: index)
            state.trace.events = state.eventsLeavingOutRebuilds(log.events)
            try checkSessionRules(runtime, after: step.action, log: log, eventsBefore: eventsBefore, step: index)
            try checkObjects(runtime, voices: storm.voices, step: index)
            try checkErrors(since: errorsBefore, step: index)
        }
        state.recording = false
        try finish(storm, runtime: runtime, log: log, state: &state, errorsBefore: errorsBefore)
    }


    /// Renders `frames`, one update block at a time, and checks each block against what the system,
    /// the session and the log say before and after it.
    ///
    /// The runtime's update (at the start of each block) may retry an activation, so the state can
    /// change inside a block: a block whose state changed may be either; a block that starts and ends
    /// with a reason for silence must be exactly silent; one that starts and ends with none, while the
    /// probe loops, must carry sound.
    private func render(_ frames: Int, runtime: GameSoundRuntime, log: EventLog, state: inout StormState,
                        step: Int) throws(StormFailure) {
        var remaining = frames
        while remaining > 0 {
            let count = min(remaining, updateFrames - runtime.currentFrame % updateFrames)
            if state.rebuilds != nil { rebuildMaybe(runtime, log: log, state: &state) }
            try readLog(log, state: &state, step: step)
            let before = silenceReasons(runtime, state)
            let samples: [Float]
            let eventsBefore = log.events.count
            do { samples = try runtime.render(frames: count) } catch {
                throw StormFailure(kind: .unexpectedError, step: step, message: "render threw \(error)")
            }
            noteDeferredRebuild(runtime, log: log, since: eventsBefore, state: &state)
            try readLog(log, state: &state, step: step)
            let after = silenceReasons(runtime, state)
            if state.recording {
                state.trace.samples += samples
                if state.rebuilds != nil { state.trace.freshStartFrames += runtime.freshStartFrames() }
            }
            remaining -= count
            if !before.isEmpty, !after.isEmpty {
                if let first = Signal.firstAudibleIndex(samples) {
                    throw StormFailure(kind: .soundWhileSilenced, step: step, message:
                        "sound at frame \(runtime.currentFrame - count + first / 2) although \(before.joined(separator: ", "))"
                        + Self.tail(of: log))
                }
            } else if before.isEmpty, after.isEmpty, state.probe != nil, count >= (runtime.isHRTFActive ? 64 : 8),
                      Signal.isExactlySilent(samples) {
                // (The probe's sine is exactly 0 every 300 samples: a block of a frame or two may be.
                // With HRTF on, a sound that just started is delayed by its impulse response: measured
                // on OpenAL Soft 1.19.1's built-in set, 10 frames dead ahead, 33 on the far ear.)
                throw StormFailure(kind: .noSoundAfterRecovery, step: step, message:
                    "the looping probe should be heard but frames \(runtime.currentFrame - count)..<\(runtime.currentFrame) are silent"
                    + Self.tail(of: log))
            }
        }
    }

    /// In a rebuild comparison's second run: rebuilds the output before one block in
    /// ``rebuildOneIn`` (when the runtime runs), and notes what the rebuild logged.
    private func rebuildMaybe(_ runtime: GameSoundRuntime, log: EventLog, state: inout StormState) {
        guard Int.random(in: 0..<Self.rebuildOneIn, using: &state.rebuilds!) == 0 else { return }
        // A suspended app runs no code, so nothing of it rebuilds either (and it is told nothing, a
        // route change included, until it returns).
        guard runtime.simulatedSystem?.appState != .suspended else { return }
        let before = log.events.count
        let tail = runtime.reverbTailFrames()
        guard runtime.rebuildOutput() else { return }
        if runtime.isOutputReopenPending {
            // Interrupted: the rebuild comes when the interruption ends, after whatever the listener,
            // the voices and their velocities do meanwhile (noteDeferredRebuild).
            state.deferredRebuild = (true, tail)
            return
        }
        state.rebuildEvents.append(before..<log.events.count)
        if state.recording {
            state.trace.rebuildFrames.append(runtime.currentFrame)
            state.trace.rebuildTails.append(tail)
        }
    }

    /// After a step's action or a block: if a rebuild asked for during an interruption was made
    /// (the interruption ended, or something else rebuilt first), notes where
    /// (``StormTrace/deferredRebuildFrames``).
    private func noteDeferredRebuild(_ runtime: GameSoundRuntime, log: EventLog, since before: Int,
                                     state: inout StormState) {
        guard state.deferredRebuild.asked, !runtime.isOutputReopenPending else { return }
        let rebuilt = log.events[before...].last { $0.name == "contextRebuilt" }
        if state.recording {
            let frame = rebuilt?.frame ?? runtime.currentFrame
            state.trace.rebuildFrames.append(frame)
            state.trace.rebuildTails.append(state.deferredRebuild.tail)
            state.trace.deferredRebuildFrames.append(frame)
        }
        state.deferredRebuild = (false, 0)
    }

    /// Ends every disturbance, checks the sound came back, then that everything is given back.
    private func finish(_ storm: StormSequence, runtime: GameSoundRuntime, log: EventLog, state: inout StormState,
                        errorsBefore: Int) throws(StormFailure) {
        let end = storm.steps.count
        let recovery: [SystemAction] = [
            .phoneDecline, .phoneHangUp, .alarmDismiss, .musicPause, .otherAppDeactivate(notifyOthers: true),
            .silentSwitchOff, .screenUnlock, .appForeground,
        ]
        if runtime.simulatedSystem?.mediaServicesAvailable == false { try? runtime.perform(.mediaServicesReset) }
        for action in recovery { try? runtime.perform(action) }
        try render(updateFrames, runtime: runtime, log: log, state: &state, step: end)
        guard runtime.isRunning, runtime.session.isActive else {
            throw StormFailure(kind: .neverCameBack, step: end, message:
                "after every disturbance ended the runtime is \(runtime.isRunning ? "running" : "not running") "
                + "and the session \(runtime.session.isActive ? "active" : "inactive")")
        }
        try apply(.fireProbe, runtime: runtime, state: &state, step: end)
        guard state.probe != nil else {
            throw StormFailure(kind: .neverCameBack, step: end, message: "the probe was not played after recovery")
        }
        try render(2 * updateFrames, runtime: runtime, log: log, state: &state, step: end)
        do {
            if let stream = state.stream { try runtime.stop(stream) }
            try runtime.stopAllEffects()
            try runtime.stopSoundtrack()
            for name in runtime.loadedEffects { try runtime.unload(name) }
        } catch {
            throw StormFailure(kind: .unexpectedError, step: end, message: "cleaning up threw \(error)")
        }
        state.probe = nil
        try render(2 * updateFrames, runtime: runtime, log: log, state: &state, step: end)
        let live = runtime.liveOpenALObjects
        guard live.sources == storm.voices, live.buffers == 0 else {
            throw StormFailure(kind: .leakAtEnd, step: end, message:
                "with nothing loaded or playing, \(live.sources) sources and \(live.buffers) buffers are live "
                + "(the baseline is \(storm.voices) voices and no buffers)")
        }
        runtime.shutdown()
        let closed = runtime.liveOpenALObjects
        guard closed.sources == 0, closed.buffers == 0 else {
            throw StormFailure(kind: .leakAtEnd, step: end, message: "after shutdown \(closed) objects are live")
        }
        try checkErrors(since: errorsBefore, step: end)
    }
}
