import AudioSession
import OpenAL

/// The OpenAL side: opening devices, suspending and restoring the context, tearing it down and
/// rebuilding it (the legacy interruption strategy and the media-services reset share this).
extension RuntimeCore {
    func openDeviceAndContext() throws(GameSoundError) {
        do {
            let device: ALDevice
            switch configuration.output {
            case .headless:
                device = try ALDevice.openLoopback()
            case .realtime(let name):
                device = try ALDevice.openOutput(named: name)
            }
            let context = try ALContext(device: device, attributes: contextAttributes)
            try context.makeCurrent()
            self.device = device
            adopt(context)
        } catch {
            throw .openAL(error)
        }
    }

    func createVoices() throws(GameSoundError) {
        guard let context else { return }
        do {
            if virtualises {
                let held = slots.count { $0.source != nil } + spareSources.count
                for _ in held..<configuration.voices { spareSources.append(try ALSource(context: context)) }
            } else {
                for index in slots.indices where slots[index].source == nil {
                    slots[index].source = try ALSource(context: context)
                }
            }
            for (name, sound) in bank.sounds where uploaded[name] == nil {
                uploaded[name] = try upload(sound)
            }
        } catch {
            throw .openAL(error)
        }
    }

    /// At the start of each of the runtime's steps: its context becomes the current one again if it
    /// has a usable one, since another runtime (or other OpenAL code) in the process may have made
    /// its own current in between. Each path that touches OpenAL also checks for itself.
    func adoptContext() {
        _ = useContext()
    }

    /// Takes a context just made and made current as the runtime's: nothing suspended, HRTF to be
    /// decided again (a new device's is whatever it opened with, a new context applies its own
    /// attributes to the device), no failure reported on it yet, and space as the model says.
    func adopt(_ new: ALContext) {
        context = new
        contextSuspended = false
        hrtfApplied = nil
        reportedOpenALFailures = []
        applySpaceToContext()
    }

    /// Makes the context current again if it was cleared for an interruption, so that what is about
    /// to be torn down is deleted through it rather than refused.
    func resumeSuspendedContext() {
        guard contextSuspended, let context else { return }
        attempt("the audio context") { () throws(OpenALError) in try context.makeCurrent() }
        contextSuspended = false
    }

    /// Tells the session the sample rate and I/O buffer the game prefers (at the start, and again
    /// after a media-services reset put the session back to its defaults).
    func applyPreferredIO() {
        // AudioSessionErrors, not OpenAL's: a preference is a wish the system may refuse, and the
        // granted configuration is followed (and logged) whatever it is.
        try? session.setPreferredSampleRate(Double(configuration.sampleRate))
        try? session.setPreferredIOBufferDuration(Double(configuration.updateFrames) / Double(configuration.sampleRate))
    }

    /// Makes this runtime's context current unless it is suspended; other runtimes in the process
    /// may have made theirs current in between.
    func makeContextCurrentIfNeeded() throws(OpenALError) {
        guard let context, !contextSuspended else {
            throw OpenALError(operation: "makeCurrent", code: .noCurrentContext)
        }
        if !context.isCurrent { try context.makeCurrent() }
    }

    // MARK: - Interruptions

    func interruptionBegan(reason: InterruptionReason, wasSuspended: Bool) {
        // Leave the running phase before anyone hears of the interruption, so that a game calling back
        // from an observer is already refused (its effect dropped) instead of reaching OpenAL.
        let wasRunning = phase == .running
        if phase == .awaitingDevice || reopensDevice(after: reason) {
            // No context to suspend, or a device not to be trusted afterwards (the machine slept):
            // reactivation after the interruption opens a device again.
            deviceReopenPending = true
        }
        if wasRunning || phase == .inactive || phase == .awaitingDevice {
            phase = .inactive
            needsReactivation = false
        }
        log(.session, "interruptionBegan", [.init("reason", .string(reason.name)), .init("wasSuspended", .bool(wasSuspended))])
        guard wasRunning else { return }
        _ = useContext()
        noteStreamPositions()
        stopOutput()
        switch configuration.interruptionStrategy {
        case .suspendContext:
            attempt("the audio context") { () throws(OpenALError) in try ALContext.clearCurrent() }
            contextSuspended = true
            log(.engine, "contextCleared")
        case .rebuildContext:
            _ = useContext()
            snapshot = takeSnapshot()
            teardownContext(logDestroyed: true)
        }
    }

