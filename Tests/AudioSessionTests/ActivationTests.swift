// SPDX-License-Identifier: Zlib
import AudioSession
import Testing

@Suite("Activation")
struct ActivationTests {
    @Test("activation during a call fails with insufficientPriority and changes nothing", arguments: [
        [SystemAction.phoneRing], [.phoneRing, .phoneAccept], [.alarmFire],
    ])
    func activationDuringCall(actions: [SystemAction]) {
        let fixture = Fixture(LaunchState(otherAudio: .music))
        for action in actions { fixture.perform(action) }
        for category in [Category.ambient, .soloAmbient, .playback] {
            #expect(throws: Never.self) { try fixture.session.setCategory(category) }
            expectRefusal(.insufficientPriority, fixture) { () throws(AudioSessionError) in
                try fixture.session.setActive(true)
            }
        }
    }

    @Test("a non-mixable activation in the background fails with cannotInterruptOthers; a mixable one succeeds")
    func backgroundActivation() throws {
        let fixture = Fixture()
        let keeper = AudioSession(system: fixture.system)
        try keeper.setCategory(.playback)
        try keeper.setActive(true)
        keeper.setAudioIORunning(true)
        fixture.perform(.appBackground)
        try fixture.session.setCategory(.playback)
        expectRefusal(.cannotInterruptOthers, fixture) { () throws(AudioSessionError) in
            try fixture.session.setActive(true)
        }
        try fixture.session.setCategory(.playback, options: .mixWithOthers)
        try fixture.session.setActive(true)
        #expect(fixture.session.isActive)
    }

    @Test("activation while media services are lost fails with mediaServicesFailed and changes nothing")
    func activationWithoutMediaServices() {
        let fixture = Fixture()
        fixture.perform(.mediaServicesLose)
        _ = fixture.recorder.take()
        expectRefusal(.mediaServicesFailed, fixture) { () throws(AudioSessionError) in
            try fixture.session.setActive(true)
        }
    }

    @Test("a non-mixable activation interrupts the music and a mixable one lets it play")
    func activationAndMusic() throws {
        let stopped = Fixture(LaunchState(otherAudio: .music))
        stopped.activate(.soloAmbient)
        #expect(!stopped.system.isMusicPlaying)
        #expect(stopped.system.isMusicWaitingToResume)
        #expect(!stopped.session.isOtherAudioPlaying)

        let mixed = Fixture(LaunchState(otherAudio: .music))
        mixed.activate(.ambient)
        #expect(mixed.system.isMusicPlaying)
        #expect(mixed.session.isOtherAudioPlaying)
        #expect(!mixed.system.areOthersDucked)
    }

    @Test("deactivating with notifyOthers lets the music resume")
    func deactivateWithNotify() throws {
        let fixture = Fixture(LaunchState(otherAudio: .music))
        fixture.activate(.soloAmbient)
        try fixture.session.setActive(false, options: .notifyOthersOnDeactivation)
        #expect(fixture.system.isMusicPlaying)
        #expect(!fixture.session.isActive)
    }

    @Test("deactivating without notifyOthers leaves the music paused")
    func deactivateWithoutNotify() throws {
        let fixture = Fixture(LaunchState(otherAudio: .music))
        fixture.activate(.soloAmbient)
        try fixture.session.setActive(false)
        #expect(!fixture.system.isMusicPlaying)
        #expect(!fixture.system.isMusicWaitingToResume)
    }

    @Test("a non-mixable activation spares a mixable peer: it plays on")
    func mixablePeerPlaysOn() throws {
        let fixture = Fixture(LaunchState(otherAudio: .mixable))
        #expect(fixture.system.isOtherAppPlaying)
        fixture.activate(.playback)
        #expect(fixture.system.isOtherAppPlaying)
        try fixture.session.setCategory(.soloAmbient)
        #expect(fixture.system.isOtherAppPlaying, "a category change to non-mixable spares it too")
    }

