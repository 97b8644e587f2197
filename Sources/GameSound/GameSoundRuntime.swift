// SPDX-License-Identifier: Zlib
import AudioFiles
import AudioSession
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// The object a game talks to: it owns the audio session, the OpenAL device and context, the
/// effects and the soundtrack, and makes them behave like a well-made iOS game's audio.
///
/// Create one at launch. It configures the session for its ``GameSoundConfiguration/Policy``
/// (ambient when the player's music is already playing, soloAmbient with your soundtrack
/// otherwise), opens the device, activates the session and starts the soundtrack. From then on it
/// handles phone calls, alarms, the silent switch, the secondary-audio hint, route changes and
/// media-services resets by itself.
///
/// Every method may be called from any thread. All OpenAL work happens under one process-wide
/// lock (`OpenALProcess`, from the OpenAL library), so calls are serialised; the runtime's context is
/// current only on the thread of the call that uses it, for that call. None waits on the wall clock.
///
/// ```swift
/// let audio = try GameSoundRuntime(configuration: .init(), soundtrack: "assets/music/theme.ogg")
/// try audio.preload("laser", path: "assets/sfx/laser.ogg")
/// try audio.play("laser")
/// ```
public final class GameSoundRuntime: Sendable {
    /// The configuration the runtime was created with.
    public let configuration: GameSoundConfiguration
    /// The audio session the runtime manages; read its state, but let the runtime change it.
    public let session: AudioSession
    /// The system the session lives in: the simulated control tower by default, or a real one
    /// (such as `PulseSystem` from the PulseSystem library).
    public let system: any SystemAudio

    /// The system when it is simulated (so that tests and tools can read and drive it), else nil.
    public var simulatedSystem: SimulatedSystem? { system as? SimulatedSystem }

    let core: CoreBox
    private let loop: RealtimeLoop?
    private let switches: TestbedSwitches?

