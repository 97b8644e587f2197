// SPDX-License-Identifier: Zlib
import AudioSession
import Logging

/// Media services lost and reset, and following the output device: moving to a new one, waiting for one.
extension RuntimeCore {
    // MARK: - Media services

    func mediaServicesLost() {
        log(.session, "mediaServicesLost")
        perform(lifecycle.mediaServicesLost())
    }

    /// The output goes with media services (``Lifecycle/Action/tearDown``): stopped, its context
    /// torn down, its device closed.
    func tearDownForLoss() {
        stopOutput(tearingDown: true)
        saveAndTearDownContext()
        closeDevice()
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
        stopOutput(tearingDown: true)
        saveAndTearDownContext()
        do {
            try rebuildContext(newDevice: true)
        } catch {
            log(.engine, "rebuildFailed", [.init("error", .string(error.description))])
            logger.error("could not reopen the audio output: \(error.description); trying again within 0.1 s, then every 0.5 s", metadata: LogCode.outputReopenFailed.metadata)
            awaitDevice()
            return
        }
        logger.notice("audio output reopened on the system's current device", metadata: LogCode.outputReopened.metadata)
        startOutput()
    }

    /// How many times the first real output is tried, and how long apart: a sound server that is
    /// settling can take the device and then not get its stream ready (seen on PipeWire 0.3.65 with
    /// the default sink just made: OpenAL Soft's "Stream did not get ready: Input/Output error", then
    /// `alcCreateContext` fails), and take the next one a moment later.
    static let firstOutputAttempts = 3
    static let firstOutputRetryMicroseconds: UInt32 = 250_000

    /// One attempt (from 1) at the output the runtime starts with. A real one that fails is tried
    /// again (``firstOutputAttempts``, a warning each time) before the error reaches the game:
    /// creating a runtime may wait, as opening any device does; nothing plays yet. The caller pauses
    /// between attempts with the lock let go (``GameSoundRuntime``), so other runtimes go on.
    /// - Returns: Whether the output is open; false when it is to be tried again.
    func openFirstOutput(attempt: Int) throws(GameSoundError) -> Bool {
        do {
            try openDeviceAndContext()
            return true
        } catch where !isHeadless && attempt < Self.firstOutputAttempts {
            logger.warning("could not open the audio output (\(error.description)); trying again in 0.25 s (attempt \(attempt + 1) of \(Self.firstOutputAttempts))",
                           metadata: LogCode.outputOpenRetried.metadata)
            return false
        }
    }

    /// The frame by which the real-time loop must run an update to ask the device whether it is
    /// still connected (``DeviceCheckSchedule``); `.max` when the device says so itself.
    var connectionCheckDeadline: Int {
        mirror.deviceTellsDisconnection ? .max : deviceChecks.deadline(often: !mirror.deviceIsNullOutput)
    }

    /// After a real output could not be (re)opened: wait for a device, trying again within 0.1 s,
    /// then more slowly, every half second from the fourth attempt (``Lifecycle/deviceRetryPauses``,
    /// on the wall clock, ``currentFrame``). Headless output has no device to wait for; nothing
    /// changes then.
    func awaitDevice() {
        guard !isHeadless else { return }
        stopOutput(tearingDown: true)
        saveAndTearDownContext()
        lifecycle.awaitDevice(at: currentFrame, sampleRate: configuration.sampleRate)
    }

    /// Destroys the context, suspended or not: before a media-services loss, a move to another
    /// device, or the next attempt to open one. Nothing needs saving: where each voice is, the model
    /// knows (``VoiceClock``), and the next context starts them there. Does nothing without a context.
    func saveAndTearDownContext() {
        guard mirror.hasContext else { return }
        resumeSuspendedContext()
        _ = useContext()
        // Every caller replaces the device next (a loss, a move, a wait for one, a reopen after the
        // interruption), so it goes with the context, off the lock for a real one.
        teardownContext(logDestroyed: true, retiringDevice: true)
    }

    /// A real output device can stop working with no word from the system: a USB headset pulled, or
    /// its sound server gone. OpenAL then reports it disconnected (`ALC_EXT_disconnect`); the runtime
    /// reopens the output on the default device and, while none can be opened, tries again
    /// (``Lifecycle/deviceRetryPauses``), keeping what was playing for when a device comes.
    func followDeviceConnection(at now: Int) {
        guard !isHeadless else { return }
        switch phase {
        case .running:
            // What the last check found, reopened now: the update thread has just opened the new
            // device without the lock (``CoreBox``), at most an update period after the check.
            if lifecycle.reopenIsDue {
                reopenDevice()
                return
            }
            // GameSound's server output says when it goes (it wakes the loop): asking it is an
            // atomic read, at every update.
            if mirror.deviceTellsDisconnection {
                guard mirror.deviceDisconnected else { return }
                return noteDeviceDisconnected()
            }
            // OpenAL Soft's device is asked on a schedule (``DeviceCheckSchedule``).
            guard deviceChecks.checks(at: now) else { return }
            // Only OpenAL Soft's output: its stream has no prebuf, and a server that loses its place
            // in it plays silence for good. GameSound's own output keeps the server's prebuf, so the
            // server waits for it to fill again after the stall, however much it asked for meanwhile
            // (docs/linux-system.md, "A server that stood still").
            if let ahead = serverCatchUp.look(wall: now, mixed: realtimeFrames) {
                let milliseconds = ahead * 1000 / configuration.sampleRate
                logger.warning("the sound server stood still, then asked for \(milliseconds) ms more audio than the time that passed; reopening the output, which a server can lose its place in after such a stall", metadata: LogCode.outputCaughtUp.metadata)
                lifecycle.reopenNeeded()
                return
            }
            guard mirror.deviceDisconnected else { return }
            noteDeviceDisconnected()
        case .awaitingDevice:
            guard lifecycle.deviceAttemptDue(at: now) else { return }
            // Quietly: a failed attempt was already logged when the waiting began (the GameSoundError
            // is dropped on purpose: what fails inside is the device's absence, not news).
            guard (try? rebuildContext(newDevice: true)) != nil else {
                saveAndTearDownContext()
                lifecycle.deviceAttemptFailed(at: currentFrame, sampleRate: configuration.sampleRate)
                return
            }
            logger.notice("an audio output device opened again; what was playing resumes", metadata: LogCode.outputReturned.metadata)
            startOutput()
        case .inactive, .lost, .stopped:
            return
        }
    }

