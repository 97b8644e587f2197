// SPDX-License-Identifier: Zlib
import OpenAL

/// Whether the real device mixes: wished in a step, made so after it, without the runtime's lock.
///
/// Pausing a device (`alcDevicePauseSOFT`) stops OpenAL Soft's mixer thread and waits for it to end
/// its period: 4 to 6 ms on the null device, a round trip to the server on PulseAudio. Resuming one
/// starts a thread. Made inside the step that began an interruption, every game's call waited for
/// the pause (a phone call's ring held the runtime's lock 4 to 6 ms). So a step only says what it
/// wants (``wantDeviceRunning(_:)``, when the output stops or starts); the thread that ran it makes
/// it so once it has let the runtime's lock go, holding the work lock only
/// (``makeDeviceAsWished()``), and raises the threads a start made (``takeOutputThreads()``).
///
/// The last wish wins: an interruption that ends before its device was paused leaves it mixing.
/// Until the pause, the device mixes on with its sources (the suspend strategy keeps them): the
/// runtime counts those frames when the output next starts or goes
/// (`RuntimeCore.foldFramesMixedSinceStop()`).
extension ALMirror {
    /// Says whether the real device should mix from now on; made so after the step.
    func wantDeviceRunning(_ running: Bool) {
        guard let device, device.kind == .output else { return }
        deviceWish = running
        deviceWorkPending = true
    }

    /// Whether a step left work on the device for after it (a wish to make, and after a start its
    /// threads to raise); clears it. Under the runtime's lock, at the end of the outermost step.
    func takeDeviceWork() -> Bool {
        defer { deviceWorkPending = false }
        return deviceWorkPending
    }

    /// Pauses or resumes the real device as the last step wished, unless it is so already (or has
    /// been closed since). Holding ``work`` and not the runtime's lock.
    /// - Returns: A failure, to be reported under the runtime's lock.
    func makeDeviceAsWished() -> OpenALError? {
        assert(mayUseOpenAL, "OpenAL used without the runtime's work lock")
        guard let wish = deviceWish, wish != deviceRuns, let device, !device.isClosed else { return nil }
        do {
            if wish {
                noteThreadsBeforeOutput()
                try ThreadRoster.startingThreads { () throws(OpenALError) in try device.resume() }
            } else {
                try device.pause()
            }
        } catch {
            return error
        }
        deviceRuns = wish
        return nil
    }
}