    func interruptionEnded(shouldResume: Bool) {
        log(.session, "interruptionEnded", [.init("shouldResume", .bool(shouldResume))])
        guard phase == .inactive else { return }
        // A game has no play button: it resumes whether or not the system suggests it.
        needsReactivation = true
        reportedActivationFailure = false
        reactivate()
    }

    /// Brings the context back after an interruption: the same one (suspend) or a new one (rebuild).
    /// A route change during the interruption asks for a new device: the suspended context is
    /// then torn down (what was playing saved) and rebuilt on a newly opened device.
    func restoreContext() throws(GameSoundError) {
        if deviceReopenPending { saveAndTearDownContext() }
        if let context, contextSuspended {
            do { try context.makeCurrent() } catch { throw .openAL(error) }
            contextSuspended = false
            log(.engine, "contextRestored")
            for stream in discardedStreams { destroy(stream) }
            discardedStreams = []
            for slot in pendingVoiceStops {
                guard let source = slots[slot].source else { continue }
                attempt("the source of a voice stopped during the interruption") { () throws(OpenALError) in try source.stop() }
            }
            pendingVoiceStops = []
            try uploadPending()
        } else if context == nil {
            pendingVoiceStops = []
            try rebuildContext(newDevice: device == nil || deviceReopenPending)
        }
    }

    // MARK: - Tear down and rebuild

    /// Saves each busy voice and the soundtrack position. The context must be current.
    func takeSnapshot() -> Snapshot {
        var saved = Snapshot()
        for (index, slot) in slots.enumerated() {
            guard let source = slot.source, let effect = slot.effect, allocator.slots[index].busy,
                  let state = attempt(voiceLabel(index) + "'s state", { () throws(OpenALError) in try source.state() }),
                  // A voice on a paused bus may not have started yet: it is kept, at its start.
                  state == .playing || state == .paused || (state == .initial && !shouldSound(index)) else { continue }
            let offset = attempt(voiceLabel(index) + "'s offset") { () throws(OpenALError) in try source.offset() } ?? 0
            saved.voices.append(.init(slot: index, effect: effect, offset: offset))
        }
        return saved
    }

    /// Deletes every source and buffer, then destroys the context. Buffers are uploaded again from
    /// the decoded bank when a context is rebuilt, so nothing is read from disk.
    func teardownContext(logDestroyed: Bool) {
        releaseStreamPlayers()
        tearDownEnvironment()
        // Teardown reports what fails and goes on: whatever is left goes with the context.
        for index in slots.indices {
            if let source = slots[index].source {
                let affected = "source \(index) of the voice pool"
                attempt(affected) { () throws(OpenALError) in try source.stop() }
                attempt(affected) { () throws(OpenALError) in try source.setBuffer(nil) }
                attempt(affected) { () throws(OpenALError) in try source.delete() }
            }
            slots[index].source = nil
            slots[index].attached = nil
        }
        for source in spareSources { attempt("a spare source") { () throws(OpenALError) in try source.delete() } }
        spareSources = []
        // Stops asked for while the context could not be used are moot: those sources are gone.
        // Kept, they would stop whatever a later voice plays on the same slot.
        pendingVoiceStops = []
        for (name, buffer) in uploaded { attempt("the buffer of the effect '\(name)'") { () throws(OpenALError) in try buffer.delete() } }
        uploaded = [:]
        staleUploads = []
        context?.destroy()
        context = nil
        contextSuspended = false
        if logDestroyed { log(.engine, "contextDestroyed") }
    }

    /// Closes the device (its contexts must be gone) and lets it go. The only way a device is
    /// closed, so that ``loopbackRenderer`` never outlives an open device.
    func closeDevice() {
        if let device { attempt("the output device") { () throws(OpenALError) in try device.close() } }
        device = nil
    }

    /// Creates a new context (and device, after a media-services reset), uploads every effect from
    /// the bank again, recreates the voices and replays the snapshot.
    func rebuildContext(newDevice: Bool) throws(GameSoundError) {
        if newDevice || device == nil || deviceReopenPending {
            deviceReopenPending = false
            closeDevice()
            try openDeviceAndContext()
        } else if let device {
            do {
                let current = try ALContext(device: device, attributes: contextAttributes)
                try current.makeCurrent()
                adopt(current)
            } catch {
                throw .openAL(error)
            }
        }
        log(.engine, "contextRebuilt")
        try createVoices()
        restoreSnapshot()
        applyListenerGain()
    }

