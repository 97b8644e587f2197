// SPDX-License-Identifier: Zlib
import AudioSession
import Testing

@Suite("System actions")
struct SystemActionTests {
    static let everyAction: [SystemAction] = [
        .phoneRing, .phoneDecline, .phoneAccept, .phoneHangUp, .alarmFire, .alarmDismiss, .musicPlay, .musicPause,
        .otherAppActivate(category: .playback, options: [.mixWithOthers, .duckOthers]),
        .otherAppActivate(category: .soloAmbient, options: []),
        .otherAppDeactivate(notifyOthers: true), .otherAppDeactivate(notifyOthers: false),
        .silentSwitchOn, .silentSwitchOff, .screenLock, .screenUnlock,
        .routePlug(port: .headphones), .routeUnplug(port: .bluetoothA2DP),
        .mediaServicesLose, .mediaServicesReset, .appBackground, .appForeground, .volumeSet(0.75),
    ]

    @Test("every action's name and parameters parse back to the same action", arguments: everyAction)
    func roundTrip(action: SystemAction) throws {
        #expect(try SystemAction(name: action.name, parameters: action.parameters) == action)
    }

    @Test("the names are exactly the scenario vocabulary")
    func vocabulary() {
        let names = Set(Self.everyAction.map(\.name))
        #expect(names == [
            "phone.ring", "phone.decline", "phone.accept", "phone.hangUp", "alarm.fire", "alarm.dismiss",
            "music.play", "music.pause", "otherApp.activate", "otherApp.deactivate", "silentSwitch.on",
            "silentSwitch.off", "screen.lock", "screen.unlock", "route.plug", "route.unplug",
            "mediaServices.lose", "mediaServices.reset", "app.background", "app.foreground", "volume.set",
        ])
    }

    @Test("parse errors name the bad field", arguments: [
        ("phone.dial", [String: SystemActionParameter](), "system"),
        ("phone.ring", ["port": .string("headphones")], "port"),
        ("otherApp.activate", [:], "category"),
        ("otherApp.activate", ["category": .string("loud")], "category"),
        ("otherApp.activate", ["category": .string("playback"), "options": .strings(["loud"])], "options"),
        ("otherApp.activate", ["category": .string("playback"), "options": .string("mixWithOthers")], "options"),
        ("otherApp.deactivate", ["notifyOthers": .string("yes")], "notifyOthers"),
        ("route.plug", [:], "port"),
        ("route.unplug", ["port": .string("headphone")], "port"),
        ("volume.set", ["value": .number(1.5)], "value"),
        ("volume.set", ["value": .number(0.5), "gain": .number(1)], "gain"),
    ])
    func parseErrors(name: String, parameters: [String: SystemActionParameter], field: String) {
        #expect {
            _ = try SystemAction(name: name, parameters: parameters)
        } throws: { error in
            (error as? SystemActionParseError)?.field == field
        }
    }

    @Test("optional parameters take iOS defaults")
    func defaults() throws {
        #expect(try SystemAction(name: "otherApp.deactivate") == .otherAppDeactivate(notifyOthers: false))
        #expect(try SystemAction(name: "otherApp.activate", parameters: ["category": .string("ambient")])
            == .otherAppActivate(category: .ambient, options: []))
    }

    @Test("an action that makes no sense now is refused and changes nothing", arguments: [
        (SystemAction.phoneDecline, SystemActionError.Reason.noRingingCall),
        (.phoneAccept, .noRingingCall), (.phoneHangUp, .noCallInProgress), (.alarmDismiss, .alarmNotRinging),
        (.musicPause, .musicNotPlaying), (.otherAppDeactivate(notifyOthers: true), .otherAppNotActive),
        (.appForeground, .appAlreadyInForeground),
        (.otherAppActivate(category: .ambient, options: .defaultToSpeaker), .invalidCategoryOptions),
    ])
    func refusedActions(action: SystemAction, reason: SystemActionError.Reason) {
        let fixture = Fixture()
        fixture.activate(.soloAmbient)
        let before = SystemSnapshot(fixture.system)
        let status = fixture.session.status
        #expect(throws: SystemActionError(action: action, reason: reason)) { try fixture.system.perform(action) }
        #expect(SystemSnapshot(fixture.system) == before)
        #expect(fixture.session.status == status)
        #expect(fixture.recorder.all.isEmpty)
    }

    @Test("a second ring or alarm, or music or another app starting during a call, is refused")
    func refusedRepeats() {
        let fixture = Fixture(LaunchState(otherAudio: .music))
        fixture.perform(.otherAppActivate(category: .ambient, options: []), .alarmFire, .phoneRing)
        #expect(throws: SystemActionError(action: .phoneRing, reason: .callAlreadyInProgress)) {
            try fixture.system.perform(.phoneRing)
        }
        #expect(throws: SystemActionError(action: .alarmFire, reason: .alarmAlreadyRinging)) {
            try fixture.system.perform(.alarmFire)
        }
        #expect(throws: SystemActionError(action: .musicPlay, reason: .audioHeldByCallOrAlarm)) {
            try fixture.system.perform(.musicPlay)
        }
        let activate = SystemAction.otherAppActivate(category: .ambient, options: [])
        #expect(throws: SystemActionError(action: activate, reason: .audioHeldByCallOrAlarm)) {
            try fixture.system.perform(activate)
        }
    }

    @Test("the launch state sets up the peers, switch, lock and route")
    func launchState() {
        let system = SimulatedSystem(
            launch: LaunchState(otherAudio: .music, silentSwitch: true, screenLocked: true, route: .headphones))
        #expect(system.isMusicPlaying)
        #expect(system.silentSwitchOn)
        #expect(system.screenLocked)
        #expect(system.currentRoute.outputs == [.headphones])
        #expect(system.appState == .foreground)
        #expect(system.mediaServicesAvailable)
    }
}