    /// The running output's device stopped working: the next update reopens it (``reopenDevice()``).
    private func noteDeviceDisconnected() {
        log(.engine, "deviceDisconnected")
        logger.warning("the audio output device stopped working; reopening the output", metadata: LogCode.outputLost.metadata)
        lifecycle.reopenNeeded()
    }

    /// A real output to open ahead, off the lock (``PreparedOutput``), with the streams its players
    /// will start from and the bank's sounds.
    private func outputRequest(streams: [PreparedOutput.StreamStart]) -> PreparedOutput.Request? {
        guard case .realtime(let name) = configuration.output else { return nil }
        return PreparedOutput.Request(name: name, spec: contextSpec, streams: streams, sounds: bank.sounds)
    }

    /// The real output a notification is about to rebuild on, to be opened ahead: a media-services
    /// reset after a loss, and the end of an interruption that opens a device again (after a sleep,
    /// or a route change meanwhile: ``restoreContext()``), with their streams; a route change that
    /// moves a running output to the new device (``reopenDevice()``), without them (they are
    /// playing: where their players start is noted only as the old output stops). nil for anything
    /// else. (An end whose activation then fails leaves the output unused: it is retired.)
    func outputToPrepare(for notification: AudioSessionNotification) -> PreparedOutput.Request? {
        switch notification {
        case .mediaServicesReset where phase == .lost,
             .interruptionEnded where lifecycle.reopensDevice:
            return outputRequest(streams: streamStarts)
        case .routeChanged(let reason, _) where phase == .running && followsRouteChange(reason):
            return outputRequest(streams: [])
        default:
            return nil
        }
    }

    /// While the runtime waits for a device, with an attempt due (``followDeviceConnection(at:)``):
    /// the output to open ahead for it, with its streams; a running output with a reopen due: the
    /// new device. nil otherwise.
    func deviceAttemptToPrepare() -> PreparedOutput.Request? {
        if lifecycle.reopenIsDue { return outputRequest(streams: []) }  // playing: as for a route change
        guard lifecycle.deviceAttemptDue(at: currentFrame) else { return nil }
        return outputRequest(streams: streamStarts)
    }

    /// The attempt opened ahead failed (``deviceAttemptToPrepare()``): as one that fails in the
    /// update, quietly, the next comes after the next pause.
    func deviceAttemptFailedAhead() {
        lifecycle.deviceAttemptFailed(at: currentFrame, sampleRate: configuration.sampleRate)
    }

    /// Where each stream's next player starts: the soundtrack, the tracks fading out of a crossfade
    /// and the streamed voices, as the output's stop noted them (their clocks stand still).
    private var streamStarts: [PreparedOutput.StreamStart] {
        let records = [model.soundtrack].compactMap { $0 } + model.outgoingTracks + model.streamVoices.filter(\.live)
        return records.map { PreparedOutput.StreamStart(path: $0.path, loop: $0.loop, frame: $0.resumeAt) }
    }

    func mediaServicesReset() {
        log(.session, "mediaServicesReset")
        guard phase != .stopped else { return }
        // A reset with no loss before it: as if there had been one.
        if phase != .lost { mediaServicesLost() }
        _ = lifecycle.mediaServicesReset()
        // A server that is back may still refuse a client for a moment (PipeWire: pipewire-pulse
        // answers before WirePlumber grants access; seen about once in 70 restarts). Then the
        // runtime waits for a device as after a disconnection, trying again and again, instead
        // of staying silent until the next reset.
        var rebuilt = true
        do {
            try rebuildContext(newDevice: true)
        } catch {
            log(.engine, "rebuildFailed", [.init("error", .string(error.description))])
            logger.error("could not rebuild audio after the media-services reset: \(error.description); trying again within 0.1 s, then every 0.5 s",
                         metadata: LogCode.mediaServicesRebuildFailed.metadata)
            rebuilt = false
        }
        // The reset put the session back to its defaults: configure it again.
        applyCategoryPolicy(force: true)
        applyPreferredIO()
        // Refused: tried again at every update (``Lifecycle/activationRefused()``).
        guard activateSession() else { return }
        if rebuilt {
            startOutput()
        } else {
            awaitDevice()
        }
    }
}