    func restoreSnapshot() {
        guard let saved = snapshot else { return }
        snapshot = nil
        // A voice the snapshot left out had finished by the time the context went.
        for index in allocator.slots.indices where allocator.slots[index].busy && !slots[index].isVirtual
            && !saved.voices.contains(where: { $0.slot == index }) {
            endVoice(index, reason: .finished)
        }
        for voice in saved.voices {
            guard let source = slots[voice.slot].source ?? attachSpareSource(voice.slot), let buffer = uploaded[voice.effect] else { continue }
            slots[voice.slot].attached = voice.effect
            do {
                // The slot is the model: what the game changed while the context was gone is in it.
                try configure(voice.slot, buffer: buffer)
                try source.setOffset(frames: voice.offset)
                try source.play()
                if !shouldSound(voice.slot) { try source.pause() }
            } catch {
                report(error, affected: voiceLabel(voice.slot))
                endVoice(voice.slot, reason: .stopped)
            }
        }
    }

    // MARK: - Media services

    func mediaServicesLost() {
        log(.session, "mediaServicesLost")
        guard phase != .stopped, phase != .lost else { return }
        stopOutput()
        saveAndTearDownContext()
        closeDevice()
        phase = .lost
        needsReactivation = false
    }

    // MARK: - Following the output device

    /// Whether the end of an interruption opens the output device again: after the machine's sleep,
    /// on a real output, since a woken machine's device (and OpenAL Soft's stream on it) is often
    /// broken. Any other interruption keeps the device and follows the strategy.
    func reopensDevice(after reason: InterruptionReason) -> Bool {
        guard case .realtime = configuration.output else { return false }
        return reason == .systemSleep
    }

    /// Whether a route change should move the output to the new device: only a real output on a
    /// real system (the simulated routes have no device behind them, and headless output has none).
    func followsRouteChange(_ reason: RouteChangeReason) -> Bool {
        guard case .realtime = configuration.output, !(system is SimulatedSystem) else { return false }
        return reason == .newDeviceAvailable || reason == .oldDeviceUnavailable || reason == .override
    }

    /// Moves the output to the system's current device: the media-services rebuild without the
    /// session part. OpenAL Soft 1.19.1 keeps its PulseAudio stream on the sink it opened, so the
    /// device is closed and opened again, which puts the new stream on the new default.
    /// Called for a real output, and by the storms' rebuild comparison on headless output
    /// (``GameSoundRuntime/rebuildOutput()``); on failure a real output waits for a device (``awaitDevice()``).
    func reopenDevice() {
        stopOutput()
        saveAndTearDownContext()
        do {
            try rebuildContext(newDevice: true)
        } catch {
            log(.engine, "rebuildFailed", [.init("error", .string(error.description))])
            logger.error("could not reopen the audio output: \(error.description); trying again every 0.5 s", metadata: LogCode.outputReopenFailed.metadata)
            awaitDevice()
            return
        }
        logger.notice("audio output reopened on the system's current device", metadata: LogCode.outputReopened.metadata)
        startOutput()
        reconcileSoundtrack(fadeFrames: 0)
    }

    /// How many updates make half a second: the pause between two attempts to open a device.
    var deviceRetryUpdates: Int { max(1, configuration.sampleRate / 2 / configuration.updateFrames) }

    /// After a real output could not be (re)opened: wait for a device, trying every half second.
    /// Headless output has no device to wait for; nothing changes then.
    func awaitDevice() {
        guard !isHeadless else { return }
        stopOutput()
        saveAndTearDownContext()
        phase = .awaitingDevice
        deviceRetryCountdown = deviceRetryUpdates
    }

    /// Saves what the context plays (unless a snapshot is already kept) and destroys it, suspended
    /// or not: before a media-services loss, a move to another device, or the next attempt to open
    /// one. Pending stops need no care: their slots are free, so the snapshot leaves them out, and
    /// the teardown deletes every source. Does nothing without a context.
    func saveAndTearDownContext() {
        guard context != nil else { return }
        resumeSuspendedContext()
        _ = useContext()
        if snapshot == nil { snapshot = takeSnapshot() }
        teardownContext(logDestroyed: true)
    }

