// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioFiles
import AudioSession
import Logging
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The output: starting and stopping it, following the system's silencing, ducking and I/O configuration.
extension RuntimeCore {
    // Output

    func startOutput() {
        if !isHeadless {
            foldFramesMixedSinceStop()
            // Resumed, if it was paused, and its new threads raised, once the step is over and
            // without the runtime's lock (ALMirror+DeviceRun): a game's call never waits for a device.
            mirror.wantDeviceRunning(true)
        }
        outputRunning = true
        if !isHeadless { outputRunningSince = realtimeFrames }
        serverCatchUp.restart()
        lifecycle.outputStarted()
        model.playingClock.start(at: currentFrame)
        session.setAudioIORunning(true)
        followedStatusVersion = nil  // running now: ducking and the I/O configuration are followed again
        // Ramps (bus volumes, ducks, the environment's crossfade, the listener) went on in time while
        // no update ran: the next updates apply where they are now, finished or not (``writesMoving(until:)``).
        lastOutputStart = currentFrame
        updateSilence()
        reconcile()
    }

    /// Stops the output: the mix clock stands still from here.
    ///
    /// A real device is paused after the step, without the runtime's lock (ALMirror+DeviceRun):
    /// pausing stops OpenAL Soft's mixer thread and waits for its period (4 to 6 ms on the null
    /// device), which every game's call would otherwise wait for. What it mixes until then is counted
    /// when the output next starts or goes (``foldFramesMixedSinceStop()``).
    ///
    /// - Parameter tearingDown: The context is torn down right after, in the same step (a
    ///   media-services loss, a move to another device): its sources are deleted, which silences
    ///   them at once, so the real device is not paused at all; it is retired instead.
    func stopOutput(tearingDown: Bool = false) {
        if !isHeadless {
            foldFramesMixedSinceStop()
            if outputRunning {
                let now = realtimeFrames
                mixedFrames += now - outputRunningSince
                if !tearingDown, let device = mirror.device { outputStoppedAt = (now, ObjectIdentifier(device)) }
            }
            if !tearingDown { mirror.wantDeviceRunning(false) }
        }
        if outputRunning { model.playingClock.stop(at: currentFrame) }
        outputRunning = false
        session.setAudioIORunning(false)
    }

    /// Counts the frames a device mixed after a step stopped the output, up to its pause after the
    /// step (or now, if a step came first): its sources played them. Read from the device's clock,
    /// which stands still once it is paused; nothing once the device is another, or its sources are
    /// gone (``teardownContext(logDestroyed:retiringDevice:)`` forgets the stop).
    func foldFramesMixedSinceStop() {
        guard let stopped = outputStoppedAt else { return }
        outputStoppedAt = nil
        guard let device = mirror.device, ObjectIdentifier(device) == stopped.device else { return }
        mixedFrames += max(0, realtimeFrames - stopped.frame)
    }

    /// Follows the system's silencing (switch, lock, background): logs each change, and on a real
    /// device mutes through the listener gain (headless output is zeroed while rendering).
    ///
    /// It also follows what else the system does to the output without a notification: another
    /// app's ducking, and the I/O buffer the screen lock changes. One read of the session per call.
    func updateSilence() {
        // Nothing to follow when the system says nothing changed since the last look.
        let version = system.statusVersion
        if let version, version == followedStatusVersion { return }
        followedStatusVersion = version
        // Followed here, outside an update (at the start of a render that begins inside an update
        // period), a change can start a duck ramp that only the whole update moves on.
        quietUntil = 0
        let status = session.status
        if phase == .running {
            followDucking(status.isDucked)
            followIOConfiguration(status)
        }
        guard let change = model.followSilence(status.outputSilenceCause) else { return }
        switch change {
        case .silenced(let cause): log(.engine, "outputSilenced", [.init("cause", .string(cause.name))])
        case .unsilenced(let previous): log(.engine, "outputUnsilenced", [.init("cause", .string(previous.name))])
        }
        applyListenerGain()
    }

    func applyListenerGain() {
        guard phase == .running, mirror.canWrite() else { return }
        // Headless output is zeroed while rendering instead, so that silence there is exact.
        let gain = isHeadless ? masterGain * model.duckRamp.value(at: currentFrame) : heardGain
        mirror.setListenerGain(gain)
    }

    /// The gain on everything the player hears: the master bus times another app's duck, and 0
    /// while the system silences the output.
    var heardGain: Float { model.silenceCause != nil ? 0 : masterGain * model.duckRamp.value(at: currentFrame) }

    // MARK: - Being ducked

    /// The gain on the whole output while another app ducks the game: −12 dB, past the 10 dB the system promises.
    static let duckedGain: Float = 0.25
    /// How long the output takes to go down or come back: well inside the 100 ms allowed, and long
    /// enough (about ten updates of 256 frames at 48 kHz) not to click.
    static let duckRampSeconds = 0.05