    @Test("another app interrupted by our activation resumes only when we notify others", arguments: [true, false])
    func otherAppResumes(notify: Bool) throws {
        let fixture = Fixture()
        fixture.perform(.otherAppActivate(category: .playback, options: []))
        #expect(fixture.system.isOtherAppPlaying)
        fixture.activate(.playback)
        #expect(!fixture.system.isOtherAppPlaying)
        try fixture.session.setActive(false, options: notify ? .notifyOthersOnDeactivation : [])
        #expect(fixture.system.isOtherAppPlaying == notify)
    }

    @Test("duckOthers lowers playing peers while active and restores them on deactivation")
    func ducking() throws {
        let fixture = Fixture(LaunchState(otherAudio: .music))
        fixture.activate(.playback, options: .duckOthers)
        #expect(fixture.system.isMusicPlaying)
        #expect(fixture.system.areOthersDucked)
        try fixture.session.setActive(false)
        #expect(fixture.system.isMusicPlaying)
        #expect(!fixture.system.areOthersDucked)
    }

    @Test("being ducked: a duckOthers peer lowers an active mixable session until it deactivates")
    func beingDucked() throws {
        let fixture = Fixture()
        fixture.activate(.ambient)
        fixture.perform(.otherAppActivate(category: .playback, options: .duckOthers))
        #expect(fixture.session.isDucked)
        #expect(fixture.session.isActive, "a mixable peer interrupts nobody")
        fixture.perform(.otherAppDeactivate(notifyOthers: false))
        #expect(!fixture.session.isDucked)
        #expect(fixture.recorder.all.isEmpty, "iOS tells an app nothing about ducking")
    }

    @Test("being ducked: a non-mixable session is neither ducked nor interrupted by a duckOthers peer")
    func nonMixableNotDucked() {
        let fixture = Fixture()
        fixture.activate(.soloAmbient)
        fixture.perform(.otherAppActivate(category: .playback, options: .duckOthers))
        #expect(!fixture.session.isDucked)
        #expect(fixture.session.isActive)
        #expect(fixture.recorder.all.isEmpty)
    }

    @Test("being ducked: only an active session is ducked, and a peer without duckOthers ducks nobody")
    func duckNeedsActiveSessionAndDuckingPeer() throws {
        let fixture = Fixture()
        try fixture.session.setCategory(.ambient)
        fixture.perform(.otherAppActivate(category: .playback, options: .duckOthers))
        #expect(!fixture.session.isDucked)
        try fixture.session.setActive(true)
        #expect(fixture.session.isDucked)
        fixture.perform(.otherAppDeactivate(notifyOthers: false), .otherAppActivate(category: .playback, options: .mixWithOthers))
        #expect(!fixture.session.isDucked)
    }

    @Test("deactivation while audio I/O runs fails with isBusy and changes nothing")
    func deactivateWhileBusy() throws {
        let fixture = Fixture(LaunchState(otherAudio: .music))
        fixture.activate(.soloAmbient)
        fixture.session.setAudioIORunning(true)
        expectRefusal(.isBusy, fixture) { () throws(AudioSessionError) in
            try fixture.session.setActive(false, options: .notifyOthersOnDeactivation)
        }
        fixture.session.setAudioIORunning(false)
        try fixture.session.setActive(false, options: .notifyOthersOnDeactivation)
        #expect(!fixture.session.isActive)
        #expect(fixture.system.isMusicPlaying)
    }

    @Test("activating an active session and deactivating an inactive one do nothing")
    func idempotentActivation() throws {
        let fixture = Fixture()
        try fixture.session.setActive(false)
        fixture.activate(.soloAmbient)
        try fixture.session.setActive(true)
        #expect(fixture.session.isActive)
        #expect(fixture.session.mayRunOutput)
        #expect(fixture.recorder.all.isEmpty)
    }

    @Test("mayRunOutput follows activation")
    func mayRunOutput() throws {
        let fixture = Fixture()
        #expect(!fixture.session.mayRunOutput)
        fixture.activate(.ambient)
        #expect(fixture.session.mayRunOutput)
        try fixture.session.setActive(false)
        #expect(!fixture.session.mayRunOutput)
    }
}
