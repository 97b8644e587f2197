// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioFiles
import AudioSession
import Logging
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Everything the runtime owns, used only while holding `OpenALProcess`'s lock: the one owner of
/// this runtime's OpenAL objects. ``GameSoundRuntime`` is the thread-safe face of it.
final class RuntimeCore {
    /// Where the runtime stands with the system (``Lifecycle/Phase``).
    typealias Phase = Lifecycle.Phase


    let configuration: GameSoundConfiguration
    /// The one owner of this runtime's OpenAL objects; everything else here is what should sound.
    let mirror: ALMirror
    /// Where trouble a game should see in its own logs goes (label `gamesound`); the event log stays
    /// the domain record.
    let logger: Logger
    let session: AudioSession
    let system: any SystemAudio

    // Unchecked exclusivity (here and on the other properties marked so): the whole core is touched
    // only with OpenALProcess's lock held, which is what keeps its accesses exclusive. The marked
    // ones are read or written at every rendered block, where Swift's dynamic check cost about 76
    // instructions each, more than the work it guarded (issue 19, docs/performance.md).
    /// Where the runtime stands with the system, and what it remembers there (``Lifecycle``).
    @exclusivity(unchecked) var lifecycle = Lifecycle()
    /// The lifecycle's state without what it remembers, asked at every block.
    var phase: Phase { lifecycle.phase }
    /// Headless: whether `render` mixes (false: it writes silence and sources stay frozen).
    @exclusivity(unchecked) var outputRunning = false
    @exclusivity(unchecked) var frame = 0
    /// Frames left before the next headless update (0: it runs before the next frame is mixed).
    /// Kept with ``frame``, so that `frame % updateFrames` is never worked out per block.
    @exclusivity(unchecked) var framesToUpdate = 0
    /// Frames a headless render mixed ahead of ``frame`` (at most 3; see RuntimeCore+Render).
    @exclusivity(unchecked) var carriedFrames = 0
    /// Frames the device mixed while the output ran, up to the last start or stop of the output in
    /// real time (see ``mixClock``); headless, every mixed frame is counted as it is mixed.
    @exclusivity(unchecked) var mixedFrames = 0
    /// Real time: the frame at which the output last started running.
    var outputRunningSince = 0
    /// Real time, the output stopped with its sources kept (an interruption that suspends the
    /// context): the device's frame then, and which device. It mixes on until it is paused after the
    /// step (ALMirror+DeviceRun), and its sources with it: those frames are counted when the output
    /// next starts or goes (``foldFramesMixedSinceStop()``).
    var outputStoppedAt: (frame: Int, device: ObjectIdentifier)?
    /// Frames at which OpenAL Soft started some mixing afresh: a sound paused while its context went,
    /// resumed on a new source, or the device reset for HRTF (``GameSoundRuntime/freshStartFrames()``).
    var freshStarts: [Int] = []
    /// The last group of 4 frames mixed (interleaved stereo); its last ``carriedFrames`` are still to hand out.
    var carriedGroup = [Float](repeating: 0, count: RuntimeCore.mixGroupFrames * 2)
    /// When the runtime was made, on ``bootClockNanoseconds()``: frame 0 of real-time output.
    let startNanoseconds = RuntimeCore.bootClockNanoseconds()

    @exclusivity(unchecked) var bank = EffectBank()
    /// What should sound (``MixModel``): every call of the game changes it, every update moves it on.
    @exclusivity(unchecked) var model: MixModel
    /// Which runtime of the process this is, stamped on its voice handles.
    let runtimeTag: Int

    // The mixing layer (RuntimeCore+Mixing).
    /// Each bus's gain for its sources, as last applied (see ``BusTree/sourceGains(at:ducks:)``).
    @exclusivity(unchecked) var busGains: [Float] = Array(repeating: 1, count: BusName.standard.count)
    var appliedMasterGain: Float = 1

    // Space (RuntimeCore+Space).
    var reportedNoHRTF = false
    /// The mode the last `spatializationChanged` named.
    var loggedSpatialization = "stereo"
    var reportedNoEffects = false

