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
}
