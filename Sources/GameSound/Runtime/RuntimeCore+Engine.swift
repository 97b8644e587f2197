// SPDX-License-Identifier: Zlib
import AudioSession
import Logging
#if canImport(Glibc)
import Glibc
#endif
import OpenAL

/// The OpenAL side: opening devices, suspending and restoring the context, tearing it down and
/// rebuilding it (the legacy interruption strategy and the media-services reset share this).
extension RuntimeCore {
    /// What every context of this runtime is made with (the first one and each rebuild).
    var contextSpec: ALMirror.ContextSpec {
        ALMirror.ContextSpec(sampleRate: configuration.sampleRate, voices: configuration.voices, headless: isHeadless,
                             serverOutput: usesServerOutput ? sessionBuffering : nil)
    }

    func openDeviceAndContext() throws(GameSoundError) {
        let asked = requestOutputBuffering()
        let spec = contextSpec
        try mirror.openDevice(configuration.output, spec)
        if spec.serverOutput != nil, let refusal = mirror.serverOutputRefusal {
            logger.info("OpenAL Soft's own output is used: GameSound's server output did not open (\(refusal))",
                        metadata: LogCode.serverOutputRefused.metadata)
        }
        reportOutputTiming(expectedPeriod: mirror.outputIsServerOutput ? nil : asked)
    }

    /// Whether the default real output is GameSound's own server output (tried first, see
    /// ``GameSoundConfiguration/serverOutput``): a real output on a real system, asked for, and
    /// OpenAL Soft's drivers not narrowed to others than PulseAudio by `ALSOFT_DRIVERS`, and the player
    /// did not decline it (``playerDeclinesServerOutput``).
    var usesServerOutput: Bool {
        configuration.serverOutput && outputFollowsSessionBuffering && OpenALProcess.driversInclude("pulse")
            && !Self.playerDeclinesServerOutput
    }

    /// `GAMESOUND_SERVER_OUTPUT=0` in the environment: the player (or a test) asks every game for
    /// OpenAL Soft's own output, whatever the game's configuration says.
    static var playerDeclinesServerOutput: Bool {
        getenv("GAMESOUND_SERVER_OUTPUT").map { String(cString: $0) } == "0"
    }

    /// The rate, period and periods the session's preferences ask of a real output: the game's
    /// preferred sample rate and I/O buffer (the session's preferences, else the configuration's),
    /// ``outputPeriods`` periods. Nil where the session does not choose the output.
    var sessionBuffering: OpenALProcess.OutputBuffering? {
        guard outputFollowsSessionBuffering else { return nil }
        let status = session.status
        let rate = status.preferredSampleRate > 0 ? status.preferredSampleRate : Double(configuration.sampleRate)
        let duration = status.preferredIOBufferDuration > 0 ? status.preferredIOBufferDuration : preferredIOBufferDuration
        return OpenALProcess.OutputBuffering(sampleRate: Int(rate.rounded()), periodFrames: Int((duration * rate).rounded()),
                                             periods: Self.outputPeriods)
    }

    /// The periods OpenAL Soft keeps towards the server: its stream's `tlength` is this many
    /// I/O buffers. Chosen by measurement (docs/performance.md, "The I/O buffer").
    static let outputPeriods = 3

    /// Whether the session's I/O preferences choose the output's buffering: a real output on a
    /// real system (the simulated system grants its own values, per the session's contract).
    var outputFollowsSessionBuffering: Bool {
        guard case .realtime = configuration.output, !(system is SimulatedSystem) else { return false }
        return true
    }

