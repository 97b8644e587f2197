// SPDX-License-Identifier: Zlib
import Logging

/// The stable short codes of the desktop watchers' log messages, in each message's metadata under
/// "code" (docs/c-api.md lists them with the runtime's own).
enum DesktopLogCode: String, CaseIterable, Sendable {
    /// No session bus to connect to: MPRIS players are not seen, paused or resumed.
    case mprisNoBus = "mpris.no-bus"
    /// The session bus went away: MPRIS is off from now on.
    case mprisBusLost = "mpris.bus-lost"
    /// A player did not answer in time; it is left out until it reports a change itself.
    case mprisPlayerUnanswered = "mpris.player-unanswered"
    /// A player's answer was not what MPRIS promises (an unknown status, a wrong type); it is left out.
    case mprisPlayerInvalid = "mpris.player-invalid"
    /// A player went away in the middle of a call; it is forgotten.
    case mprisPlayerGone = "mpris.player-gone"
    /// Debug: a player the game paused reported another status before it reported the pause; the
    /// report is taken as stale (sent before the pause took effect), not as the person's doing.
    case mprisStaleStatus = "mpris.stale-status"
    /// The game's own MPRIS player could not be published (no session bus, or its name is taken):
    /// it is not in the desktop's media controls, and media keys do not reach it.
    case mprisPlayerUnpublished = "mpris.player-unpublished"
    /// No system bus to connect to, or no logind on it: the screen lock and sleep are not seen.
    case logindNoBus = "logind.no-bus"
    /// logind does not know the game's session: the screen lock is not seen (sleep still is).
    case logindNoSession = "logind.no-session"
    /// The system bus went away: the lock and sleep are not seen from now on.
    case logindBusLost = "logind.bus-lost"
    /// With logind off, the screen lock was asked of the desktop portal (`org.freedesktop.portal.Inhibit`
    /// `CreateMonitor`, as inside Flatpak), which is not there, refused, or did not answer: the
    /// screen lock is not seen.
    case portalUnavailable = "portal.unavailable"

    var metadata: Logger.Metadata { ["code": .string(rawValue)] }
}