    /// Starts the runtime: configures the session, opens the output, activates, and starts
    /// `soundtrack` if the policy allows.
    ///
    /// - Parameters:
    ///   - configuration: Policy, output, rate and voices.
    ///   - system: The system to live in; a fresh `SimulatedSystem` by default. On a
    ///     player's Linux desktop pass a `PulseSystem`, created before this runtime.
    ///   - soundtrack: An Ogg Vorbis file to stream as the soundtrack, or nil for none.
    ///   - eventObserver: Receives every event from the first one (`categorySet`) on; see
    ///     ``addEventObserver(_:)`` to subscribe later.
    ///   - logger: Where the runtime reports trouble a game should see in its own logs: an activation
    ///     the system refused and retried, an output device lost and reopened, a soundtrack that ran
    ///     dry or cannot play, a file that does not decode. By default a `Logger` labelled
    ///     `gamesound`, which goes wherever the game bootstraps swift-log to.
    /// - Throws: ``GameSoundError/openAL(_:)`` when no output device opens (on a machine without a
    ///   sound card, use `.headless`, or call `OpenALProcess.setDrivers("null")` first);
    ///   ``GameSoundError/invalidArgument(_:)`` for a bad configuration.
    public init(configuration: GameSoundConfiguration = .init(), system: any SystemAudio = SimulatedSystem(),
                soundtrack: String? = nil,
                eventObserver: (@Sendable (GameSoundEvent) -> Void)? = nil,
                logger: Logger = Logger(label: "gamesound")) throws(GameSoundError) {
        guard configuration.voices > 0, configuration.voices <= 255 else {
            throw .invalidArgument("voices must be within 1...255, not \(configuration.voices)")
        }
        guard (0...0x7FFF - configuration.voices).contains(configuration.virtualVoices) else {
            throw .invalidArgument("virtualVoices must be within 0...\(0x7FFF - configuration.voices), not \(configuration.virtualVoices)")
        }
        guard [44_100, 48_000, 22_050, 32_000, 88_200, 96_000].contains(configuration.sampleRate) else {
            throw .invalidArgument("sample rate \(configuration.sampleRate) Hz is not one OpenAL Soft renders")
        }
        guard configuration.updateFrames >= 16, configuration.updateFrames % RuntimeCore.mixGroupFrames == 0 else {
            throw .invalidArgument("updateFrames must be a multiple of 4, at least 16, not \(configuration.updateFrames)")
        }
        if let duration = configuration.ioBufferDuration, !(duration.isFinite && (0.001...0.5).contains(duration)) {
            throw .invalidArgument("ioBufferDuration must be within 0.001...0.5 seconds, not \(duration)")
        }
        guard configuration.hintFadeDuration.isFinite, (0...60).contains(configuration.hintFadeDuration) else {
            throw .invalidArgument("hintFadeDuration must be within 0...60 seconds, not \(configuration.hintFadeDuration)")
        }
        let core = RuntimeCore(configuration: configuration, system: system, logger: logger)
        self.configuration = configuration
        self.session = core.session
        self.system = system
        self.core = CoreBox(core)
        let box = self.core
        if let eventObserver { core.eventObservers.append(.init(id: core.newObserverID(), observe: eventObserver)) }
        core.observation = session.addObserver { notification in
            box.deliver(notification)
        }
        do throws(GameSoundError) {
            // The first attempt in the same step as the session's preparation: leaving a step asks
            // OpenAL for this thread's context (to let go of it), which starts OpenAL Soft, and it
            // must not start before the output's buffering is asked of it, in the attempt (seen: a
            // step of its own for the preparation left every asked I/O buffer at OpenAL's default).
            var attempt = 1
            while try !box.with({ (core) throws(GameSoundError) in
                if attempt == 1 { core.prepareStart(soundtrack: soundtrack) }
                return try core.openFirstOutput(attempt: attempt)
            }) {
                usleep(RuntimeCore.firstOutputRetryMicroseconds)  // with the lock let go
                attempt += 1
            }
            try box.with { (core) throws(GameSoundError) in try core.finishStart() }
        } catch {
            // `loop` is not set yet, so this instance is not whole and its deinit will not run: undo
            // here what deinit would, or the session's observer and the core keep each other alive.
            box.with { $0.shutdown() }
            throw error
        }
        if case .realtime = configuration.output {
            let loop = RealtimeLoop(realtime: core.realtimeThreads, tick: { box.update() }, writes: { box.runDeferredWrites() })
            self.loop = loop
            // Weakly: the loop's tick holds the box, so a strong reference back would keep the
            // core, the session and the system alive after the runtime ends (never closed, so a
            // desktop system would not flush what deactivation asked of the players).
            box.wakeWith({ [weak loop] in loop?.wake() }, forWrites: { [weak loop] in loop?.wakeForWrites() },
                         forUpdate: { [weak loop] in loop?.wakeForUpdate() })
            loop.start()
            box.handNotifications(waking: { [weak loop] in loop?.wakeForUpdate() })
        } else {
            loop = nil
        }
        switches = (configuration.testbedSwitchesPath ?? Self.environment(TestbedSwitches.environmentVariable)).flatMap { path in
            TestbedSwitches(path: path, logger: logger) { (action) throws(SystemActionError) in
                try Self.perform(action, on: system, core: box)
            }
        }
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    deinit {
        switches?.stop()
        core.handNotifications(waking: nil)
        loop?.stop()
        core.with { $0.shutdown() }
    }

    /// Stops everything, closes the device and deactivates the session.
    ///
    /// The session is deactivated with `notifyOthersOnDeactivation`, as an iOS app leaving does: on
    /// the desktop the music players the game's category paused play again.
    ///
    /// Later calls throw ``GameSoundError/stopped`` (queries answer with the last state). Calling it
    /// twice does nothing. Dropping the last reference to the runtime shuts it down too.
    public func shutdown() {
        switches?.stop()
        core.handNotifications(waking: nil)
        loop?.stop()
        core.with { $0.shutdown() }
    }

    // MARK: - Events

    /// Subscribes to the runtime's event log.
    ///
    /// `observer` gets every event the runtime logs from now on, synchronously and in order, on the
    /// thread that caused it (a real-time runtime's update thread for what the desktop reports: the
    /// sound server, other programs, the lock, sleep), while the runtime holds the process-wide
    /// OpenAL lock. Keep it short:
    /// every other GameSound call, on every thread, waits until it returns.
    ///
    /// Observers are called in the order they were added. An observer may call the runtime (play a
    /// sound when a voice ends, say); the events that call logs reach the observers once the event
    /// being handed out has reached all of them, so every observer sees the events in the same order.
    ///
    /// - Parameter observer: Called with each ``GameSoundEvent``.
    /// - Returns: A token; cancelling it (or dropping it) unsubscribes.
    public func addEventObserver(_ observer: @escaping @Sendable (GameSoundEvent) -> Void) -> EventObservation {
        addEventObserver(whileListening: { true }, observer)
    }

    /// As ``addEventObserver(_:)``, for an observer that wants events only while `isListening`
    /// says so (read at each event, under the runtime's lock): while no observer listens, the
    /// runtime builds no event at all. The C API's observer listens while a callback is set.
    package func addEventObserver(whileListening isListening: @escaping @Sendable () -> Bool,
                                  _ observer: @escaping @Sendable (GameSoundEvent) -> Void) -> EventObservation {
        let id = core.with { core in
            let id = core.newObserverID()
            core.eventObservers.append(.init(id: id, observe: observer, isListening: isListening))
            return id
        }
        let box = core
        return EventObservation { box.with { $0.eventObservers.removeAll { $0.id == id } } }
    }

    // MARK: - The system

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
    private static func perform(_ action: SystemAction, on system: any SystemAudio, core: CoreBox) throws(SystemActionError) {
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
    /// The foreground recovery must see those notifications handled: called from inside a step (an
    /// event observer), it waits behind them.
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

    // MARK: - State

    /// Everything a status display needs, read at one instant: no two of its fields can disagree.
    public var snapshot: RuntimeSnapshot { core.query { $0.displaySnapshot } }

    /// Level meters (peak and RMS, left and right) for the output, the effects and the soundtrack,
    /// over the last 50 ms before what plays now.
    ///
    /// Cheap enough to read for every frame of an on-screen meter (it reads a few thousand samples
    /// per playing voice, where the model's clocks say each is heard, under the runtime's lock and
    /// waiting for no OpenAL work). During an interruption, while media services
    /// are lost or while the system silences the game, ``MixLevels/output`` reads exact silence.
    /// See ``MixLevels`` for how the levels are computed.
    public var levels: MixLevels { core.query { $0.levels } }

    /// Whether the output is silenced by the system now, and why (silent switch, screen lock, background).
    public var silenceCause: OutputSilenceCause? { core.query { $0.silenceCause } }

    /// Whether the runtime is producing sound (session active, context current, output running).
    public var isRunning: Bool { core.query { $0.phase == .running } }
    /// Whether another app's `duckOthers` session lowers the game's whole output now (by 12 dB,
    /// ramped over 50 ms); the log has `duckBegan` and `duckEnded`.
    public var isDucked: Bool { core.query { $0.isDucked } }
    /// Whether the secondary-audio hint holds the soundtrack now: another app's non-mixable audio
    /// plays (read at every activation, and followed through the hint's notifications in between).
    public var isSoundtrackHeldByHint: Bool { core.query { $0.pausedByHint } }

    /// Live OpenAL objects of this runtime (sources in its context, buffers on its device), for leak checks.
    public var liveOpenALObjects: (sources: Int, buffers: Int) {
        core.read { $0.mirror.liveObjects }
    }

    /// The frame the runtime is at (frames rendered, for headless output).
    public var currentFrame: Int { core.query { $0.currentFrame } }

    /// For the tests of the model's clock: where a real effect voice is in its sound, by the model
    /// (``VoiceClock``) and by OpenAL (`AL_SAMPLE_OFFSET`); nil for a voice that ended, is virtual,
    /// or whose source cannot be asked now.
    package func voiceOffsets(_ voice: Voice) -> (model: Int, openAL: Int)? {
        core.read { core in
            guard let slot = try? core.liveSlot(voice), !core.model.voices[slot].isVirtual, core.useContext(),
                  let (openAL, mix) = core.withinOneMix({ (try? core.mirror.offset(slot)) ?? nil }) else { return nil }
            return (core.clockFrames(slot, at: mix), openAL)
        }
    }

    /// For the tests of the model's clock: where a stream is in its file (the soundtrack when `voice`
    /// is nil), by the model and by its player's source; nil without a player.
    package func streamOffsets(_ voice: Voice?) -> (model: Int, openAL: Int)? {
        core.read { core in
            let record: StreamRecord?
            if let voice {
                guard let index = try? core.liveStream(voice) else { return nil }
                record = core.model.streamVoices[index]
            } else {
                record = core.model.soundtrack
            }
            guard let record, let player = core.player(record), core.useContext(),
                  let (openAL, mix) = core.withinOneMix({ try? player.position() }),
                  let model = record.filePosition(at: mix) else { return nil }
            return (model, openAL)
        }
    }

    /// For the storms' rebuild comparison: the frames, since the last call, at which OpenAL Soft
    /// started some mixing afresh in a way that depends on what happened before. A sound that had a
    /// source before a rebuild starts on a new one when it is resumed: OpenAL Soft 1.19.1 moves a
    /// resumed source's gain on from where it was over its first mix but starts a new one at its gain
    /// (or, given an offset, from silence). A device reset for HRTF (`alcResetDeviceSOFT`) starts
    /// every voice's mixing again, from silence or not depending on how the voice was started.
    /// A run with rebuilds and one without may differ over that first mix. Kept only with
    /// ``GameSoundConfiguration/notesFreshStarts`` on.
    package func freshStartFrames() -> [Int] {
        core.read { core in
            defer { core.freshStarts = [] }
            return core.freshStarts
        }
    }

    /// For the tests of the quiet update: whether the update of the next block will be quiet (only
    /// its checks) unless a step of the game, a notification, a status change or a stream's refill
    /// comes first.
    package func nextUpdateIsQuiet() -> Bool {
        core.read { $0.currentFrame < $0.quietUntil }
    }

    /// For the storms' rebuild comparison: how many frames the reverb heard now rings on before it
    /// has fallen 20 dB (a third of its decay time); 0 with no environment heard. A rebuild's new
    /// reverb slots start without that tail, and OpenAL has no way to carry an effect's state over.
    package func reverbTailFrames() -> Int {
        core.read { $0.reverbTailFrames }
    }

    /// How long the real-time loop would wait after an update now, and whether quietly
    /// (``RuntimeCore/realtimeWait``). Within the package, for tests.
    package var realtimeWaitNow: (wait: Double, quiet: Bool) { core.read { $0.realtimeWait } }

    /// For tests: the first block of the next stream file opened at `path` is decoded only after
    /// `seconds` (a slow disk, a long loop jump).
    package static func stallFirstStreamBlock(ofNextFileAt path: String, seconds: Double) {
        StreamDecodeAhead.stallFirstBlock(ofNextFileAt: path, seconds: seconds)
    }

    /// The real-time update thread (`pthread_self()` there, as a number); nil headless or before it
    /// runs. Within the package, for tests (a stalled OpenAL call on that thread).
    package var updateThread: UInt? { loop.map { $0.thread.load(ordering: .acquiring) }.flatMap { $0 == 0 ? nil : $0 } }

    /// For the storms' rebuild comparison: while running, throws the output away and builds it
    /// again (a new device and context, every buffer and source anew, what played replayed), as a
    /// media-services reset or a route change does, with no interruption around it. While
    /// interrupted, asks for what a route change then asks for: a new device and context when the
    /// interruption ends (``isOutputReopenPending`` until then), built from the model as it is then.
    ///
    /// - Returns: Whether it rebuilt or asked for a rebuild (only a running or an interrupted
    ///   runtime does, and an interrupted one only if no rebuild is already asked for).
    @discardableResult
    package func rebuildOutput() -> Bool {
        core.with { core in
            switch core.phase {
            case .running:
                core.reopenDevice()
                return true
            case .inactive:
                return core.lifecycle.askForNewDevice()
            case .lost, .awaitingDevice, .stopped:
                return false
            }
        }
    }

    /// Whether a new device and context are asked for when the interruption ends. Within the
    /// package, for the storms.
    package var isOutputReopenPending: Bool { core.read { $0.lifecycle.reopensDevice } }
}

import Synchronization