    /// A real output device can stop working with no word from the system: a USB headset pulled, or
    /// its sound server gone. OpenAL then reports it disconnected (`ALC_EXT_disconnect`); the runtime
    /// reopens the output on the default device and, while none can be opened, tries again every
    /// half second, keeping what was playing for when a device comes.
    func followDeviceConnection() {
        guard !isHeadless else { return }
        switch phase {
        case .running:
            guard let device, !device.isClosed, !device.isConnected else { return }
            log(.engine, "deviceDisconnected")
            logger.warning("the audio output device stopped working; reopening the output", metadata: LogCode.outputLost.metadata)
            reopenDevice()
        case .awaitingDevice:
            guard deviceRetryCountdown <= 0 else {
                deviceRetryCountdown -= 1
                return
            }
            deviceRetryCountdown = deviceRetryUpdates
            // Quietly: a failed attempt was already logged when the waiting began (the GameSoundError
            // is dropped on purpose: what fails inside is the device's absence, not news).
            guard (try? rebuildContext(newDevice: true)) != nil else {
                saveAndTearDownContext()
                return
            }
            logger.notice("an audio output device opened again; what was playing resumes", metadata: LogCode.outputReturned.metadata)
            startOutput()
            reconcileSoundtrack(fadeFrames: 0)
        case .inactive, .lost, .stopped:
            return
        }
    }

    func mediaServicesReset() {
        log(.session, "mediaServicesReset")
        guard phase != .stopped else { return }
        if phase != .lost { mediaServicesLost() }
        phase = .inactive
        // A server that is back may still refuse a client for a moment (PipeWire: pipewire-pulse
        // answers before WirePlumber grants access; seen about once in 70 restarts). Then the
        // runtime waits for a device as after a disconnection, trying every half second, instead
        // of staying silent until the next reset.
        var rebuilt = true
        do {
            try rebuildContext(newDevice: true)
        } catch {
            log(.engine, "rebuildFailed", [.init("error", .string(error.description))])
            logger.error("could not rebuild audio after the media-services reset: \(error.description); trying again every 0.5 s",
                         metadata: LogCode.mediaServicesRebuildFailed.metadata)
            rebuilt = false
        }
        // The reset put the session back to its defaults: configure it again.
        applyCategoryPolicy(force: true)
        applyPreferredIO()
        reportedActivationFailure = false
        if activateSession() {
            if rebuilt {
                startOutput()
                reconcileSoundtrack(fadeFrames: 0)
            } else {
                awaitDevice()
            }
        } else {
            needsReactivation = true
        }
    }

    // MARK: - Notifications

    func handle(_ notification: AudioSessionNotification) {
        guard phase != .stopped else { return }
        switch notification {
        case .interruptionBegan(let reason, let wasSuspended):
            interruptionBegan(reason: reason, wasSuspended: wasSuspended)
        case .interruptionEnded(let shouldResume):
            interruptionEnded(shouldResume: shouldResume)
        case .routeChanged(let reason, let previous):
            routeChanged(reason: reason, previous: previous)
        case .silenceSecondaryAudioHint(let began):
            secondaryHint(began: began)
        case .mediaServicesLost:
            mediaServicesLost()
        case .mediaServicesReset:
            mediaServicesReset()
        case .remoteCommand(let command):
            remoteCommand(command)
        }
    }

    func routeChanged(reason: RouteChangeReason, previous: RouteDescription) {
        log(.session, "routeChanged", [.init("reason", .string(reason.name)), .init("previous", .string(previous.name)),
                                       .init("current", .string(session.currentRoute.name))])
        if reason == .oldDeviceUnavailable, configuration.effectiveRoutePolicy == .pauseSoundtrackOnDeviceLoss,
           soundtrackIntent == .playing {
            soundtrackIntent = .paused
            reconcileSoundtrack(fadeFrames: 0)
        }
        if phase == .running, useContext() { followSpatialization() }
        guard followsRouteChange(reason) else { return }
        switch phase {
        case .running:
            reopenDevice()
        case .inactive:
            deviceReopenPending = true
        case .lost, .awaitingDevice, .stopped:
            // A reset, or the next attempt, opens a new device anyway; a stopped runtime has none.
            break
        }
    }

    func secondaryHint(began: Bool) {
        log(.session, began ? "secondaryHintBegan" : "secondaryHintEnded")
        pausedByHint = began
        if !began, configuration.policy == .effectsPlusSoundtrackIfNoOtherAudio { soundtrackHeldBack = false }
        reconcileSoundtrack(fadeFrames: Int(configuration.hintFadeDuration * Double(configuration.sampleRate)))
    }

    /// The app came back to the foreground (or the game calls this when it becomes active): recover
    /// from an interruption that never ended, or, still running (a playback game kept running in the
    /// background), decide the category and the soundtrack again from what plays now.
    func applicationDidBecomeActive() {
        switch phase {
        case .inactive:
            needsReactivation = true
            reportedActivationFailure = false
            reactivate()
        case .running:
            applyCategoryPolicy()
            pausedByHint = session.secondaryAudioShouldBeSilencedHint
            reconcileSoundtrack(fadeFrames: 0)
        case .lost, .awaitingDevice, .stopped:
            break
        }
    }
}
