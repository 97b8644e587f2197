// SPDX-License-Identifier: Zlib
import AudioSession
import Synchronization
import Testing

@Suite("Interruptions")
struct InterruptionTests {
    @Test("a phone call interrupts an active session of every category", arguments: Category.allCases)
    func phoneInterruptsEveryone(category: Category) {
        let fixture = Fixture()
        fixture.activate(category)
        fixture.perform(.phoneRing)
        #expect(fixture.recorder.take() == [began])
        #expect(!fixture.session.isActive)
        #expect(fixture.session.isInterrupted)
        #expect(!fixture.session.mayRunOutput)
        fixture.perform(.phoneDecline)
        #expect(fixture.recorder.take() == [.interruptionEnded(shouldResume: true)])
        #expect(!fixture.session.isActive, "the session is still inactive after the end")
        #expect(!fixture.session.isInterrupted)
    }

    @Test("an answered call is a begin without an end: the app goes to the background and hang-up brings it back with no end")
    func acceptedCall() throws {
        let fixture = Fixture()
        fixture.activate(.ambient)
        fixture.perform(.phoneRing, .phoneAccept)
        #expect(fixture.recorder.take() == [began])
        #expect(fixture.system.appState == .suspended, "nothing of the app plays during the call")
        fixture.perform(.phoneHangUp)
        #expect(fixture.recorder.take().isEmpty, "no interruptionEnded after an answered call")
        #expect(fixture.system.appState == .foreground, "the player returns to the app")
        #expect(fixture.session.isInterrupted)
        try fixture.session.setActive(true)
        #expect(fixture.session.isActive)
    }

    @Test("an answered call does not move an app that was already in the background, and hang-up leaves it there")
    func acceptedCallInBackground() {
        let fixture = Fixture()
        fixture.activate(.ambient)
        fixture.perform(.appBackground, .phoneRing, .phoneAccept, .phoneHangUp)
        #expect(fixture.system.appState == .suspended)
    }

    @Test("an answered call under a ringing alarm: hang-up hands the interruption to the alarm, whose dismissal ends it")
    func acceptedCallWithAlarm() {
        let fixture = Fixture()
        fixture.activate(.ambient)
        fixture.perform(.phoneRing, .phoneAccept, .alarmFire, .phoneHangUp)
        #expect(fixture.recorder.take() == [began])
        fixture.perform(.alarmDismiss)
        #expect(fixture.recorder.take() == [.interruptionEnded(shouldResume: true)])
    }

    @Test("an alarm interrupts every active session and its dismissal ends the interruption")
    func alarm() {
        let fixture = Fixture()
        fixture.activate(.playback, options: .mixWithOthers)
        fixture.perform(.alarmFire)
        #expect(fixture.recorder.take() == [began])
        fixture.perform(.alarmDismiss)
        #expect(fixture.recorder.take() == [.interruptionEnded(shouldResume: true)])
    }

    @Test("an inactive session is not interrupted and hears nothing")
    func inactiveNotInterrupted() {
        let fixture = Fixture()
        fixture.perform(.phoneRing, .phoneDecline, .alarmFire, .alarmDismiss, .musicPlay)
        fixture.perform(.otherAppActivate(category: .playback, options: []), .otherAppDeactivate(notifyOthers: true))
        #expect(fixture.recorder.all.isEmpty)
        #expect(!fixture.session.isInterrupted)
    }

    @Test("observers hear began only after the session became inactive")
    func orderOnBegin() {
        let fixture = Fixture()
        fixture.activate(.soloAmbient)
        let seen = Mutex<[Bool]>([])
        let session = fixture.session
        session.addObserver { [weak session] notification in
            if case .interruptionBegan = notification, let session {
                seen.withLock { $0.append(session.isActive || session.mayRunOutput) }
            }
        }
        fixture.perform(.phoneRing)
        #expect(seen.withLock { $0 } == [false])
    }

    @Test("another app going non-mixable interrupts only non-mixable sessions", arguments: [
        (Category.soloAmbient, CategoryOptions(), true), (Category.playback, CategoryOptions(), true),
        (Category.ambient, CategoryOptions(), false), (Category.playback, CategoryOptions.mixWithOthers, false),
        (Category.playAndRecord, CategoryOptions.duckOthers, false),
    ])
    func otherAppInterrupts(category: Category, options: CategoryOptions, interrupted: Bool) {
        let fixture = Fixture()
        fixture.activate(category, options: options)
        fixture.perform(.otherAppActivate(category: .playback, options: []))
        #expect(fixture.session.isInterrupted == interrupted)
        #expect(fixture.session.isActive == !interrupted)
        #expect(fixture.recorder.take() == (interrupted ? [began] : [.silenceSecondaryAudioHint(began: true)]))
    }

    @Test("a mixable session gets the secondary hint instead of an interruption")
    func mixableGetsHint() {
        let fixture = Fixture()
        fixture.activate(.ambient)
        fixture.perform(.musicPlay)
        #expect(fixture.recorder.take() == [.silenceSecondaryAudioHint(began: true)])
        #expect(fixture.session.isActive)
        #expect(fixture.session.secondaryAudioShouldBeSilencedHint)
        fixture.perform(.musicPause)
        #expect(fixture.recorder.take() == [.silenceSecondaryAudioHint(began: false)])
    }

