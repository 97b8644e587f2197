import AudioFiles
import AudioSession
import Logging
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import OpenAL

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
/// lock (`OpenALProcess`, from the OpenAL library), so calls are serialised; none waits on the wall clock.
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
        let core = RuntimeCore(configuration: configuration, system: system, logger: logger)
        self.configuration = configuration
        self.session = core.session
        self.system = system
        self.core = CoreBox(core)
        let box = self.core
        if let eventObserver { core.eventObservers.append((UUID(), eventObserver)) }
        core.observation = session.addObserver { notification in
            box.deliver(notification)
        }
        try box.with { (core) throws(GameSoundError) in try core.start(soundtrack: soundtrack) }
        if case .realtime = configuration.output {
            let loop = RealtimeLoop {
                box.with { core in
                    core.update()
                    return core.updatePeriod
                }
            }
            self.loop = loop
            loop.start()
        } else {
            loop = nil
        }
    }

    deinit {
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
        loop?.stop()
        core.with { $0.shutdown() }
    }

    // MARK: - Events

    /// Subscribes to the runtime's event log.
    ///
    /// `observer` gets every event the runtime logs from now on, synchronously and in order, on the
    /// thread that caused it, while the runtime holds the process-wide OpenAL lock. Keep it short:
    /// every other GameSound call, on every thread, waits until it returns.
    ///
    /// Observers are called in the order they were added. An observer may call the runtime (play a
    /// sound when a voice ends, say); the events that call logs reach the observers once the event
    /// being handed out has reached all of them, so every observer sees the events in the same order.
    ///
    /// - Parameter observer: Called with each ``GameSoundEvent``.
    /// - Returns: A token; cancelling it (or dropping it) unsubscribes.
    public func addEventObserver(_ observer: @escaping @Sendable (GameSoundEvent) -> Void) -> EventObservation {
        let id = UUID()
        core.with { $0.eventObservers.append((id, observer)) }
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
    /// - Parameter action: What the system does, for example `SystemAction.phoneRing`.
    /// - Throws: `SystemActionError` when the action makes no sense now (declining a
    ///   call that is not ringing), with reason `reportedBySystem` for what a real system reports
    ///   itself, or with reason `systemNotSimulated` when ``system`` takes no actions; nothing
    ///   changes then.
    public func perform(_ action: SystemAction) throws(SystemActionError) {
        guard let simulated = system as? any ActionPerformingSystem else {
            throw SystemActionError(action: action, reason: .systemNotSimulated)
        }
        let details = action.parameters.sorted { $0.key < $1.key }.map {
            GameSoundEvent.Detail($0.key, Self.value(of: $0.value))
        }
        core.with { $0.log(.system, action.name, details) }
        // Outside the core's step, so the notifications the action causes are handled as they are
        // delivered. The foreground recovery must see them handled: called from inside a step (an
        // event observer), it waits behind them.
        // The app comes back to the foreground with `app.foreground`, and with `phone.hangUp` after an
        // answered call: either way the game recovers through its foreground path.
        let wasAway = simulated.appState != .foreground
        try simulated.perform(action)
        let cameBack = wasAway && simulated.appState == .foreground
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

    // MARK: - Effects

    /// Decodes a WAV or Ogg Vorbis file and keeps it ready to play under `name`.
    ///
    /// Loading a name again replaces the sound (voices playing the old one stop). The decoded audio
    /// stays in memory, so the runtime can upload it again after a media-services reset.
    ///
    /// - Parameters:
    ///   - name: The name you will pass to ``play(_:options:)``.
    ///   - path: A `.wav` or `.ogg` file.
    /// - Throws: ``GameSoundError/decoding(_:)`` naming the file and what is wrong (nothing changes
    ///   then), ``GameSoundError/stopped``, ``GameSoundError/openAL(_:)``.
    public func preload(_ name: String, path: String) throws(GameSoundError) {
        let sound: PCMBuffer<Float>
        do {
            sound = try AudioDecoder.decode(path: path)
        } catch {
            core.with { $0.reportUndecodable(name, error) }
            throw .decoding(error)
        }
        try preload(name, sound: sound)
    }

    /// Keeps already decoded audio ready to play under `name`.
    ///
    /// - Parameters:
    ///   - name: The name you will pass to ``play(_:options:)``; an existing sound of that name is replaced.
    ///   - sound: Mono or stereo samples at any positive rate (OpenAL resamples).
    /// - Throws: ``GameSoundError/invalidArgument(_:)`` for another channel count or a zero rate,
    ///   ``GameSoundError/stopped``, ``GameSoundError/openAL(_:)`` if the upload fails.
    public func preload(_ name: String, sound: PCMBuffer<Float>) throws(GameSoundError) {
        guard sound.format.channelCount == 1 || sound.format.channelCount == 2, sound.format.sampleRate > 0 else {
            throw .invalidArgument("a sound must be mono or stereo with a positive sample rate")
        }
        try core.with { (core) throws(GameSoundError) in
            guard core.phase != .stopped else { throw .stopped }
            try core.add(sound, named: name)
        }
    }

    /// Decodes every `.wav` and `.ogg` file in `folder` in parallel, on all cores, each once, and
    /// keeps each under its file name without the extension.
    ///
    /// - Parameters:
    ///   - folder: A folder of sound files (not searched recursively).
    ///   - progress: Called after each file with (files done, files in all), from any thread.
    /// - Returns: What loaded and what failed. A file that fails does not stop the others.
    /// - Throws: ``GameSoundError/unreadableFolder(path:errno:)`` when the folder cannot be listed.
    @discardableResult
    public func preloadBank(folder: String, progress: (@Sendable (Int, Int) -> Void)? = nil) throws(GameSoundError) -> BankReport {
        let names: [String]
        do {
            names = try Self.fileNames(in: folder)
        } catch {
            throw .unreadableFolder(path: folder, errno: error.code)
        }
        let directory = folder.hasSuffix("/") ? folder : folder + "/"
        let files = names.filter { $0.hasSuffix(".ogg") || $0.hasSuffix(".wav") }.sorted().map {
            (name: String($0.dropLast(4)), path: directory + $0)
        }
        var report = BankReport()
        for (name, result) in EffectBank.decodeInParallel(files, progress: progress).sorted(by: { $0.key < $1.key }) {
            switch result {
            case .success(let sound):
                try preload(name, sound: sound)
                report.loaded.append(name)
            case .failure(let error):
                core.with { $0.reportUndecodable(name, error) }
                report.failed[name] = error
            }
        }
        return report
    }

    /// Why a folder could not be listed: the `errno` that `opendir` gave.
    private struct FolderError: Error {
        let code: Int32
    }

    /// The names in a folder (without `.` and `..`).
    private static func fileNames(in folder: String) throws(FolderError) -> [String] {
        guard let directory = opendir(folder) else { throw FolderError(code: errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Forgets a loaded effect and frees its memory; voices playing it stop.
    ///
    /// - Parameter name: The name it was loaded under.
    /// - Throws: ``GameSoundError/unknownEffect(_:)`` if no effect has that name.
    public func unload(_ name: String) throws(GameSoundError) {
        try core.with { (core) throws(GameSoundError) in try core.unload(name) }
    }

    /// The names of the loaded effects, sorted.
    public var loadedEffects: [String] { core.read { $0.bank.names } }

    /// Plays a loaded effect on a voice from the pool.
    ///
    /// During an interruption or while media services are lost, nothing reaches OpenAL: the effect
    /// is dropped (a one-shot sound is not worth playing late) and an `effectDropped` event says why.
    /// When every voice is busy, the lowest-priority oldest sound with a priority no higher than
    /// this one's loses its voice; if all outrank it, this one is dropped.
    ///
    /// - Parameters:
    ///   - name: A loaded effect.
    ///   - options: Gain, pitch, placement, looping and priority.
    /// - Returns: ``PlayOutcome/played(_:stole:)`` with the voice, or ``PlayOutcome/dropped(_:)``.
    /// - Throws: ``GameSoundError/unknownEffect(_:)``, ``GameSoundError/invalidArgument(_:)``,
    ///   ``GameSoundError/stopped``; the sounds already playing are unaffected.
    @discardableResult
    public func play(_ name: String, options: PlayOptions = .init()) throws(GameSoundError) -> PlayOutcome {
        try core.with { (core) throws(GameSoundError) in try core.play(name, options: options) }
    }

    /// Stops one voice at once.
    ///
    /// A handle whose voice has ended is ignored, so a late stop never cuts somebody else's sound
    /// that took over the slot. During an interruption the stop is remembered and done at its end.
    /// The log says `voiceEnded` with reason `stopped`. To fade out instead, use ``stop(_:fade:)``.
    ///
    /// - Parameter voice: The handle ``play(_:options:)`` returned.
    /// - Returns: Whether the voice was still there to stop.
    /// - Throws: ``GameSoundError/foreignVoice(_:)`` for another runtime's handle,
    ///   ``GameSoundError/stopped`` after ``shutdown()``, ``GameSoundError/openAL(_:)`` if OpenAL refuses.
    @discardableResult
    public func stop(_ voice: Voice) throws(GameSoundError) -> Bool {
        try core.with { (core) throws(GameSoundError) in try core.stop(voice) }
    }

    /// Stops every effect (not the soundtrack).
    ///
    /// - Throws: ``GameSoundError/stopped`` after ``shutdown()``; ``GameSoundError/openAL(_:)`` if OpenAL refuses.
    public func stopAllEffects() throws(GameSoundError) {
        try core.with { (core) throws(GameSoundError) in try core.stopAllEffects() }
    }

    /// Sets the volume of all effects, multiplied with each sound's own gain.
    ///
    /// - Parameter volume: 0 or more; 1 leaves the sounds unchanged.
    /// - Throws: ``GameSoundError/invalidArgument(_:)`` for a negative or non-finite volume.
    public func setEffectsVolume(_ volume: Float) throws(GameSoundError) {
        try core.with { (core) throws(GameSoundError) in try core.setEffectsVolume(volume) }
    }

    /// How many voices are sounding now.
    public var voicesInUse: Int { core.with { $0.voicesInUse } }

    // MARK: - Soundtrack

    /// Plays the soundtrack: `path` (an Ogg Vorbis file), or the current one when nil.
    ///
    /// The soundtrack is only heard when the policy and the system allow (not in ambient with the
    /// player's music on, not under the secondary-audio hint); until then the request is kept.
    /// During an interruption it takes effect at the end. A track that cannot be opened is not an
    /// error here: the runtime logs `soundtrackFailed` and everything else plays on.
    ///
    /// - Parameters:
    ///   - path: An Ogg Vorbis file; nil plays the current soundtrack (from the top if it was stopped).
    ///   - loop: Whether to start again at the end, without a gap.
    ///   - fadeIn: Seconds to fade in from silence; 0 starts at full volume.
    /// - Throws: ``GameSoundError/noSoundtrack`` when `path` is nil and none was ever given,
    ///   ``GameSoundError/stopped`` after ``shutdown()``.
    public func playSoundtrack(_ path: String? = nil, loop: Bool = true, fadeIn: Double = 0) throws(GameSoundError) {
        try core.with { (core) throws(GameSoundError) in try core.playSoundtrack(path: path, loop: loop, fadeIn: fadeIn) }
    }

    /// Pauses the soundtrack at once, keeping its position.
    ///
    /// - Throws: ``GameSoundError/stopped`` after ``shutdown()``.
    public func pauseSoundtrack() throws(GameSoundError) {
        try core.with { (core) throws(GameSoundError) in try core.setSoundtrackIntent(.paused, fade: 0) }
    }

    /// Resumes a paused soundtrack where it stopped.
    ///
    /// - Parameter fadeIn: Seconds to fade in from silence; 0 resumes at full volume.
    /// - Throws: ``GameSoundError/noSoundtrack`` when none was ever given, ``GameSoundError/stopped``
    ///   after ``shutdown()``.
    public func resumeSoundtrack(fadeIn: Double = 0) throws(GameSoundError) {
        try core.with { (core) throws(GameSoundError) in
            guard core.soundtrackPath != nil else { throw .noSoundtrack }
            try core.setSoundtrackIntent(.playing, fade: fadeIn)
        }
    }

    /// Stops the soundtrack; the next play starts from the top.
    ///
    /// - Parameter fadeOut: Seconds to fade out; the stop itself lands on the update after the fade.
    /// - Throws: ``GameSoundError/stopped`` after ``shutdown()``.
    public func stopSoundtrack(fadeOut: Double = 0) throws(GameSoundError) {
        try core.with { (core) throws(GameSoundError) in try core.setSoundtrackIntent(.stopped, fade: fadeOut) }
    }

    /// Fades the current soundtrack out while another fades in.
    ///
    /// For the length of the fade two tracks stream at once, each on its own source.
    ///
    /// - Parameters:
    ///   - path: The Ogg Vorbis file to bring in; it starts from the top.
    ///   - duration: Seconds the two fades last.
    ///   - loop: Whether the new track loops.
    /// - Throws: ``GameSoundError/stopped`` after ``shutdown()``.
    public func crossfadeSoundtrack(to path: String, duration: Double = 2, loop: Bool = true) throws(GameSoundError) {
        try core.with { (core) throws(GameSoundError) in try core.crossfade(to: path, duration: duration, loop: loop) }
    }

    /// Sets the soundtrack's volume; it is heard from the next update (within
    /// ``GameSoundConfiguration/updateFrames`` frames).
    ///
    /// - Parameter volume: 0 or more; 1 leaves the track unchanged.
    /// - Throws: ``GameSoundError/invalidArgument(_:)`` for a negative or non-finite volume.
    public func setSoundtrackVolume(_ volume: Float) throws(GameSoundError) {
        try core.with { (core) throws(GameSoundError) in try core.setSoundtrackVolume(volume) }
    }

    /// The soundtrack's position in frames of the track, or nil when none is playing or paused.
    public var soundtrackPosition: Int? { core.read { $0.soundtrackPosition } }

    /// How many times the current soundtrack stream ran dry and had to be restarted.
    ///
    /// The soundtrack is decoded a few buffers ahead of what is heard. When the update loop falls
    /// behind (for example because the machine is overloaded) OpenAL Soft plays everything queued
    /// and stops; the runtime then restarts the stream and counts one underrun, which a player hears
    /// as a gap. The count belongs to the stream: it starts again at zero whenever a new soundtrack
    /// stream is created (a new track, a crossfade, or a rebuild after the context was lost), and
    /// it is zero when no soundtrack is loaded. Useful for benchmarks and for diagnostics overlays.
    public var soundtrackUnderruns: Int { core.read { $0.soundtrack?.player?.underruns ?? 0 } }

    /// Whether the soundtrack is audible now (playing, not faded out or held back).
    public var isSoundtrackPlaying: Bool { core.read { $0.soundtrack?.player?.state == .playing && $0.phase == .running } }

    // MARK: - State

    /// Everything a status display needs, read at one instant: no two of its fields can disagree.
    public var snapshot: RuntimeSnapshot { core.with { $0.displaySnapshot } }

    /// Level meters (peak and RMS, left and right) for the output, the effects and the soundtrack,
    /// over the last 50 ms before what plays now.
    ///
    /// Cheap enough to read for every frame of an on-screen meter (it reads a few thousand samples
    /// per playing voice, under the runtime's lock). During an interruption, while media services
    /// are lost or while the system silences the game, ``MixLevels/output`` reads exact silence.
    /// See ``MixLevels`` for how the levels are computed.
    public var levels: MixLevels { core.with { $0.levels } }

    /// Whether the output is silenced by the system now, and why (silent switch, screen lock, background).
    public var silenceCause: OutputSilenceCause? { core.read { $0.silenceCause } }

    /// Whether the runtime is producing sound (session active, context current, output running).
    public var isRunning: Bool { core.read { $0.phase == .running } }
    /// Whether another app's `duckOthers` session lowers the game's whole output now (by 12 dB,
    /// ramped over 50 ms); the log has `duckBegan` and `duckEnded`.
    public var isDucked: Bool { core.read { $0.isDucked } }
    /// Whether the secondary-audio hint holds the soundtrack now: another app's non-mixable audio
    /// plays (read at every activation, and followed through the hint's notifications in between).
    public var isSoundtrackHeldByHint: Bool { core.read { $0.pausedByHint } }

    /// Live OpenAL objects of this runtime (sources in its context, buffers on its device), for leak checks.
    public var liveOpenALObjects: (sources: Int, buffers: Int) {
        core.read { ($0.context?.liveSourceCount ?? 0, $0.device?.liveBufferCount ?? 0) }
    }

    /// The frame the runtime is at (frames rendered, for headless output).
    public var currentFrame: Int { core.read { $0.currentFrame } }

    /// For the storms' rebuild comparison: while running, throws the output away and builds it
    /// again (a new device and context, every buffer and source anew, what played replayed), as a
    /// media-services reset or a route change does, with no interruption around it.
    ///
    /// - Returns: Whether it rebuilt (only a running runtime does).
    @discardableResult
    package func rebuildOutput() -> Bool {
        core.with { core in
            guard core.phase == .running else { return false }
            core.reopenDevice()
            return true
        }
    }

    // MARK: - Headless rendering

    /// Renders the next `frames` frames of the mix (headless output only), as interleaved stereo floats.
    ///
    /// Runs the update every ``GameSoundConfiguration/updateFrames`` frames at exact positions. The
    /// output is exact silence while the session is interrupted (sources do not advance), while media
    /// services are lost, and while the system silences the category (sources advance).
    ///
    /// OpenAL Soft is asked for whole groups of 4 frames (its reverb crashes otherwise). A render
    /// whose length is not a multiple of 4 mixes up to 3 frames ahead and starts the next render
    /// with them, so a call made between the two (a stop, a new sound) is heard up to 3 frames
    /// later (63 µs at 48 kHz); render in multiples of 4 for sample-exact timing. Silence is exact
    /// either way: frames mixed ahead are dropped if an interruption or a silencing began since.
    ///
    /// - Parameter frames: How many frames to render; 0 or less gives an empty array.
    /// - Returns: `frames × 2` floats, left then right.
    /// - Throws: ``GameSoundError/wrongOutputMode(_:)`` on a real-time runtime, ``GameSoundError/stopped``
    ///   after ``shutdown()``.
    public func render(frames: Int) throws(GameSoundError) -> [Float] {
        var output = [Float](repeating: 0, count: max(frames, 0) * 2)
        try output.withUnsafeMutableBufferPointer { (buffer) throws(GameSoundError) in try render(into: buffer) }
        return output
    }

    /// Renders `buffer.count / 2` stereo frames into `buffer` (headless output only).
    ///
    /// The same as ``render(frames:)`` without allocating: use it from an audio callback of your own.
    ///
    /// A block in which nothing is in flight (no ramp, fade, duck or stream, no voice due to end)
    /// costs little more than OpenAL Soft's own mixing: its update only checks that the system's
    /// status has not changed. Reading a property such as ``currentFrame``, ``isRunning`` or
    /// ``buses`` keeps it that way; any call that may change something (and ``voicesInUse``,
    /// ``levels``, ``snapshot`` and ``state(of:)``, which look at the sources) makes the next block
    /// run the whole update.
    ///
    /// - Parameter buffer: Room for interleaved left-right floats; an odd last element is left alone.
    /// - Throws: ``GameSoundError/wrongOutputMode(_:)`` on a real-time runtime, ``GameSoundError/stopped``
    ///   after ``shutdown()``, ``GameSoundError/openAL(_:)`` if the loopback device fails.
    public func render(into buffer: UnsafeMutableBufferPointer<Float>) throws(GameSoundError) {
        try core.render(into: buffer)
    }
}

/// A subscription to the runtime's events; cancel it, or let it go, to unsubscribe.
public final class EventObservation: Sendable {
    private let onCancel: @Sendable () -> Void
    private let cancelled = Mutex(false)

    init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }

    /// Stops the observer from being called.
    public func cancel() {
        let first = cancelled.withLock { done in
            defer { done = true }
            return !done
        }
        if first { onCancel() }
    }

    deinit { cancel() }
}

/// What a bank preload loaded and what failed.
public struct BankReport: Sendable, Hashable {
    /// Names loaded, sorted.
    public var loaded: [String] = []
    /// Files that failed to decode, by name, with the reason.
    public var failed: [String: AudioFileError] = [:]
}

import Synchronization