    /// Before OpenAL Soft first starts in the process: asks it for the session's preferred rate and
    /// I/O buffer (one period) with ``outputPeriods`` periods. Later opens keep what the first one
    /// got (OpenAL Soft reads its configuration once). Returns the period asked of OpenAL Soft in
    /// this process, if any.
    func requestOutputBuffering() -> Int? {
        guard let buffering = sessionBuffering else { return nil }
        let details: Logger.Metadata = ["sampleRate": "\(buffering.sampleRate)", "periodFrames": "\(buffering.periodFrames)",
                                        "periods": "\(buffering.periods)"]
        switch OpenALProcess.setOutputBuffering(buffering) {
        case .applied:
            logger.info("output buffering asked of OpenAL Soft: \(buffering.periods) periods of \(buffering.periodFrames) frames at \(buffering.sampleRate) Hz",
                        metadata: LogCode.outputBuffering.metadata.merging(details) { old, _ in old })
            return buffering.periodFrames
        case .tooLate:
            logger.debug("OpenAL Soft already started in this process: the output keeps the buffering it started with",
                         metadata: LogCode.outputBuffering.metadata)
            return OpenALProcess.outputBuffering?.periodFrames
        case .playerChose(let key, let file):
            logger.info("the player's \(file) sets \(key): OpenAL Soft's buffering is left to it",
                        metadata: LogCode.outputBuffering.metadata)
        case .failed(let reason):
            logger.warning("output buffering not asked of OpenAL Soft: \(reason)", metadata: LogCode.outputBuffering.metadata)
        }
        return nil
    }

    /// Tells the session the rate and period the output really got, read back from the device
    /// (after the server set up OpenAL Soft's stream, at the context's creation).
    func reportOutputTiming(expectedPeriod: Int?) {
        guard outputFollowsSessionBuffering, let device = mirror.device,
              let timing = try? device.outputTiming(expectedPeriod: expectedPeriod),
              timing.periodFrames > 0 else { return }
        session.outputOpened(sampleRate: Double(timing.sampleRate), ioBufferDuration: timing.periodDuration)
    }

    /// Gives a new context its sources (spare ones when voices can be virtual) and every effect of the bank.
    func createVoices() throws(GameSoundError) {
        guard mirror.hasContext else { return }
        try mirror.createSources(spares: virtualises ? configuration.voices : nil)
        mirror.installPreparedBuffers(for: bank.sounds)
        try uploadPending()
    }

    /// At the start of each of the runtime's steps: its context becomes the current one again if it
    /// has a usable one, since another runtime (or other OpenAL code) in the process may have made
    /// its own current in between. Each path that touches OpenAL also checks for itself.
    func adoptContext() {
        _ = useContext()
    }

    /// Makes the context current again if it was cleared for an interruption, so that what is about
    /// to be torn down is deleted through it rather than refused.
    func resumeSuspendedContext() {
        mirror.resumeSuspendedContext()
    }

    /// Tells the session the sample rate and I/O buffer the game prefers (at the start, and again
    /// after a media-services reset put the session back to its defaults).
    func applyPreferredIO() {
        // AudioSessionErrors, not OpenAL's: a preference is a wish the system may refuse, and the
        // granted configuration is followed (and logged) whatever it is.
        try? session.setPreferredSampleRate(Double(configuration.sampleRate))
        try? session.setPreferredIOBufferDuration(preferredIOBufferDuration)
    }

    /// The I/O buffer asked of the session: the game's ``GameSoundConfiguration/ioBufferDuration``,
    /// else the desktop's default for games where the preference chooses the real output, else one
    /// update (the simulated system, whose grants and logs stay as they were).
    var preferredIOBufferDuration: Double {
        if let duration = configuration.ioBufferDuration { return duration }
        let frames = outputFollowsSessionBuffering ? GameSoundConfiguration.defaultDesktopIOBufferFrames : configuration.updateFrames
        return Double(frames) / Double(configuration.sampleRate)
    }

    // MARK: - Interruptions

    func interruptionBegan(reason: InterruptionReason, wasSuspended: Bool) {
        // Leave the running phase before anyone hears of the interruption, so that a game calling back
        // from an observer is already refused (its effect dropped) instead of reaching OpenAL. A
        // device not to be trusted afterwards (the machine slept) is opened again when it ends.
        let actions = lifecycle.interruptionBegan(deviceUntrusted: reopensDevice(after: reason))
        log(.session, "interruptionBegan", [.init("reason", .string(reason.name)), .init("wasSuspended", .bool(wasSuspended))])
        perform(actions)
    }

