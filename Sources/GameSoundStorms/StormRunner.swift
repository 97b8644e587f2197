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
    /// overlap (the current one and one fading out in a crossfade).
    static let streamBuffers = 4
    static let streamAllowance = 2

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

    /// Frames after each rebuild in which the audio may differ without bound: OpenAL Soft 1.19.1 brings
    /// a voice that starts playing in from silence over its first mix (measured: the rebuilt voice is
    /// the plain one times n/256 over the 256 frames of the storm's first block after the rebuild).
    public static let rebuildSettleFrames = 256

    /// How far a sample of a run with rebuilds may be from the plain run's after the settle frames.
    /// Measured, and explained in docs/reliability.md ("Rebuilt at random").
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

    /// How a run with rebuilds differs from the same storm's plain run, which passed: an invariant only
    /// the rebuilt run broke, a log entry that differs, or a sample further than ``rebuildSampleBound``
    /// from the plain run's; nil when within the bound.
    public static func comparison(plain: StormTrace, rebuilt: (failure: StormFailure?, trace: StormTrace),
                                  in storm: StormSequence) -> StormFailure? {
        let rebuilds = "\(rebuilt.trace.rebuildFrames.count) rebuilds"
        if let failure = rebuilt.failure {
            return StormFailure(kind: .rebuildDiffers, step: failure.step, message: "only with \(rebuilds): \(failure)")
        }
        if let index = firstDifferentEvent(plain.events, rebuilt.trace.events) {
            return StormFailure(kind: .rebuildDiffers, step: storm.step(at: eventFrame(index, plain.events, rebuilt.trace.events)),
                                message: "with \(rebuilds) (at frames \(rebuilt.trace.rebuildFrames.prefix(8))…), log entry \(index): "
                                    + "\(describe(index, plain.events)) in the plain run, \(describe(index, rebuilt.trace.events)) with rebuilds")
        }
        if plain.samples.count != rebuilt.trace.samples.count {
            return StormFailure(kind: .rebuildDiffers, step: storm.steps.count, message:
                "\(plain.samples.count) samples in the plain run, \(rebuilt.trace.samples.count) with rebuilds")
        }
        let worst = largestDifference(plain: plain, rebuilt: rebuilt.trace)
        if worst.difference > rebuildSampleBound {
            let since = worst.framesAfterRebuild.map { "\($0) frames after a rebuild" } ?? "before any rebuild"
            return StormFailure(kind: .rebuildDiffers, step: storm.step(at: worst.frame), message:
                "with \(rebuilds), frame \(worst.frame) (\(since)) differs from the plain run's by \(worst.difference): "
                + "more than \(rebuildSampleBound)")
        }
        return nil
    }

    /// The largest difference between a plain run's samples and a rebuilt run's outside the
    /// ``rebuildSettleFrames`` after each rebuild, and where.
    public static func largestDifference(plain: StormTrace, rebuilt: StormTrace) -> (difference: Float, frame: Int, framesAfterRebuild: Int?) {
        var worst: (difference: Float, frame: Int) = (0, 0)
        var rebuilds = rebuilt.rebuildFrames[...]
        var lastRebuild: Int?
        for (index, pair) in zip(plain.samples, rebuilt.samples).enumerated() {
            let frame = index / 2
            while let next = rebuilds.first, next <= frame {
                lastRebuild = next
                rebuilds.removeFirst()
            }
            if let lastRebuild, frame - lastRebuild < rebuildSettleFrames { continue }
            let difference = abs(pair.0 - pair.1)
            if difference > worst.difference { worst = (difference, frame) }
        }
        return (worst.difference, worst.frame, rebuilt.rebuildFrames.last { $0 <= worst.frame }.map { worst.frame - $0 })
    }

    static func firstDifferentEvent(_ a: [GameSoundEvent], _ b: [GameSoundEvent]) -> Int? {
        zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
            ?? (a.count == b.count ? nil : min(a.count, b.count))
    }

    static func eventFrame(_ index: Int, _ a: [GameSoundEvent], _ b: [GameSoundEvent]) -> Int {
        min(a.indices.contains(index) ? a[index].frame : .max, b.indices.contains(index) ? b[index].frame : .max)
    }

    static func describe(_ index: Int, _ events: [GameSoundEvent]) -> String {
        events.indices.contains(index) ? "\(events[index].name) at frame \(events[index].frame)" : "nothing"
    }

    /// How a run with whole updates differs from the same storm's run with quiet ones, which passed:
    /// an invariant only the whole run broke, or the first log entry or sample that differs; nil
    /// when they are the same. Either is a ``StormFailure/Kind/quietUpdateDiffers``, so that
    /// shrinking keeps the comparison, and a scenario printed from the quiet run's trace is not
    /// taken for the run that failed.
    public static func comparison(quiet: StormTrace, whole: (failure: StormFailure?, trace: StormTrace),
                                  in storm: StormSequence) -> StormFailure? {
        if let failure = whole.failure {
            return StormFailure(kind: .quietUpdateDiffers, step: failure.step,
                                message: "only with whole updates: \(failure)")
        }
        return difference(quiet, whole.trace, in: storm)
    }

    /// Where a run with quiet updates first differs from the same storm with whole ones, if it does.
    static func difference(_ quiet: StormTrace, _ whole: StormTrace, in storm: StormSequence) -> StormFailure? {
        if let index = firstDifferentEvent(quiet.events, whole.events) {
            return StormFailure(kind: .quietUpdateDiffers, step: storm.step(at: eventFrame(index, quiet.events, whole.events)),
                                message: "log entry \(index): \(describe(index, quiet.events)) with quiet updates, \(describe(index, whole.events)) with whole ones")
        }
        if let sample = zip(quiet.samples, whole.samples).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            return StormFailure(kind: .quietUpdateDiffers, step: storm.step(at: sample / 2),
                                message: "the audio differs from frame \(sample / 2): \(quiet.samples[sample]) with quiet updates, \(whole.samples[sample]) with whole ones")
        }
        return nil
    }

    private func check(_ storm: StormSequence, quietUpdates: Bool, state: inout StormState) throws(StormFailure) {
        OpenALProcess.setDrivers("null")
        let errorsBefore = OpenALProcess.errorCountOnCurrentThread
        let system = SimulatedSystem(launch: LaunchState(otherAudio: storm.musicAtLaunch ? .music : .none))
        let log = EventLog()
        let runtime: GameSoundRuntime
        var configuration = GameSoundConfiguration(policy: storm.policy, output: .headless, voices: storm.voices,
                                                   interruptionStrategy: storm.strategy, updateFrames: updateFrames)
        configuration.quietUpdates = quietUpdates
        do {
            runtime = try GameSoundRuntime(configuration: configuration, system: system,
                                           soundtrack: storm.soundtrack.map(StormAssets.trackPath), eventObserver: { log.append($0) })
            try runtime.preload(StormAssets.probe, path: StormAssets.effectPath(StormAssets.probe))
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
            try render(step.framesAfter, runtime: runtime, log: log, state: &state, step: index)
            state.trace.events = state.eventsLeavingOutRebuilds(log.events)
            try checkSessionRules(runtime, after: step.action, log: log, eventsBefore: eventsBefore, step: index)
            try checkObjects(runtime, voices: storm.voices, step: index)
            try checkErrors(since: errorsBefore, step: index)
        }
        state.recording = false
        try finish(storm, runtime: runtime, log: log, state: &state, errorsBefore: errorsBefore)
    }

    /// What the storm knows of its own doing: the probe's voice, the last voice played, and what
    /// the event log said so far.
    struct StormState {
        var probe: Voice?
        var lastVoice: Voice?
        var eventsSeen = 0
        var interruptionOpen = false
        var interruptedByLog = false
        var lostByLog = false
        /// The step whose fire gave ``lastVoice``.
        var lastVoiceStep: Int?
        /// Whether rendered audio goes into the trace (during the steps, not the final checks).
        var recording = true
        var trace = StormTrace()
        /// In a rebuild comparison's second run: what draws the blocks that rebuild the output.
        var rebuilds: SplitMix64?
        /// The positions in the log of what the rebuilds logged themselves.
        var rebuildEvents: [Range<Int>] = []

        /// The log without what the rebuilds logged themselves.
        func eventsLeavingOutRebuilds(_ events: [GameSoundEvent]) -> [GameSoundEvent] {
            guard !rebuildEvents.isEmpty else { return events }
            return events.enumerated().filter { entry in !rebuildEvents.contains { $0.contains(entry.offset) } }.map(\.element)
        }
    }

    private func apply(_ action: StormAction, runtime: GameSoundRuntime, state: inout StormState,
                       step: Int) throws(StormFailure) {
        do {
            switch action {
            case .system(let systemAction):
                do { try runtime.perform(systemAction) } catch {}  // refused: nothing changed
            case .fire(let name, let loop, let priority):
                fire(name, options: PlayOptions(loop: loop, priority: priority), runtime: runtime, state: &state, step: step)
            case .fireInSpace(let name, let loop, let priority, let placement):
                fire(name, options: placement.playOptions(loop: loop, priority: priority), runtime: runtime, state: &state, step: step)
            case .fireProbe:
                guard state.probe == nil else {
                    if state.recording { state.trace.skipped.insert(step) }
                    return
                }
                state.probe = try runtime.play(StormAssets.probe, options: PlayOptions(loop: true, priority: 100)).voice
            case .stopLastVoice:
                if let voice = state.lastVoice {
                    state.trace.stopped[step] = state.lastVoiceStep
                    try runtime.stop(voice)
                }
                state.lastVoice = nil
            case .stopAllEffects:
                try runtime.stopAllEffects()
                state.probe = nil
                state.lastVoice = nil
            case .playSoundtrack(let track):
                do { try runtime.playSoundtrack(track.map(StormAssets.trackPath)) } catch .noSoundtrack {}
            case .pauseSoundtrack:
                try runtime.pauseSoundtrack()
            case .resumeSoundtrack:
                do { try runtime.resumeSoundtrack() } catch .noSoundtrack {}
            case .stopSoundtrack(let fade):
                try runtime.stopSoundtrack(fadeOut: fade)
            case .crossfade(let track, let duration):
                try runtime.crossfadeSoundtrack(to: StormAssets.trackPath(track), duration: duration)
            case .preload(let name):
                try runtime.preload(name, path: StormAssets.effectPath(name))
            case .unload(let name):
                do { try runtime.unload(name) } catch .unknownEffect {}
            case .effectsVolume(let volume):
                try runtime.setEffectsVolume(volume)
            case .busVolume(let bus, let volume, let over):
                try runtime.setBusVolume(BusName(bus), volume, over: over)
            case .setLastVoiceGain(let gain, let over):
                if let voice = state.lastVoice {
                    state.trace.stopped[step] = state.lastVoiceStep
                    try runtime.setVoice(voice, gain: gain, over: over)
                }
            case .pauseLastVoice, .resumeLastVoice:
                if let voice = state.lastVoice {
                    state.trace.stopped[step] = state.lastVoiceStep
                    if action == .pauseLastVoice { try runtime.pause(voice) } else { try runtime.resume(voice) }
                }
            case .stopLastVoiceFade(let fade):
                if let voice = state.lastVoice {
                    state.trace.stopped[step] = state.lastVoiceStep
                    try runtime.stop(voice, fade: fade)
                }
                state.lastVoice = nil
            case .moveLastVoice(let position, let velocity, let over):
                if let voice = state.lastVoice {
                    state.trace.stopped[step] = state.lastVoiceStep
                    try runtime.setVoice(voice, position: position, velocity: velocity, over: over)
                }
            case .listener(let position, let orientation, let velocity, let over):
                try runtime.setListener(position: position, at: orientation?.at, up: orientation?.up, velocity: velocity, over: over)
            case .environment(let environment, let over):
                try runtime.setEnvironment(environment, over: over)
            }
        } catch {
            throw StormFailure(kind: .unexpectedError, step: step, message: "\(action) threw \(error)")
        }
    }

    /// Plays an effect; one the runtime refuses or drops (unknown, interrupted, outranked) is no failure.
    private func fire(_ name: String, options: PlayOptions, runtime: GameSoundRuntime, state: inout StormState, step: Int) {
        var options = options
        if !options.loop { options.bus = state.trace.oneShotBus }
        if let voice = try? runtime.play(name, options: options).voice {
            state.lastVoice = voice
            state.lastVoiceStep = step
        }
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
            do { samples = try runtime.render(frames: count) } catch {
                throw StormFailure(kind: .unexpectedError, step: step, message: "render threw \(error)")
            }
            try readLog(log, state: &state, step: step)
            let after = silenceReasons(runtime, state)
            if state.recording { state.trace.samples += samples }
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
        let before = log.events.count
        guard runtime.rebuildOutput() else { return }
        state.rebuildEvents.append(before..<log.events.count)
        if state.recording { state.trace.rebuildFrames.append(runtime.currentFrame) }
    }

    /// Why the player should hear nothing now, from the system, the session and the event log.
    private func silenceReasons(_ runtime: GameSoundRuntime, _ state: StormState) -> [String] {
        let session = runtime.session
        var reasons: [String] = []
        if session.isInterrupted { reasons.append("the session is interrupted") }
        if !session.isActive { reasons.append("the session is inactive") }
        if runtime.simulatedSystem?.mediaServicesAvailable == false { reasons.append("media services are lost") }
        if let cause = session.outputSilenceCause { reasons.append("the category is silenced (\(cause.name))") }
        if state.interruptedByLog { reasons.append("the log shows an interruption that has not ended") }
        if state.lostByLog { reasons.append("the log shows media services lost and not reset") }
        return reasons
    }

    /// The last events, for a failure message.
    static func tail(of log: EventLog) -> String {
        "\n  last events:\n    " + log.events.suffix(14).map(\.description).joined(separator: "\n    ")
    }

    /// Follows the log: interruptions and media services, and at most one end per interruption.
    private func readLog(_ log: EventLog, state: inout StormState, step: Int) throws(StormFailure) {
        let events = log.events
        for event in events.dropFirst(state.eventsSeen) {
            switch event.name {
            case "interruptionBegan":
                state.interruptionOpen = true
                state.interruptedByLog = true
            case "interruptionEnded":
                guard state.interruptionOpen else {
                    throw StormFailure(kind: .interruptionEndedTwice, step: step,
                                       message: "\(event) without an interruptionBegan since the last end")
                }
                state.interruptionOpen = false
                state.interruptedByLog = false
            case "sessionActivated":
                state.interruptedByLog = false  // app.foreground recovers an interruption that never ended
            case "mediaServicesLost":
                state.lostByLog = true
            case "mediaServicesReset":
                state.lostByLog = false
            default:
                break
            }
        }
        state.eventsSeen = events.count
    }

    /// The session rules a running game follows after every step: it is ducked exactly when the
    /// session is; in the foreground with an active session its soundtrack is held by the hint
    /// exactly when the hint is on (read afresh on every return, not only heard); and a hang-up
    /// never posts an interruption end.
    private func checkSessionRules(_ runtime: GameSoundRuntime, after action: StormAction, log: EventLog,
                                   eventsBefore: Int, step: Int) throws(StormFailure) {
        let session = runtime.session.status
        if runtime.isRunning, session.isActive, runtime.isDucked != session.isDucked {
            throw StormFailure(kind: .sessionRuleBroken, step: step, message:
                "the game is \(runtime.isDucked ? "" : "not ")ducked but the session is\(session.isDucked ? "" : " not")"
                + Self.tail(of: log))
        }
        if runtime.isRunning, session.isActive, runtime.simulatedSystem?.appState == .foreground,
           runtime.isSoundtrackHeldByHint != session.secondaryAudioShouldBeSilencedHint {
            throw StormFailure(kind: .sessionRuleBroken, step: step, message:
                "the soundtrack is \(runtime.isSoundtrackHeldByHint ? "" : "not ")held by the hint, which is "
                + (session.secondaryAudioShouldBeSilencedHint ? "on" : "off") + Self.tail(of: log))
        }
        if case .system(.phoneHangUp) = action,
           log.events.dropFirst(eventsBefore).contains(where: { $0.name == "interruptionEnded" }) {
            throw StormFailure(kind: .sessionRuleBroken, step: step, message:
                "phone.hangUp posted interruptionEnded: an answered call never ends its interruption" + Self.tail(of: log))
        }
    }

    private func checkObjects(_ runtime: GameSoundRuntime, voices: Int, step: Int) throws(StormFailure) {
        let live = runtime.liveOpenALObjects
        let sourceLimit = voices + Self.streamAllowance
        // Every effect name the storm uses may hold a buffer: one unloaded during an interruption
        // keeps it until the context is back.
        let bufferLimit = StormAssets.effects.count + 1 + Self.streamAllowance * Self.streamBuffers
        guard live.sources <= sourceLimit, live.buffers <= bufferLimit else {
            throw StormFailure(kind: .objectsOverPool, step: step, message:
                "\(live.sources) sources and \(live.buffers) buffers live; the pool allows \(sourceLimit) and \(bufferLimit)")
        }
    }

    private func checkErrors(since before: Int, step: Int) throws(StormFailure) {
        let raised = OpenALProcess.errorCountOnCurrentThread - before
        guard raised == 0 else {
            let recent = OpenALProcess.recentErrorsOnCurrentThread.suffix(raised)
            throw StormFailure(kind: .openALError, step: step, message: "\(raised) OpenAL error(s) raised by the wrappers: "
                               + recent.joined(separator: "; "))
        }
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

/// The runtime's events, appended from whichever thread logs them.
final class EventLog: Sendable {
    private let storage = Mutex<[GameSoundEvent]>([])
    func append(_ event: GameSoundEvent) { storage.withLock { $0.append(event) } }
    var events: [GameSoundEvent] { storage.withLock { $0 } }
}
