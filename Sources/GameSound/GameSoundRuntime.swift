// SPDX-License-Identifier: Zlib
import AudioFiles
import AudioSession
import Logging
import Synchronization
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
/// Every method may be called from any thread. Each runtime has a lock of its own, held while a call
/// decides and records, so calls on one runtime are serialised and two runtimes never wait for each
/// other; the runtime's context is current only on the thread of the step that uses it, for that
/// step. None waits on the wall clock, nor for an event observer (called outside the lock).
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
        if let eventObserver { _ = core.events.addObserver(eventObserver) }
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
    /// `observer` gets every event the runtime logs from now on, in the order they were logged, one
    /// call at a time, outside the runtime's lock: no call on another thread waits for it. It is
    /// called on the thread whose call logged the event, just before that call returns (a real-time
    /// runtime's update thread for what the desktop reports: the sound server, other programs, the
    /// lock, sleep), unless another thread is handing this runtime's events out at that moment: that
    /// thread then hands out these too, right after its own, and the call returns without waiting for
    /// them. Headless, the observers get what a block's update logged before that block is mixed, so
    /// a sound an observer plays starts in that block.
    ///
    /// Observers are called in the order they were added. An observer may call any runtime, this one
    /// included, from any thread (play a sound when a voice ends, say); the events its call logs
    /// reach the observers once the event being handed out has reached all of them, so every
    /// observer sees the events in the same order. A slow observer delays the events after it and the
    /// call handing them out (which also hands out what other threads log meanwhile), no other call.
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
            core.events.addObserver(observer, whileListening: isListening)
        }
        let box = core
        return EventObservation { box.with { $0.events.removeObserver(id: id) } }
    }

    /// The real-time update thread (`pthread_self()` there, as a number); nil headless or before it
    /// runs. Within the package, for tests (a stalled OpenAL call on that thread).
    package var updateThread: UInt? { loop.map { $0.thread.load(ordering: .acquiring) }.flatMap { $0 == 0 ? nil : $0 } }
}