    @Test("another app's deactivation ends the interruption, with shouldResume only if it notified others",
          arguments: [true, false])
    func otherAppEnds(notify: Bool) {
        let fixture = Fixture()
        fixture.activate(.soloAmbient)
        fixture.perform(.otherAppActivate(category: .playback, options: []))
        _ = fixture.recorder.take()
        fixture.perform(.otherAppDeactivate(notifyOthers: notify))
        #expect(fixture.recorder.take() == [.interruptionEnded(shouldResume: notify)])
    }

    @Test("the music player starting interrupts a soloAmbient game and pausing lets it resume")
    func musicInterrupts() {
        let fixture = Fixture()
        fixture.activate(.soloAmbient)
        fixture.perform(.musicPlay)
        #expect(fixture.recorder.take() == [began])
        fixture.perform(.musicPause)
        #expect(fixture.recorder.take() == [.interruptionEnded(shouldResume: true)])
    }

    @Test("a begin without an end, then foreground")
    func suspendedBeginWithoutEnd() throws {
        let fixture = Fixture()
        fixture.activate(.soloAmbient)
        fixture.perform(.appBackground)
        #expect(fixture.system.appState == .suspended)
        #expect(!fixture.session.isActive)
        #expect(!fixture.session.mayRunOutput)
        #expect(fixture.recorder.take().isEmpty, "a suspended app hears nothing")
        fixture.perform(.appForeground)
        #expect(fixture.recorder.take() == [.interruptionBegan(reason: .appWasSuspended, wasSuspended: true)])
        #expect(fixture.session.isInterrupted)
        try fixture.session.setActive(true)
        #expect(fixture.session.isActive)
        #expect(!fixture.session.isInterrupted)
        #expect(fixture.recorder.take().isEmpty, "no end ever comes")
    }

    @Test("an app with an active playback session that plays keeps running in the background and is not interrupted")
    func playbackKeepsRunning() {
        let fixture = Fixture()
        fixture.activate(.playback)
        fixture.session.setAudioIORunning(true)
        fixture.perform(.appBackground)
        #expect(fixture.system.appState == .background)
        fixture.perform(.appForeground)
        #expect(fixture.session.isActive)
        #expect(fixture.recorder.all.isEmpty)
    }

    @Test("an app in the background with an active playback session that plays nothing is suspended like any other")
    func idlePlaybackIsSuspended() {
        let fixture = Fixture()
        fixture.activate(.playback)
        fixture.perform(.appBackground)
        #expect(fixture.system.appState == .suspended)
        #expect(!fixture.session.isActive)
        #expect(fixture.recorder.take().isEmpty, "a suspended app hears nothing")
        fixture.perform(.appForeground)
        #expect(fixture.recorder.take() == [.interruptionBegan(reason: .appWasSuspended, wasSuspended: true)])
    }

    @Test("a session that opted in is interrupted with routeDisconnected when its output is pulled")
    func routeDisconnected() {
        let fixture = Fixture(LaunchState(route: .headphones))
        fixture.session.setPrefersInterruptionOnRouteDisconnect(true)
        fixture.activate(.playback)
        fixture.perform(.routeUnplug(port: .headphones))
        #expect(fixture.recorder.take() == [
            .routeChanged(reason: .oldDeviceUnavailable, previous: RouteDescription(outputs: [.headphones])),
            .interruptionBegan(reason: .routeDisconnected, wasSuspended: false),
        ])
        #expect(!fixture.session.isActive)
    }

    @Test("without the opt-in, pulling the output only changes the route")
    func routeDisconnectedNotOptedIn() {
        let fixture = Fixture(LaunchState(route: .headphones))
        fixture.activate(.playback)
        fixture.perform(.routeUnplug(port: .headphones))
        #expect(fixture.recorder.take() == [
            .routeChanged(reason: .oldDeviceUnavailable, previous: RouteDescription(outputs: [.headphones]))
        ])
        #expect(fixture.session.isActive)
    }

    @Test("an interruption that ends while a call still holds the audio waits for the call to end")
    func endDeferredWhileCall() {
        let fixture = Fixture()
        fixture.activate(.soloAmbient)
        fixture.perform(.alarmFire, .phoneRing, .alarmDismiss)
        #expect(fixture.recorder.take() == [began])
        #expect(fixture.session.isInterrupted)
        fixture.perform(.phoneDecline)
        #expect(fixture.recorder.take() == [.interruptionEnded(shouldResume: true)])
    }

    @Test("the music resumes after a call that interrupted it")
    func musicResumesAfterCall() {
        let fixture = Fixture(LaunchState(otherAudio: .music))
        fixture.perform(.phoneRing)
        #expect(!fixture.system.isMusicPlaying)
        fixture.perform(.phoneDecline)
        #expect(fixture.system.isMusicPlaying)
    }
}