    /// Follows whether another app ducks the session: starts a ramp down or back up and logs it.
    /// Called only while running; an interrupted game is silent anyway and looks again when it comes back.
    /// Whether the output is (or is ramping to being) ducked.
    var isDucked: Bool { model.duckRamp.to < 1 }

    func followDucking(_ ducked: Bool) {
        let target: Float = ducked ? Self.duckedGain : 1
        guard model.duckRamp.to != target else { return }
        let now = currentFrame
        model.duckRamp = Ramp(from: model.duckRamp.value(at: now), to: target, startFrame: now,
                              frames: Int(Self.duckRampSeconds * Double(configuration.sampleRate)))
        log(.system, ducked ? "duckBegan" : "duckEnded",
            [.init("db", .number(Double(20 * log10(Self.duckedGain)).rounded()))])
        applyListenerGain()
    }

    /// Moves the duck ramp on by one update.
    func advanceDuckRamp() {
        guard !model.duckRamp.isFinished(at: currentFrame - configuration.updateFrames) else { return }
        applyListenerGain()
    }

    // MARK: - The I/O configuration

    /// The sample rate and buffer the system grants the session, which the real-time output follows.
    struct IOConfiguration: Equatable {
        var sampleRate: Int
        var bufferFrames: Int
    }

    /// Takes the granted sample rate and I/O buffer from a reading of the session (after each
    /// activation, and at each update while running, since the screen lock changes the buffer) and
    /// logs `ioConfigurationChanged` when they move.
    func followIOConfiguration(_ status: SessionStatus) {
        let granted = IOConfiguration(sampleRate: Int(status.sampleRate.rounded()),
                                      bufferFrames: Int((status.ioBufferDuration * status.sampleRate).rounded()))
        guard granted != ioConfiguration else { return }
        ioConfiguration = granted
        log(.session, "ioConfigurationChanged",
            [.init("sampleRate", .integer(granted.sampleRate)), .init("ioBufferFrames", .integer(granted.bufferFrames))])
    }

    /// How long the real-time loop waits before the next update, and whether that is a quiet wait
    /// (``RealtimeLoop/wake()`` may end it): one ``updatePeriod`` while anything is due. While the
    /// runtime is quiet (``quietUntil`` ahead: nothing moves, the mirror holds what the model says),
    /// it waits for the first thing due: the quiet stretch's end (a one-shot that may have ended),
    /// a stream's next refill by its clock (``nextStreamRefill(after:)``), the device's connection
    /// check (OpenAL Soft's devices: ``connectionCheckDeadline``), at most ``longestQuietWait``. What
    /// else can come (a game's call, a notification, a stream's first blocks, GameSound's server
    /// output lost) wakes it. Virtual voices keep the period: they are ranked every 16 updates.
    var realtimeWait: (wait: Double, quiet: Bool) {
        let period = updatePeriod
        let now = currentFrame
        guard configuration.quietUpdates, quietUntil > now, model.virtualVoiceCount == 0 else { return (period, false) }
        // A stream's refill a device period after its clock says: the device mixes a period at a
        // time, and its clock and the buffers its sources have played move together at the end of
        // one. Its four buffers hold a third of a second, so a refill that late is harmless; one too
        // soon finds nothing played out, and the loop wakes again a period later.
        let refill = nextStreamRefill(after: now)
        let margin = Int(max(period, mirror.devicePeriod) * Double(configuration.sampleRate))
        let due = min(quietUntil, refill == .max ? .max : refill + margin, connectionCheckDeadline)
        let wait = min(Double(max(due - now, 0)) / Double(configuration.sampleRate), longestQuietWait)
        return wait > period ? (wait, true) : (period, false)
    }

    /// The longest quiet wait of the real-time loop. Everything else that can come tells the loop
    /// (above), so it is one second (the loop's own limit, a net for what nothing foresaw), unless
    /// the system cannot say when its status moves (``systemTellsStatusMoves``): a change with no
    /// notification (another app ducking, the screen lock's I/O buffer) would go unseen until the
    /// next update, so that one is 20 ms (``quietPollSeconds``), as every quiet wait was before the
    /// loop waited for what is due.
    var longestQuietWait: Double { systemTellsStatusMoves ? 1 : Self.quietPollSeconds }

    /// The longest quiet wait where the system's status could change unseen: 20 ms.
    static let quietPollSeconds = 0.02

    /// The real-time update's period in seconds: one granted I/O buffer.
    var updatePeriod: Double {
        guard let ioConfiguration, ioConfiguration.sampleRate > 0 else {
            return Double(configuration.updateFrames) / Double(configuration.sampleRate)
        }
        return Double(ioConfiguration.bufferFrames) / Double(ioConfiguration.sampleRate)
    }
}
