// SPDX-License-Identifier: Zlib
import AudioSession
import Testing

/// iOS 17's Now Playing rule: the session shown in the media controls hears a headphone disconnect
/// as an interruption, not only as a route change.
@Suite("Now Playing")
struct NowPlayingTests {
    private let pulled = AudioSessionNotification.routeChanged(
        reason: .oldDeviceUnavailable, previous: RouteDescription(outputs: [.headphones]))
    private let disconnected = AudioSessionNotification.interruptionBegan(reason: .routeDisconnected, wasSuspended: false)

    /// A session on headphones, active in `category`, its I/O running as `playing` says.
    private func fixture(_ category: Category, playing: Bool = true, info: NowPlayingInfo? = .init(title: "Theme")) -> Fixture {
        let fixture = Fixture(LaunchState(route: .headphones))
        fixture.activate(category)
        fixture.session.setAudioIORunning(playing)
        fixture.session.setNowPlayingInfo(info)
        return fixture
    }

    @Test("a playing playback session that published its info is Now Playing and is interrupted by the unplug")
    func nowPlayingInterrupted() {
        let fixture = fixture(.playback)
        #expect(fixture.session.isNowPlaying)
        #expect(fixture.session.nowPlayingInfo == NowPlayingInfo(title: "Theme"))
        fixture.perform(.routeUnplug(port: .headphones))
        #expect(fixture.recorder.take() == [pulled, disconnected])
        #expect(!fixture.session.isActive)
        #expect(fixture.session.isInterrupted)
        #expect(!fixture.session.isNowPlaying)
    }

    @Test("without published info, a playing playback session only hears the route change")
    func withoutInfo() {
        let fixture = fixture(.playback, info: nil)
        #expect(!fixture.session.isNowPlaying)
        fixture.perform(.routeUnplug(port: .headphones))
        #expect(fixture.recorder.take() == [pulled])
        #expect(fixture.session.isActive)
    }

    @Test("withdrawn info: no longer Now Playing", arguments: [true, false])
    func withdrawn(republish: Bool) {
        let fixture = fixture(.playback)
        fixture.session.setNowPlayingInfo(nil)
        if republish { fixture.session.setNowPlayingInfo(.init(title: "Again")) }
        #expect(fixture.session.isNowPlaying == republish)
        fixture.perform(.routeUnplug(port: .headphones))
        #expect(fixture.recorder.take() == (republish ? [pulled, disconnected] : [pulled]))
    }

    @Test("a session that is not playing, or not in playback, is not Now Playing", arguments: [
        (Category.playback, false), (.soloAmbient, true), (.ambient, true), (.playAndRecord, true),
    ])
    func notNowPlaying(category: Category, playing: Bool) {
        let fixture = fixture(category, playing: playing)
        #expect(!fixture.session.isNowPlaying)
        fixture.perform(.routeUnplug(port: .headphones))
        // playAndRecord's route also shows its input: compare the names only.
        #expect(fixture.recorder.take().map(\.name) == ["routeChanged"])
        #expect(fixture.session.isActive)
    }

    @Test("a Now Playing session whose I/O stops for a while (a paused track, a device reopening) stays Now Playing")
    func staysWhileIOStops() {
        let fixture = fixture(.playback)
        fixture.session.setAudioIORunning(false)
        #expect(fixture.session.isNowPlaying)
        fixture.perform(.routeUnplug(port: .headphones))
        #expect(fixture.recorder.take() == [pulled, disconnected])
    }

    @Test("an interruption ends Now Playing until the session plays again after reactivating")
    func interruptionEndsIt() throws {
        let fixture = fixture(.playback)
        fixture.session.setAudioIORunning(false)
        fixture.perform(.phoneRing, .phoneDecline)
        try fixture.session.setActive(true)
        #expect(!fixture.session.isNowPlaying)
        fixture.session.setAudioIORunning(true)
        #expect(fixture.session.isNowPlaying)
    }

    @Test("an inactive session that published info is not Now Playing until it activates")
    func inactive() throws {
        let fixture = Fixture(LaunchState(route: .headphones))
        try fixture.session.setCategory(.playback)
        fixture.session.setNowPlayingInfo(.init(title: "Theme"))
        #expect(!fixture.session.isNowPlaying)
        try fixture.session.setActive(true)
        fixture.session.setAudioIORunning(true)
        #expect(fixture.session.isNowPlaying)
    }

    @Test("only the output that was pulled interrupts: unplugging a device the session does not play on does nothing")
    func otherDevice() {
        let fixture = Fixture(LaunchState(route: .headphones))
        fixture.perform(.routePlug(port: .usbAudio))
        fixture.activate(.playback)
        fixture.session.setAudioIORunning(true)
        fixture.session.setNowPlayingInfo(.init(title: "Theme"))
        fixture.perform(.routeUnplug(port: .headphones))
        #expect(fixture.recorder.take() == [])
        #expect(fixture.session.isActive)
    }

    @Test("of two qualifying sessions, the latest to publish is Now Playing; changing a title keeps the place")
    func latestPublisherWins() {
        let system = SimulatedSystem(launch: LaunchState(route: .headphones))
        let first = AudioSession(system: system)
        let second = AudioSession(system: system)
        for session in [first, second] {
            #expect(throws: Never.self) {
                try session.setCategory(.playback, options: .mixWithOthers)
                try session.setActive(true)
            }
            session.setAudioIORunning(true)
        }
        first.setNowPlayingInfo(.init(title: "One"))
        second.setNowPlayingInfo(.init(title: "Two"))
        first.setNowPlayingInfo(.init(title: "One, renamed"))
        #expect(!first.isNowPlaying)
        #expect(second.isNowPlaying)
        let firstRecorder = NotificationRecorder(first)
        let secondRecorder = NotificationRecorder(second)
        #expect(throws: Never.self) { try system.perform(.routeUnplug(port: .headphones)) }
        #expect(firstRecorder.take() == [pulled])
        #expect(secondRecorder.take() == [pulled, disconnected])
    }

    @Test("the info survives a media-services reset, which puts the session itself back to its defaults")
    func survivesReset() throws {
        let fixture = fixture(.playback)
        fixture.perform(.mediaServicesReset)
        #expect(fixture.session.nowPlayingInfo == NowPlayingInfo(title: "Theme"))
        #expect(!fixture.session.isNowPlaying)
        try fixture.session.setCategory(.playback)
        try fixture.session.setActive(true)
        fixture.session.setAudioIORunning(true)
        #expect(fixture.session.isNowPlaying)
    }
}
