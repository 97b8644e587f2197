// SPDX-License-Identifier: Zlib
import AudioSession
import Testing

@Suite("Secondary-audio hint")
struct HintTests {
    @Test("the hint is true for non-mixable other audio only; isOtherAudioPlaying for any")
    func hintValues() {
        let music = Fixture(LaunchState(otherAudio: .music))
        #expect(music.session.isOtherAudioPlaying)
        #expect(music.session.secondaryAudioShouldBeSilencedHint)

        let mixable = Fixture(LaunchState(otherAudio: .mixable))
        #expect(mixable.session.isOtherAudioPlaying)
        #expect(!mixable.session.secondaryAudioShouldBeSilencedHint)

        let quiet = Fixture()
        #expect(!quiet.session.isOtherAudioPlaying)
        #expect(!quiet.session.secondaryAudioShouldBeSilencedHint)
    }

    @Test("the hint notification does not reach an inactive session")
    func hintNotForInactive() {
        let fixture = Fixture()
        fixture.perform(.musicPlay, .musicPause)
        #expect(fixture.recorder.all.isEmpty)
    }

    @Test("the hint notification does not reach an app in the background")
    func hintNotInBackground() throws {
        let fixture = Fixture()
        fixture.activate(.playback, options: .mixWithOthers)
        fixture.session.setAudioIORunning(true)
        fixture.perform(.appBackground)
        #expect(fixture.system.appState == .background)
        fixture.perform(.musicPlay)
        #expect(fixture.session.secondaryAudioShouldBeSilencedHint)
        #expect(fixture.recorder.all.isEmpty)
    }

    @Test("a mixable peer does not flip the hint")
    func mixablePeer() {
        let fixture = Fixture()
        fixture.activate(.ambient)
        fixture.perform(.otherAppActivate(category: .playback, options: .duckOthers))
        #expect(fixture.session.isOtherAudioPlaying)
        #expect(fixture.recorder.all.isEmpty)
    }
}

