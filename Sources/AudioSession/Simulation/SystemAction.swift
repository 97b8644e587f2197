// SPDX-License-Identifier: Zlib
/// Something that happens to the simulated system: the `system` vocabulary of scenario files.
///
/// Each case has a ``name`` (`"phone.ring"`, `"route.plug"`, ...) and ``parameters`` that
/// round-trip through ``init(name:parameters:)``.
public enum SystemAction: Sendable, Hashable, CustomStringConvertible {
    /// `phone.ring`: a call rings; every active session is interrupted.
    case phoneRing
    /// `phone.decline`: the ringing call is declined; interrupted sessions may resume.
    case phoneDecline
    /// `phone.accept`: the ringing call is answered; sessions stay interrupted and the app goes to
    /// the background (suspended, since nothing of it plays).
    case phoneAccept
    /// `phone.hangUp`: the call in progress ends and the player returns to the app, which comes back
    /// to the foreground; no interruption end is posted (the app recovers as on any return).
    case phoneHangUp
    /// `alarm.fire`: an alarm rings; every active session is interrupted.
    case alarmFire
    /// `alarm.dismiss`: the alarm is dismissed or snoozed; interrupted sessions may resume.
    case alarmDismiss
    /// `music.play`: the music player starts (non-mixable); our non-mixable sessions are interrupted.
    case musicPlay
    /// `music.pause`: the music player stops and lets the sessions it interrupted resume.
    case musicPause
    /// `otherApp.activate`: another app activates a session with this category and options.
    ///
    /// The other app may do it again while active, to change its category or options (a
    /// navigation app turns on `duckOthers` for a spoken prompt, then goes back to
    /// `mixWithOthers`): the change takes effect at once, as a new activation would. Sessions it
    /// interrupted while non-mixable stay interrupted until ``otherAppDeactivate(notifyOthers:)``.
    case otherAppActivate(category: Category, options: CategoryOptions)
    /// `otherApp.deactivate`: the other app deactivates, telling others they may resume if `notifyOthers`.
    case otherAppDeactivate(notifyOthers: Bool)
    /// `silentSwitch.on`.
    case silentSwitchOn
    /// `silentSwitch.off`.
    case silentSwitchOff
    /// `screen.lock`.
    case screenLock
    /// `screen.unlock`.
    case screenUnlock
    /// `route.plug`: a device is plugged in and becomes the output (last in wins).
    case routePlug(port: Port)
    /// `route.unplug`: a device is pulled out.
    case routeUnplug(port: Port)
    /// `mediaServices.lose`: the media server dies.
    case mediaServicesLose
    /// `mediaServices.reset`: the media server restarts (losing first if it had not been lost).
    case mediaServicesReset
    /// `app.background`: the app leaves the screen; it is suspended unless an active session keeps it running.
    case appBackground
    /// `app.foreground`: the app returns to the screen.
    case appForeground
    /// `volume.set`: the output volume changes, 0 to 1.
    case volumeSet(Double)
    /// `session.overrideOutput`: the app overrides the output of its `playAndRecord` sessions
    /// (``AudioSession/overrideOutputAudioPort(_:)``), for scenario files.
    case sessionOverrideOutput(port: OutputPortOverride)

    /// The action's name in scenario files, for example `"otherApp.activate"`.
    public var name: String {
        switch self {
        case .phoneRing: "phone.ring"
        case .phoneDecline: "phone.decline"
        case .phoneAccept: "phone.accept"
        case .phoneHangUp: "phone.hangUp"
        case .alarmFire: "alarm.fire"
        case .alarmDismiss: "alarm.dismiss"
        case .musicPlay: "music.play"
        case .musicPause: "music.pause"
        case .otherAppActivate: "otherApp.activate"
        case .otherAppDeactivate: "otherApp.deactivate"
        case .silentSwitchOn: "silentSwitch.on"
        case .silentSwitchOff: "silentSwitch.off"
        case .screenLock: "screen.lock"
        case .screenUnlock: "screen.unlock"
        case .routePlug: "route.plug"
        case .routeUnplug: "route.unplug"
        case .mediaServicesLose: "mediaServices.lose"
        case .mediaServicesReset: "mediaServices.reset"
        case .appBackground: "app.background"
        case .appForeground: "app.foreground"
        case .volumeSet: "volume.set"
        case .sessionOverrideOutput: "session.overrideOutput"
        }
    }

    /// The action's parameters as a scenario file spells them (empty for most actions).
    public var parameters: [String: SystemActionParameter] {
        switch self {
        case .otherAppActivate(let category, let options):
            ["category": .string(category.name), "options": .strings(options.names)]
        case .otherAppDeactivate(let notifyOthers):
            ["notifyOthers": .bool(notifyOthers)]
        case .routePlug(let port), .routeUnplug(let port):
            ["port": .string(port.name)]
        case .volumeSet(let value):
            ["value": .number(value)]
        case .sessionOverrideOutput(let port):
            ["port": .string(port.name)]
        default:
            [:]
        }
    }

    /// The name followed by the parameters, for example `route.plug(port: "headphones")`.
    public var description: String {
        let parameters = self.parameters
        guard !parameters.isEmpty else { return name }
        let list = parameters.keys.sorted().map { "\($0): \(parameters[$0].map(String.init(describing:)) ?? "")" }
        return "\(name)(\(list.joined(separator: ", ")))"
    }
}
