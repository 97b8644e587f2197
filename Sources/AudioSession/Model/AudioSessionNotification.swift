// SPDX-License-Identifier: Zlib
/// Something the system tells a session.
///
/// Delivered to observers synchronously and in order; see ``AudioSession/addObserver(_:)``.
public enum AudioSessionNotification: Sendable, Hashable, CustomStringConvertible {
    /// The system deactivated the session: stop touching audio hardware.
    ///
    /// The session is already inactive when this arrives. `wasSuspended` is `true` when the
    /// interruption happened while the app was suspended and is only now reported.
    case interruptionBegan(reason: InterruptionReason, wasSuspended: Bool)
    /// The interruption is over; the session is still inactive and must be reactivated.
    ///
    /// `shouldResume` tells a media-style app to resume playback; a game resumes either way.
    case interruptionEnded(shouldResume: Bool)
    /// The session's route changed, for a `reason`, from the `previous` route.
    case routeChanged(reason: RouteChangeReason, previous: RouteDescription)
    /// The secondary-audio hint flipped: `began` is `true` when another app's non-mixable
    /// audio started, `false` when it stopped.
    case silenceSecondaryAudioHint(began: Bool)
    /// The media server died: every audio object is dead and the session is inactive.
    case mediaServicesLost
    /// The media server is back: the session is back to its defaults; set it up again.
    case mediaServicesReset
    /// The system's media controls sent a command to the app; only a session that published
    /// now-playing information (``AudioSession/setNowPlayingInfo(_:)``) receives them.
    case remoteCommand(RemoteCommand)

    /// The notification's name, matching the event log: `interruptionBegan`,
    /// `interruptionEnded`, `routeChanged`, `secondaryHintBegan`, `secondaryHintEnded`,
    /// `mediaServicesLost`, `mediaServicesReset` or `remoteCommand`.
    public var name: String {
        switch self {
        case .interruptionBegan: "interruptionBegan"
        case .interruptionEnded: "interruptionEnded"
        case .routeChanged: "routeChanged"
        case .silenceSecondaryAudioHint(let began): began ? "secondaryHintBegan" : "secondaryHintEnded"
        case .mediaServicesLost: "mediaServicesLost"
        case .mediaServicesReset: "mediaServicesReset"
        case .remoteCommand: "remoteCommand"
        }
    }

    /// The name with its details, for example `interruptionBegan(reason: default, wasSuspended: false)`.
    public var description: String {
        switch self {
        case .interruptionBegan(let reason, let wasSuspended):
            "interruptionBegan(reason: \(reason), wasSuspended: \(wasSuspended))"
        case .interruptionEnded(let shouldResume):
            "interruptionEnded(shouldResume: \(shouldResume))"
        case .routeChanged(let reason, let previous):
            "routeChanged(reason: \(reason), previous: \(previous))"
        case .remoteCommand(let command):
            "remoteCommand(\(command))"
        default:
            name
        }
    }
}
