// SPDX-License-Identifier: Zlib
import AudioSession
import GameSound
import Testing

/// iOS 17's Now Playing rule heard in the rendered audio: a media-playback game that publishes its
/// soundtrack's title is interrupted when its headphones are pulled; one that does not plays on.
@Suite("Now Playing, rendered")
struct NowPlayingRuntimeTests {
    /// A media-playback game on headphones that keeps its soundtrack playing through route changes,
    /// so that only the interruption can silence it.
    private func game(publishing title: String?) throws -> Harness {
        let h = try Harness(policy: .mediaPlayback, launch: LaunchState(route: .headphones), routePolicy: .playOn)
        if let title { try h.runtime.setNowPlaying(title: title) }
        return h
    }

    @Test("a game that published its title is silent after the headphones are pulled")
    func publishedIsInterrupted() throws {
        let h = try game(publishing: "Theme")
        let before = try h.render(seconds: 0.5)
        #expect(h.trackPower(before) > 0.01)
        #expect(h.runtime.session.isNowPlaying)
        try h.perform("route.unplug", ["port": .string("headphones")])
        try h.runtime.play("beep")
        let after = try h.render(seconds: 0.5)
        #expect(h.isSilent(after))
        let began = try #require(h.firstEvent("interruptionBegan"))
        #expect(began["reason"] == .string("routeDisconnected"))
        #expect(h.logContainsInOrder(["nowPlaying", "routeChanged", "interruptionBegan"]))
        #expect(!h.runtime.isRunning)
        // No end comes: the game recovers when it becomes active again, and is heard.
        h.runtime.applicationDidBecomeActive()
        #expect(h.trackPower(try h.render(seconds: 0.5)) > 0.01)
    }

    @Test("a game that did not publish, or withdrew its title, plays on through the unplug", arguments: [false, true])
    func unpublishedPlaysOn(withdrawn: Bool) throws {
        let h = try game(publishing: withdrawn ? "Theme" : nil)
        if withdrawn { try h.runtime.setNowPlaying(title: nil) }
        try h.render(seconds: 0.5)
        #expect(!h.runtime.session.isNowPlaying)
        try h.perform("route.unplug", ["port": .string("headphones")])
        let after = try h.render(seconds: 0.5)
        #expect(h.trackPower(after) > 0.01)
        #expect(h.firstEvent("interruptionBegan") == nil)
        #expect(h.runtime.isRunning)
    }

    @Test("the title is logged and read back")
    func logged() throws {
        let h = try game(publishing: "Theme")
        #expect(h.runtime.nowPlayingTitle == "Theme")
        #expect(h.firstEvent("nowPlaying")?["title"] == .string("Theme"))
        try h.runtime.setNowPlaying(title: nil)
        #expect(h.runtime.nowPlayingTitle == nil)
    }
}