    /// Silences a running output for an interruption (``Lifecycle/Action/silence``): notes where
    /// each stream is, stops the output, and suspends the context or tears it down, as the
    /// configuration's strategy says.
    func silenceForInterruption() {
        _ = useContext()
        noteStreamPositions()
        stopOutput()
        switch configuration.interruptionStrategy {
        case .suspendContext:
            mirror.suspendContext()
            log(.engine, "contextCleared")
        case .rebuildContext:
            _ = useContext()
            teardownContext(logDestroyed: true)
        }
    }

    func interruptionEnded(shouldResume: Bool) {
        log(.session, "interruptionEnded", [.init("shouldResume", .bool(shouldResume))])
        perform(lifecycle.interruptionEnded())
    }

    /// Brings the context back after an interruption: the same one (suspend) or a new one (rebuild).
    /// A route change during the interruption asks for a new device: the suspended context is
    /// then torn down and rebuilt on a newly opened device (where each voice was, the model knows).
    func restoreContext() throws(GameSoundError) {
        if lifecycle.reopensDevice { saveAndTearDownContext() }
        if mirror.hasContext, mirror.contextSuspended {
            try mirror.restoreSuspendedContext()
            log(.engine, "contextRestored")
            for stream in mirror.discardedStreams { destroy(stream) }
            mirror.discardedStreams = []
            try uploadPending()
        } else if !mirror.hasContext {
            try rebuildContext(newDevice: !mirror.hasDevice || lifecycle.reopensDevice)
        }
    }

    // MARK: - Tear down and rebuild

    /// Deletes every source and buffer, then destroys the context. Buffers are uploaded again from
    /// the decoded bank when a context is rebuilt, so nothing is read from disk.
    ///
    /// - Parameter retiringDevice: The device goes too, for a new one. A real one goes whole, off the
    ///   lock (``ALMirror/retireOutputWhole(letting:)``): its sources, buffers and reverb are not deleted one
    ///   by one here but with the context and the device on the retirement queue, and the stream
    ///   players (letting one go frees its decoder and decoded blocks) are let go on that queue too.
    ///   A loss did both for every stream and the whole pool under the runtime's lock: 0.4 ms at the
    ///   median, up to 1.3 ms, with four streams and the soundtrack on the null device, most of it
    ///   freeing the players (docs/performance.md).
    func teardownContext(logDestroyed: Bool, retiringDevice: Bool = false) {
        // Its sources go now: what the device mixes after this is no voice's.
        outputStoppedAt = nil
        if retiringDevice, mirror.retiresOutputWhole {
            mirror.retireOutputWhole(letting: releaseStreamPlayers(deleting: false))
        } else {
            releaseStreamPlayers()
            mirror.tearDownReverb()
            // Teardown reports what fails and goes on: whatever is left goes with the context.
            mirror.deleteSources()
            mirror.deleteBuffers()
            if retiringDevice { mirror.retireOutput() } else { mirror.destroyContext() }
        }
        if logDestroyed { log(.engine, "contextDestroyed") }
    }

    /// Closes the device (its contexts must be gone) and lets it go.
    func closeDevice() {
        foldFramesMixedSinceStop()
        mirror.closeDevice()
    }

    /// Creates a new context (and device, after a media-services reset), makes the sources and uploads
    /// every effect from the bank again. Nothing plays yet: the reconcile when the output starts
    /// (``reconcile()``) starts every voice where the model says it is.
    func rebuildContext(newDevice: Bool) throws(GameSoundError) {
        if newDevice || !mirror.hasDevice || lifecycle.reopensDevice {
            lifecycle.openingNewDevice()  // any new device is the one a reopen asked for
            closeDevice()
            try openDeviceAndContext()
        } else {
            try mirror.makeContext(contextSpec)
        }
        log(.engine, "contextRebuilt")
        try createVoices()
    }
}
