// SPDX-License-Identifier: Zlib
import GameSound
import PulseSystem
import DesktopSignals

extension Soundboard {
    /// The panel's line about the system: the simulated phone, alarm, music app, the app's state and
    /// the route, or what the desktop's sound server reports (other programs' streams, calls, the output).
    func systemLine(route: String) -> String {
        if let system = runtime.simulatedSystem {
            return "system      phone \(system.phoneState.rawValue), alarm \(system.isAlarmRinging ? "ringing" : "quiet")"
                + ", music \(system.isMusicPlaying ? "playing" : "paused"), app \(system.appState.name), route \(route)"
        }
        let signals = (desktopSwitches?.base ?? runtime.system) as? DesktopSignalsSystem
        if let desktop = (signals?.base ?? desktopSwitches?.base ?? runtime.system) as? PulseSystem {
            guard desktop.isServerAvailable else { return "desktop     sound server gone (waiting for it)" }
            let streams = desktop.otherStreams.map { stream in
                "\(stream.applicationName ?? "?")[\(stream.role ?? "no role")\(stream.isPlaying ? "" : ", paused")]"
            }
            return "desktop     call: \(desktop.isCallInProgress ? "YES" : "no")\(signals.map(Self.signalsWords) ?? "")"
                + ", output: \(desktop.defaultOutputName ?? "-")"
                + ", others: \(streams.isEmpty ? "none" : streams.joined(separator: ", "))"
        }
        return "system      \(type(of: runtime.system))"
    }

    /// What the desktop's buses say: the MPRIS players, logind's lock and sleep (each "off" when its
    /// bus is missing).
    static func signalsWords(_ signals: DesktopSignalsSystem) -> String {
        let music = signals.watchesPlayers ? (signals.isPlayerMusicPlaying ? "playing" : "quiet") : "off"
        let lock = signals.watchesLogind ? (signals.isAsleep ? "ASLEEP" : signals.isSessionLocked ? "LOCKED" : "unlocked") : "off"
        return ", players: \(music), session: \(lock)"
    }
}