    // The update (RuntimeCore+Update).
    /// The frame at which the output last started: the update after it writes every part that can
    /// move once more, as if a ramp had ended there (see ``writesMoving(until:)``).
    var lastOutputStart = 0
    /// The earliest frame at which a one-shot voice may have finished: when the update next asks
    /// OpenAL whether a source stopped.
    @exclusivity(unchecked) var nextEndCheck = Int.max
    /// Until this frame, the headless update has nothing to do but look at the system's status
    /// (see ``update()``); every step of the game and every notification sets it back to 0.
    @exclusivity(unchecked) var quietUntil = 0
    /// A step ran (``noteStep()``) since the running update began.
    @exclusivity(unchecked) var steppedDuringUpdate = false
    /// The runtime's one random generator (``GameSoundConfiguration/seed``).
    var random: SplitMix64

    /// What the session was last told, so that each block publishes only a change.
    var publishedNowPlaying: NowPlayingInfo?

    /// When a running real-time output on OpenAL Soft's device asks it whether it is connected
    /// (see ``followDeviceConnection(at:)``).
    lazy var deviceChecks = DeviceCheckSchedule(sampleRate: configuration.sampleRate)
    /// Whether the sound server stood still and then caught up at once (``ServerCatchUp``).
    lazy var serverCatchUp = ServerCatchUp(sampleRate: configuration.sampleRate)
    /// What the game's window last reported (``GameSoundRuntime/windowChanged(_:)``); nil before it did.
    var window: WindowState?
    /// The I/O configuration last logged: the granted sample rate and buffer, in frames.
    var ioConfiguration: IOConfiguration?
    /// The system's ``SystemAudio/statusVersion`` when ``updateSilence()`` last followed the status.
    @exclusivity(unchecked) var followedStatusVersion: UInt64?

    /// Ends the real-time loop's wait for a whole update now, from any thread (the decoding queue,
    /// when a stream's first blocks are there); nothing headless (set by ``CoreBox/wakeWith(_:forWrites:forUpdate:)``).
    var wakeForUpdate: @Sendable () -> Void = {}
    /// The real-time loop's updates so far, whole or quiet: how often it woke (for tests).
    @exclusivity(unchecked) var realtimeUpdates = 0
    /// The system says when its status moves (``AudioSession/AudioSession/whenStatusMoves(_:)``,
    /// which wakes the real-time loop): a quiet loop need not look at it now and then.
    @exclusivity(unchecked) var systemTellsStatusMoves = false

    /// Called by a headless render after a block's update when ``heldBack`` is set: a point where
    /// notifications held back during the step may be handled (see ``CoreBox``).
    var betweenBlocks: () -> Void = {}
    /// Whether ``CoreBox`` holds notifications or work back; it sets and clears this under the lock,
    /// so a render calls ``betweenBlocks`` only when there is something to hand over.
    @exclusivity(unchecked) var heldBack = false

    /// Who listens to the events, and what the running steps logged (``log(_:_:_:)``).
    @exclusivity(unchecked) var events = EventLog()
    var observation: ObservationToken?

    init(configuration: GameSoundConfiguration, system: any SystemAudio, logger: Logger) {
        self.configuration = configuration
        self.isHeadless = configuration.output == .headless
        self.logger = logger
        self.realtimeThreads = configuration.realtimePriority && configuration.output != .headless ? RealtimeThreads(logger: logger) : nil
        self.system = system
        self.session = AudioSession(system: system)
        self.model = MixModel(voiceCount: configuration.voices + configuration.virtualVoices, distanceModel: configuration.distanceModel)
        self.mirror = ALMirror(voiceSlots: configuration.voices + configuration.virtualVoices, writesOffLock: configuration.output != .headless)
        self.random = SplitMix64(seed: configuration.seed)
        self.runtimeTag = Self.nextRuntimeTag.withLock { tag in
            tag = tag % 0x7FFF + 1  // ids stay positive as Int64
            return tag
        }
        mirror.failureSink = { [unowned self] operation, code, affected, description in
            log(.engine, "openALFailed", [.init("operation", .string(operation)), .init("code", .string(code)),
                                          .init("affected", .string(affected))])
            logger.error("OpenAL failed on \(affected): \(description)", metadata: LogCode.openALCallFailed.metadata)
        }
        mirror.voiceName = { [unowned self] slot in voiceLabel(slot) }
        mirror.voiceFollowUp = { [unowned self] slot, generation, what in followUp(slot, generation: generation, what) }
    }