@Suite("Routes")
struct RouteTests {
    @Test("plugging headphones moves an active session to them with newDeviceAvailable")
    func plugHeadphones() {
        let fixture = Fixture()
        fixture.activate(.soloAmbient)
        fixture.perform(.routePlug(port: .headphones))
        #expect(fixture.recorder.take() == [
            .routeChanged(reason: .newDeviceAvailable, previous: RouteDescription(outputs: [.builtInSpeaker]))
        ])
        #expect(fixture.session.currentRoute.outputs == [.headphones])
    }

    @Test("the last device plugged in wins and pulling it goes back to the one before")
    func lastInWins() {
        let fixture = Fixture()
        fixture.activate(.playback)
        fixture.perform(.routePlug(port: .headphones), .routePlug(port: .usbAudio))
        #expect(fixture.session.currentRoute.outputs == [.usbAudio])
        _ = fixture.recorder.take()
        fixture.perform(.routeUnplug(port: .headphones))
        #expect(fixture.recorder.take().isEmpty, "pulling a device that is not in use changes nothing")
        fixture.perform(.routeUnplug(port: .usbAudio))
        #expect(fixture.session.currentRoute.outputs == [.builtInSpeaker])
        #expect(fixture.recorder.take() == [
            .routeChanged(reason: .oldDeviceUnavailable, previous: RouteDescription(outputs: [.usbAudio]))
        ])
    }

    @Test("playAndRecord goes to the receiver unless defaultToSpeaker")
    func receiverVersusSpeaker() throws {
        let fixture = Fixture()
        try fixture.session.setCategory(.playAndRecord)
        #expect(fixture.session.currentRoute.outputs == [.builtInReceiver])
        #expect(fixture.session.currentRoute.inputs == [.builtInMic])
        try fixture.session.setCategory(.playAndRecord, options: .defaultToSpeaker)
        #expect(fixture.session.currentRoute.outputs == [.builtInSpeaker])
        fixture.perform(.routePlug(port: .headsetMic))
        #expect(fixture.session.currentRoute.inputs == [.headsetMic])
    }

    @Test("multiRoute uses every plugged output at once")
    func multiRoute() throws {
        let fixture = Fixture()
        try fixture.session.setCategory(.multiRoute)
        fixture.perform(.routePlug(port: .headphones), .routePlug(port: .HDMI))
        #expect(fixture.session.currentRoute.outputs == [.HDMI, .headphones])
        #expect(fixture.session.currentRoute.name == "HDMI+headphones")
    }

    @Test("Bluetooth hands-free is used only by playAndRecord with allowBluetooth")
    func bluetoothHFP() throws {
        let fixture = Fixture()
        fixture.perform(.routePlug(port: .bluetoothHFP))
        try fixture.session.setCategory(.playback)
        #expect(fixture.session.currentRoute.outputs == [.builtInSpeaker])
        try fixture.session.setCategory(.playAndRecord, options: .allowBluetooth)
        #expect(fixture.session.currentRoute.outputs == [.bluetoothHFP])
        #expect(fixture.session.currentRoute.inputs == [.bluetoothHFP])
    }

    @Test("an inactive session hears no route change")
    func inactiveNoRouteChange() {
        let fixture = Fixture()
        fixture.perform(.routePlug(port: .headphones), .routeUnplug(port: .headphones))
        #expect(fixture.recorder.all.isEmpty)
    }

    @Test("built-in ports cannot be plugged and a port cannot be plugged twice or pulled when absent")
    func routeErrors() {
        let system = SimulatedSystem()
        #expect(throws: SystemActionError(action: .routePlug(port: .builtInSpeaker), reason: .portNotPluggable)) {
            try system.perform(.routePlug(port: .builtInSpeaker))
        }
        #expect(throws: SystemActionError(action: .routeUnplug(port: .headphones), reason: .portNotPlugged)) {
            try system.perform(.routeUnplug(port: .headphones))
        }
        #expect(throws: Never.self) { try system.perform(.routePlug(port: .headphones)) }
        #expect(throws: SystemActionError(action: .routePlug(port: .headphones), reason: .portAlreadyPlugged)) {
            try system.perform(.routePlug(port: .headphones))
        }
        #expect(system.pluggedPorts == [.headphones])
    }

    @Test("the output volume is the system's and volume.set outside 0...1 is refused")
    func volume() {
        let fixture = Fixture()
        fixture.perform(.volumeSet(0.25))
        #expect(fixture.session.outputVolume == 0.25)
        #expect(throws: SystemActionError(action: .volumeSet(1.5), reason: .volumeOutOfRange)) {
            try fixture.system.perform(.volumeSet(1.5))
        }
        #expect(fixture.session.outputVolume == 0.25)
    }

    @Test("overrideOutputAudioPort(.speaker) moves playAndRecord to the speaker with reason override, and .none moves it back")
    func outputOverride() throws {
        let fixture = Fixture()
        fixture.activate(.playAndRecord)
        let receiver = fixture.session.currentRoute
        #expect(receiver.outputs == [.builtInReceiver])
        try fixture.session.overrideOutputAudioPort(.speaker)
        #expect(fixture.session.currentRoute.outputs == [.builtInSpeaker])
        #expect(fixture.recorder.take() == [.routeChanged(reason: .override, previous: receiver)])
        let speaker = fixture.session.currentRoute
        try fixture.session.overrideOutputAudioPort(.none)
        #expect(fixture.session.currentRoute == receiver)
        #expect(fixture.recorder.take() == [.routeChanged(reason: .override, previous: speaker)])
    }

    @Test("the speaker override wins over plugged headphones")
    func overrideBeatsHeadphones() throws {
        let fixture = Fixture(LaunchState(route: .headphones))
        fixture.activate(.playAndRecord)
        #expect(fixture.session.currentRoute.outputs == [.headphones])
        try fixture.session.overrideOutputAudioPort(.speaker)
        #expect(fixture.session.currentRoute.outputs == [.builtInSpeaker])
    }

    @Test("overrideOutputAudioPort outside playAndRecord is badParam and changes nothing", arguments: [
        Category.ambient, .soloAmbient, .playback, .record, .multiRoute,
    ])
    func overrideRefused(category: Category) {
        let fixture = Fixture()
        fixture.activate(category)
        expectRefusal(.badParam, fixture) { () throws(AudioSessionError) in
            try fixture.session.overrideOutputAudioPort(.speaker)
        }
        #expect(fixture.recorder.all.isEmpty)
    }

    @Test("a category change drops the override")
    func categoryChangeDropsOverride() throws {
        let fixture = Fixture()
        fixture.activate(.playAndRecord)
        try fixture.session.overrideOutputAudioPort(.speaker)
        try fixture.session.setCategory(.soloAmbient)
        try fixture.session.setCategory(.playAndRecord)
        #expect(fixture.session.currentRoute.outputs == [.builtInReceiver])
    }

    @Test("the session.overrideOutput system action overrides the app's playAndRecord sessions, refused with none")
    func overrideAction() throws {
        let fixture = Fixture()
        fixture.activate(.soloAmbient)
        #expect(throws: SystemActionError(action: .sessionOverrideOutput(port: .speaker), reason: .noPlayAndRecordSession)) {
            try fixture.system.perform(.sessionOverrideOutput(port: .speaker))
        }
        try fixture.session.setCategory(.playAndRecord)
        _ = fixture.recorder.take()
        fixture.perform(.sessionOverrideOutput(port: .speaker))
        #expect(fixture.session.currentRoute.outputs == [.builtInSpeaker])
        #expect(try SystemAction(name: "session.overrideOutput", parameters: ["port": .string("none")])
            == .sessionOverrideOutput(port: .none))
    }
}
