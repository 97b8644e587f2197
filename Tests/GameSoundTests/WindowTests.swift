// SPDX-License-Identifier: Zlib
import AudioSession
import GameSound
import Testing

/// The game's window as the app's lifecycle (`GameSoundRuntime.windowChanged`): on the simulated
/// system it performs `app.background`/`app.foreground`; on the desktop (the desktop's own layer
/// over a system playing the sound server) the same rules hold. Asserted on what is rendered.
@Suite("The game's window")
struct WindowTests {
    /// Both ways a game meets the window: the simulated system, and the desktop's layer.
    static let systems = [false, true]

    @Test("a hidden window silences a soloAmbient game and suspends it; back on screen it recovers and is heard", arguments: systems)
    func hiddenAndBack(desktop: Bool) throws {
        let h = try Harness(desktop: desktop)
        #expect(h.trackPower(try h.render(seconds: 0.25)) > 0.01)
        h.runtime.windowChanged(.hidden)
        #expect(h.runtime.appState == .suspended)
        #expect(!h.runtime.session.isActive)
        #expect(h.isSilent(try h.render(seconds: 0.5)))
        #expect(h.firstEvent("windowChanged")?["window"] == .string("hidden"))
        #expect(h.firstEvent("windowChanged")?["onScreen"] == .bool(false))
        #expect(h.firstEvent("outputSilenced")?["cause"] == .string("background"))
        #expect(h.firstEvent("interruptionBegan") == nil, "a suspended app hears of it only when it comes back")

        let back = h.frame
        h.runtime.windowChanged(.focused)
        #expect(h.runtime.appState == .foreground)
        let after = try h.render(seconds: 0.25)
        #expect(h.firstEvent("interruptionBegan", after: back)?["reason"] == .string("appWasSuspended"))
        #expect(h.runtime.session.isActive)
        let heard = try #require(h.firstAudibleFrame(from: after.lowerBound))
        #expect(heard - after.lowerBound <= 256, "heard again within a block of the window's return")
        #expect(h.trackPower(after) > 0.01)
        #expect(h.logContainsInOrder(["windowChanged", "outputSilenced", "windowChanged", "interruptionBegan", "sessionActivated"]))
    }

    @Test("focus loss sends the game to the background only under whenUnfocused", arguments: systems)
    func focusPolicy(desktop: Bool) throws {
        let byDefault = try Harness(desktop: desktop)
        byDefault.runtime.windowChanged(.unfocused)
        #expect(byDefault.trackPower(try byDefault.render(seconds: 0.25)) > 0.01)
        #expect(byDefault.runtime.appState == .foreground)
        #expect(byDefault.firstEvent("windowChanged")?["onScreen"] == .bool(true))

        let muting = try Harness(desktop: desktop, backgroundPolicy: .whenUnfocused)
        try muting.render(seconds: 0.1)
        muting.runtime.windowChanged(.unfocused)
        #expect(muting.isSilent(try muting.render(seconds: 0.25)))
        muting.runtime.windowChanged(.focused)
        #expect(muting.trackPower(try muting.render(seconds: 0.25)) > 0.01)
    }

    @Test("under the policy never, a hidden window changes nothing but the log", arguments: systems)
    func never(desktop: Bool) throws {
        let h = try Harness(desktop: desktop, backgroundPolicy: .never)
        h.runtime.windowChanged(.hidden)
        #expect(h.trackPower(try h.render(seconds: 0.25)) > 0.01)
        #expect(h.runtime.appState == .foreground && h.runtime.session.isActive)
        #expect(h.eventNames.filter { $0 == "windowChanged" }.count == 1)
        #expect(h.firstEvent("outputSilenced") == nil)
    }

    @Test("a playback-category game that is playing keeps playing with its window hidden", arguments: systems)
    func playbackPlaysOn(desktop: Bool) throws {
        let h = try Harness(policy: .mediaPlayback, desktop: desktop)
        try h.render(seconds: 0.25)
        h.runtime.windowChanged(.hidden)
        #expect(h.runtime.appState == .background)
        #expect(h.trackPower(try h.render(seconds: 0.5)) > 0.01)
        #expect(h.runtime.session.isActive)
        #expect(h.firstEvent("outputSilenced") == nil)
    }

    @Test("reporting the state the window is already in changes nothing, not even the log", arguments: systems)
    func repeatedReport(desktop: Bool) throws {
        let h = try Harness(desktop: desktop)
        for _ in 0..<3 { h.runtime.windowChanged(.focused) }
        h.runtime.windowChanged(.hidden)
        h.runtime.windowChanged(.hidden)
        try h.render(seconds: 0.1)
        #expect(h.eventNames.filter { $0 == "windowChanged" } == ["windowChanged", "windowChanged"])
        #expect(h.eventNames.filter { $0 == "outputSilenced" }.count == 1)
    }

    @Test("a call that rang and ended while the window was hidden is recovered on return", arguments: systems)
    func interruptionEndedInBackground(desktop: Bool) throws {
        let h = try Harness(desktop: desktop)
        try h.render(seconds: 0.1)
        h.runtime.windowChanged(.hidden)
        try h.render(seconds: 0.1)
        try h.system.perform(.phoneRing)  // the system rings, not the game
        try h.render(seconds: 0.1)
        try h.system.perform(.phoneDecline)
        #expect(h.isSilent(try h.render(seconds: 0.25)))
        h.runtime.windowChanged(.focused)
        let after = try h.render(seconds: 0.25)
        #expect(h.trackPower(after) > 0.01)
        #expect(h.runtime.session.isActive)
    }

    @Test("back on screen, the game reads the other audio afresh: music that began meanwhile keeps its soundtrack off", arguments: systems)
    func hintReadOnReturn(desktop: Bool) throws {
        let h = try Harness(desktop: desktop)
        try h.render(seconds: 0.1)
        h.runtime.windowChanged(.hidden)
        let hidden = h.frame
        try h.system.perform(.musicPlay)
        try h.render(seconds: 0.1)
        #expect(h.firstEvent("secondaryHintBegan", after: hidden) == nil, "the hint is not posted off screen")
        h.runtime.windowChanged(.focused)
        let after = try h.render(seconds: 0.5)
        #expect(h.runtime.session.category == .ambient)
        #expect(h.trackPower(after) < 0.001, "the player's music plays; the game holds its soundtrack")
        try h.runtime.play("beep")
        #expect(h.beepPower(try h.render(seconds: 0.1)) > 0.01, "its effects still sound")
    }
}