    /// The last tag handed to a runtime of this process.
    private static let nextRuntimeTag = Mutex(0)

    /// Asks for a real-time priority for the mixer and update threads (``RealtimeThreads``); nil
    /// when the configuration turns it off, and headless.
    let realtimeThreads: RealtimeThreads?
    /// Whether the output is the loopback device (asked at every block, so stored).
    let isHeadless: Bool

    // MARK: - Time and the log

    /// The frame the runtime is at: frames rendered (headless), or frames of wall time (real time).
    var currentFrame: Int { isHeadless ? frame : wallClockFrame }

    /// The real-time output's frame, from the clock that runs on while the machine sleeps (kept out
    /// of line: headless, it is never asked). Read straight from `clock_gettime` in whole nanoseconds: `ContinuousClock`'s
    /// 128-bit `Duration` arithmetic was 3 % of a real-time update thread's time.
    @inline(never)
    private var wallClockFrame: Int {
        let nanoseconds = Self.bootClockNanoseconds() - startNanoseconds
        let rate = configuration.sampleRate
        return nanoseconds / 1_000_000_000 * rate + nanoseconds % 1_000_000_000 * rate / 1_000_000_000
    }

    /// The clock `ContinuousClock` reads on Linux (`CLOCK_BOOTTIME`: it goes on while the machine
    /// sleeps), in nanoseconds.
    static func bootClockNanoseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        return now.tv_sec * 1_000_000_000 + now.tv_nsec
    }

    /// Logs an event for the observers. With none listening, nothing is built at all, not even
    /// `details` (a C game with no event callback pays nothing for the events of its calls). The
    /// observers get it once the outermost step is over, outside the runtime's lock (``EventDelivery``).
    func log(_ origin: GameSoundEvent.Origin, _ name: String, _ details: @autoclosure () -> [GameSoundEvent.Detail] = []) {
        guard events.isListening else { return }
        let at = currentFrame
        events.record(GameSoundEvent(frame: at, time: Double(at) / Double(configuration.sampleRate),
                                     origin: origin, name: name, details: details()))
    }

    // MARK: - Start and stop

    /// The start, before the output opens (``openFirstOutput(attempt:)``): the session's category and I/O.
    func prepareStart(soundtrack path: String?) {
        model.soundtrackRequest = SoundtrackRequest(path: path)
        applyCategoryPolicy(force: true)
        applyPreferredIO()
    }

    /// The start, once the output is open: the sources, the activation, and the soundtrack when the
    /// policy says so.
    func finishStart() throws(GameSoundError) {
        try createVoices()
        model.soundtrackRequest.playIfChosen()
        // Refused: tried again at every update (``Lifecycle/activationRefused()``).
        if activateSession() { startOutput() }
    }

    func shutdown() {
        guard phase != .stopped else { return }
        stopOutput()
        // Shut down during an interruption too: take the suspended context back so the sources
        // and buffers are deleted through it rather than refused.
        resumeSuspendedContext()
        _ = useContext()
        teardownContext(logDestroyed: false)
        mirror.retirePrepared()
        mirror.closeDevice(waiting: true)
        session.setAudioIORunning(false)
        // As an iOS app leaving: the music the game's category stopped may play again. (An
        // AudioSessionError, not OpenAL's: a session that refuses to deactivate leaves nothing to
        // undo, the runtime stops all the same.)
        try? session.setActive(false, options: .notifyOthersOnDeactivation)
        observation?.cancel()
        lifecycle.stop()
    }
}
