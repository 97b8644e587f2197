// SPDX-License-Identifier: Zlib
import AudioSession

/// Everything a status display needs about a runtime, read at one instant under the runtime's lock,
/// so that no two lines of a display can disagree.
public struct RuntimeSnapshot: Sendable, Hashable {
    /// Where the runtime stands.
    public enum State: String, Sendable, Hashable {
        /// The session is active and the output runs.
        case running
        /// The system interrupted the session (a call, an alarm, another app, a suspension).
        case interrupted
        /// The session is not active for another reason (an activation the system refused, say).
        case inactive
        /// Media services are lost; the runtime waits for their reset.
        case mediaServicesLost
        /// The real output device went away; the runtime tries to reopen one.
        case awaitingDevice
        /// The runtime was shut down.
        case stopped
    }

    /// What the soundtrack does.
    public enum SoundtrackState: String, Sendable, Hashable {
        /// Heard now.
        case playing
        /// Paused by the game or the route policy, or held while the runtime is not running.
        case paused
        /// Held because other audio plays (the launch policy or the secondary-audio hint).
        case heldForOtherAudio
        /// No soundtrack.
        case stopped
    }

    /// Where the runtime stands.
    public var state: State
    /// The session as the system reports it.
    public var session: SessionStatus
    /// Why the system silences the output now, if it does.
    public var silenceCause: OutputSilenceCause?
    /// Whether another app ducks the game now.
    public var isDucked: Bool
    /// What the soundtrack does.
    public var soundtrack: SoundtrackState
    /// The soundtrack's position in frames of the track, if there is one.
    public var soundtrackPosition: Int?
    /// Effect voices sounding now, and the pool's size.
    public var voicesInUse: Int
    /// The pool's size.
    public var voices: Int
    /// The runtime's frame (rendered frames, or frames of wall time).
    public var frame: Int
    /// The sample rate frames count in.
    public var sampleRate: Int
    /// The output's and each layer's level over the last 50 ms, as ``GameSoundRuntime/levels`` reads them.
    public var levels: MixLevels
    /// Every bus as it stands, as ``GameSoundRuntime/buses`` reads them.
    public var buses: [BusStatus]

    /// One line on what the player hears right now, for example `effects + soundtrack`,
    /// `effects, soundtrack held (other audio), ducked -12 dB` or `silence - interrupted`.
    public var whatYouHear: String {
        switch state {
        case .interrupted: return "silence - interrupted"
        case .inactive: return "silence - session inactive"
        case .mediaServicesLost: return "silence - media services lost"
        case .awaitingDevice: return "silence - no output device"
        case .stopped: return "silence - stopped"
        case .running: break
        }
        if let silenceCause { return "silence - silenced (\(silenceCause.name))" }
        if busIs(.master, \.isMuted) { return "silence - master bus muted" }
        if busIs(.master, \.isPaused) { return "silence - master bus paused" }
        var heard = busIs(.effects, \.isPaused) ? "effects paused" : busIs(.effects, \.isMuted) ? "effects muted" : "effects"
        switch soundtrack {
        case .playing: heard += busIs(.music, \.isMuted) ? ", soundtrack muted" : " + soundtrack"
        case .heldForOtherAudio: heard += ", soundtrack held (other audio)"
        case .paused: heard += ", soundtrack paused"
        case .stopped: break
        }
        if isDucked { heard += ", ducked -12 dB" }
        return heard
    }

    /// Whether `bus` or a bus above it has the property (muted, paused).
    private func busIs(_ bus: BusName, _ property: KeyPath<BusStatus, Bool>) -> Bool {
        var name: BusName? = bus
        while let current = name, let status = buses.first(where: { $0.name == current }) {
            if status[keyPath: property] { return true }
            name = status.parent
        }
        return false
    }
}
