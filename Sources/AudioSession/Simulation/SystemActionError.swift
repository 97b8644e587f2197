// SPDX-License-Identifier: Zlib
/// Why the simulated system (or a runtime on a real one) refused an action; a refused action changes nothing.
public struct SystemActionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What made the action impossible in the system's current state.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// `phone.decline` or `phone.accept` with no ringing call.
        case noRingingCall
        /// `phone.hangUp` with no call in progress.
        case noCallInProgress
        /// `phone.ring` while a call rings or is in progress.
        case callAlreadyInProgress
        /// `alarm.dismiss` with no ringing alarm.
        case alarmNotRinging
        /// `alarm.fire` while an alarm rings.
        case alarmAlreadyRinging
        /// `music.play` while the music plays.
        case musicAlreadyPlaying
        /// `music.pause` while the music is not playing nor waiting to resume.
        case musicNotPlaying
        /// `otherApp.deactivate` while the other app is not active.
        case otherAppNotActive
        /// `otherApp.activate` with a category, mode and options that do not go together.
        case invalidCategoryOptions
        /// `music.play` or `otherApp.activate` during a call or a ringing alarm.
        case audioHeldByCallOrAlarm
        /// `route.plug` or `route.unplug` of a built-in port.
        case portNotPluggable
        /// `route.plug` of a port already plugged in.
        case portAlreadyPlugged
        /// `route.unplug` of a port not plugged in.
        case portNotPlugged
        /// `mediaServices.lose` while they are lost.
        case mediaServicesAlreadyLost
        /// `app.foreground` while the app is in the foreground.
        case appAlreadyInForeground
        /// `app.background` while the app is not in the foreground.
        case appNotInForeground
        /// `volume.set` outside 0...1.
        case volumeOutOfRange
        /// `session.overrideOutput` while no session of the app is in `playAndRecord`, the only
        /// category whose output can be overridden.
        case noPlayAndRecordSession
        /// Any action, on a runtime whose system takes none; or an action a system with simulated
        /// switches has no simulation for (the app's lifecycle on a desktop).
        case systemNotSimulated
        /// An action a real system reports itself (a call, other audio, a plug, the sound server):
        /// on the desktop only the desktop makes those happen.
        case reportedBySystem
    }

    /// The refused action.
    public let action: SystemAction
    /// Why it was refused.
    public let reason: Reason

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - action: The refused action.
    ///   - reason: Why.
    public init(action: SystemAction, reason: Reason) {
        self.action = action
        self.reason = reason
    }

    /// The action's name and the reason, for example `phone.decline: noRingingCall`.
    public var description: String { "\(action.name): \(reason.rawValue)" }
}
