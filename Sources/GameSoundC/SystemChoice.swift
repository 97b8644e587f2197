// SPDX-License-Identifier: Zlib
import AudioSession
import DesktopSignals
import GameSound
import Logging
import OpenAL
import PulseSystem
#if canImport(Glibc)
import Glibc
#endif

/// `gs_config.system`: which system a runtime lives in, as the game asked.
///
/// The raw values are the `GS_SYSTEM_` constants of `gamesound.h` and part of the ABI.
enum SystemChoice: Int32, Sendable {
    /// `GS_SYSTEM_AUTO`: the desktop when the output is real-time and a sound server answers in
    /// time, otherwise the simulated system. Where no server can exist
    /// (``PulseSystem/defaultServerCandidate()`` finds none), the server is not probed at all.
    case auto = 0
    /// `GS_SYSTEM_SIMULATED`: the simulated system, driven by `gs_system_action`.
    case simulated = 1
    /// `GS_SYSTEM_DESKTOP`: the desktop's sound server, or no runtime at all.
    case desktop = 2

    /// How long `GS_SYSTEM_AUTO` waits for a server that accepted the connection to describe
    /// itself: a healthy server answers in milliseconds, and a game with no working server should
    /// not take longer than this to start.
    static let autoTimeout = 2.0
    /// How long `GS_SYSTEM_DESKTOP` waits: the game asked for the desktop, so it may wait longer.
    static let desktopTimeout = 5.0

    /// The system for a runtime with this output and launch state.
    ///
    /// On the desktop the silent switch and the screen lock of `launch` start the simulated switches
    /// on top of the sound server and the desktop's signals (MPRIS players, logind); its other audio is ignored (the desktop reports its own).
    ///
    /// - Throws: `GS_ERR_NO_SERVER` for `GS_SYSTEM_DESKTOP` when no server answers.
    func makeSystem(
        output: GameSoundConfiguration.Output, launch: LaunchState, logger: Logger, in function: String
    ) throws(CFailure) -> any SystemAudio {
        switch self {
        case .simulated:
            return SimulatedSystem(launch: launch)
        case .desktop:
            do throws(PulseSystemError) {
                return overlay(try PulseSystem(timeout: Self.desktopTimeout, logger: logger), launch: launch, logger: logger)
            } catch {
                throw CFailure(.noServer, "\(function): GS_SYSTEM_DESKTOP, but \(error.description)")
            }
        case .auto:
            guard case .realtime = output else { return SimulatedSystem(launch: launch) }
            // Where no server can exist, libpulse is not even loaded (it and the libraries it brings
            // would be mapped for nothing): the same fallback, without the probe.
            guard PulseSystem.defaultServerCandidate() != nil else {
                logger.warning("no sound server can be here (no PULSE_SERVER, no DISPLAY, no socket in the runtime folder or /run/pulse, no server in client.conf): the desktop is off, libpulse not loaded",
                               metadata: ["code": "desktop.no-server"])
                logger.info("no desktop sound server: the simulated system stands in",
                            metadata: ["code": "system.simulated-fallback"])
                return SimulatedSystem(launch: launch)
            }
            do throws(PulseSystemError) {
                return overlay(try PulseSystem(timeout: Self.autoTimeout, logger: logger), launch: launch, logger: logger)
            } catch {
                // PulseSystem has said why, in one warning (desktop.no-server, desktop.server-timeout).
                logger.info("no desktop sound server: the simulated system stands in",
                            metadata: ["code": "system.simulated-fallback"])
                if case .timedOut = error { Self.steerOpenALAwayFromStuckServer(logger: logger) }
                return SimulatedSystem(launch: launch)
            }
        }
    }

    /// A server that accepts connections and never answers (stopped, or deadlocked) would hold
    /// OpenAL Soft 1.19.1 forever: its PulseAudio backend waits for the server with no time limit,
    /// at its first start and at every device it opens, and so does its ALSA backend where ALSA's
    /// default device is the sound server (as on every PulseAudio or PipeWire desktop). Before
    /// OpenAL Soft starts, and unless the game chose its backends itself (`ALSOFT_DRIVERS`), the
    /// game gets OpenAL Soft's null device instead: it runs, silent, in real time, rather than
    /// hanging in `gs_runtime_create`.
    private static func steerOpenALAwayFromStuckServer(logger: Logger) {
        guard getenv("ALSOFT_DRIVERS") == nil else { return }
        if OpenALProcess.setDrivers("null") {
            logger.warning("the sound server does not answer: the game runs silent on OpenAL Soft's null device (restart it once the server works)",
                           metadata: ["code": "output.server-avoided"])
        } else {
            logger.warning("OpenAL Soft already started on the sound server that no longer answers: opening the output may wait for it",
                           metadata: ["code": "output.server-unresponsive"])
        }
    }

    /// The desktop: the sound server, MPRIS players and logind (``DesktopSignalsSystem``), with the
    /// simulated switches on top. The session's silence cause is then the simulated switch, else the
    /// simulated lock, else logind's lock.
    private func overlay(_ server: PulseSystem, launch: LaunchState, logger: Logger) -> SimulatedSwitchesOverlay {
        let desktop = DesktopSignalsSystem(wrapping: server, logger: logger)
        return SimulatedSwitchesOverlay(wrapping: desktop, silentSwitch: launch.silentSwitch, screenLocked: launch.screenLocked)
    }

    /// The `GS_SYSTEM_` value of the system a runtime lives in: simulated or desktop.
    static func kind(of system: any SystemAudio) -> SystemChoice {
        system is SimulatedSystem ? .simulated : .desktop
    }
}
