// SPDX-License-Identifier: Zlib
import AudioAnalysis
import Foundation
import GameSound
import GameSoundTesting
import OpenAL
import Testing

/// The demo's one-minute tour, rendered from the committed scenario and assets: besides the
/// session rules it shows the mixing and space layers, and each part of them is where the README says.
@Suite("The tour scenario")
struct ScenarioTourTests {
    init() { _ = OpenALProcess.setDrivers("null") }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    private static func tour() throws -> (Scenario, ScenarioAssets) {
        let assets = ScenarioAssets.folder(root + "/assets")
        let scenario = try Scenario.load(path: root + "/demo/Sources/scenarios/tour.json", sounds: Set(assets.effects.keys))
        return (scenario, assets)
    }

    @Test("the wind streams on the ambience bus from 0.5 s, is heard whenever the game is, and fades out to end at 59.5 s")
    func windBed() throws {
        let (scenario, assets) = try Self.tour()
        let render = try ScenarioRunner().render(scenario, assets: assets)
        var calm = scenario
        calm.events.removeAll { if case .stream = $0.kind { true } else if case .stop("wind", _) = $0.kind { true } else { false } }
        let withoutWind = try ScenarioRunner().render(calm, assets: assets)

        let started = try #require(render.firstEvent(named: "voiceStarted"))
        #expect(started.frame == render.frame(of: 0.5) && started["stream"] == .bool(true) && started["bus"] == .string("ambience"))
        let ended = try #require(render.events(named: "voiceEnded").last)
        #expect(ended["voice"] == started["voice"] && ended["reason"] == .string("stopped"))
        #expect((render.frame(of: 59.5)..<render.frame(of: 59.5) + 512).contains(ended.frame), "\(ended.frame)")
        // In the pause menu, before its first click, effects and music are paused: only the wind is heard.
        let menu = render.frame(of: 54.4) + 512..<render.frame(of: 55.0)
        let silentWithout = withoutWind.isExactlySilent(frames: menu)
        #expect(silentWithout, "without the wind the pause menu is exactly silent until its first click")
        #expect(render.rms(frames: menu) > 0.01, "the wind blows on through the menu")
        // Through the calls it is as silent as everything else, and it comes back after each.
        for (from, to) in [(6.0, 9.0), (12.0, 15.0), (36.0, 41.0), (44.0, 46.0)] {
            let held = render.isExactlySilent(frames: render.frame(of: from) + 256..<render.frame(of: to))
            #expect(held, "silent from \(from) s to \(to) s")
            let back = render.frame(of: to) + 4_800..<render.frame(of: to) + 48_000
            let difference = zip(render.samples[(back.lowerBound * 2)..<(back.upperBound * 2)],
                                 withoutWind.samples[(back.lowerBound * 2)..<(back.upperBound * 2)]).map { abs($0 - $1) }.max() ?? 0
            #expect(difference > 0.01, "the wind is back after \(to) s")
        }
    }

    @Test("the alert on the voice bus ducks the music by its rule, the shots alternate their variants, and the pause menu pauses two buses")
    func mixingMoments() throws {
        let (scenario, assets) = try Self.tour()
        let render = try ScenarioRunner().render(scenario, assets: assets)
        let duck = try #require(render.firstEvent(named: "busDucked")), restore = try #require(render.firstEvent(named: "busRestored"))
        #expect(render.events(named: "busDucked").count == 2, "the klaxon at 15.6 s and the siren at 34.05 s")
        #expect(duck["bus"] == .string("music") && duck["by"] == .string("voice") && duck["db"] == .number(-9))
        #expect((render.frame(of: 15.6)..<render.frame(of: 15.6) + 256).contains(duck.frame))
        #expect(restore.time > 16.9 && restore.time < 17.1, "the klaxon lasts 1.4 s: \(restore.time)")
        let shots = render.events(named: "voiceStarted").filter { $0["sound"] == .string("shot") }
        #expect(shots.count == 3)
        let variants = shots.compactMap { if case .string(let name)? = $0["variant"] { name } else { nil } }
        #expect(zip(variants, variants.dropFirst()).allSatisfy { $0 != $1 } && Set(variants) == ["laser", "blaster"], "\(variants)")
        #expect(render.events(named: "busPaused").map { $0["bus"] } == [.string("effects"), .string("music")])
        #expect(render.events(named: "busResumed").map(\.frame) == [render.frame(of: 56.6), render.frame(of: 56.6)])
        let paused = try #require(render.firstEvent(named: "soundtrackPaused"))
        let resumed = try #require(render.firstEvent(named: "soundtrackResumed", after: paused.frame))
        #expect(paused["position"] == resumed["position"], "the soundtrack goes on from where the menu paused it")
        #expect(render.events(named: "callRefused").isEmpty && render.events(named: "voiceRefused").isEmpty
                    && render.events(named: "actionRefused").isEmpty)
    }

    @Test("a siren on the voice bus flies past from left to right with the music ducked under it, and is gone, the duck released, before the call")
    func flyBy() throws {
        let (scenario, assets) = try Self.tour()
        let render = try ScenarioRunner().render(scenario, assets: assets)
        var still = scenario
        still.events.removeAll { if case .move("siren", _, _, _) = $0.kind { true } else { false } }
        let parked = try ScenarioRunner().render(still, assets: assets)
        let fire = try #require(scenario.events.first { $0.voiceLabel == "siren" }?.playOptions)
        #expect(fire.velocity == SIMDPosition(x: 40, y: 0, z: 0) && fire.bus == .voice && fire.loop)
        let played = try #require(render.events(named: "effectPlayed").first { $0["sound"] == .string("klaxon") && $0.time > 30 })
        #expect(played.frame == render.frame(of: 34.05))
        let ducked = try #require(render.firstEvent(named: "busDucked", after: played.frame - 1))
        let restored = try #require(render.firstEvent(named: "busRestored", after: ducked.frame))
        let ended = try #require(render.events(named: "voiceEnded").first { $0["voice"] == played["voice"] })
        #expect(ended["reason"] == .string("stopped") && ended.time < 35.3, "\(ended.time)")
        // The rule's 0.6 s release is over before the call at 36 s cuts every ramp short.
        #expect(restored.time + 0.6 < 36.0, "\(restored.time)")
        // What the move adds: left of the parked siren while it comes, right of it once it has passed.
        let channels = [(render.left, parked.left), (render.right, parked.right)]
        func added(_ channel: Int, _ from: Double, _ to: Double) -> Float {
            let (moving, still) = channels[channel]
            return Signal.rms((render.frame(of: from)..<render.frame(of: to)).map { moving[$0] - still[$0] })
        }
        let leftThenRight = (approach: (added(0, 34.2, 34.55), added(1, 34.2, 34.55)), recede: (added(0, 34.75, 35.1), added(1, 34.75, 35.1)))
        #expect(leftThenRight.approach.0 > leftThenRight.approach.1 * 2, "coming from the left: \(leftThenRight)")
        #expect(leftThenRight.recede.1 > leftThenRight.recede.0 * 2, "going away to the right: \(leftThenRight)")
        // After the call the mix is the old tour's again: the duck left nothing behind.
        let after = render.frame(of: 41.0)..<render.frame(of: 57.2)
        let untouched = Array(render.samples[(after.lowerBound * 2)..<(after.upperBound * 2)])
            == Array(parked.samples[(after.lowerBound * 2)..<(after.upperBound * 2)])
        #expect(untouched)
    }

    @Test("the level ends: the soundtrack fades out, a shot in the concert hall rings on until the game steps back out, and a dry control has no tail")
    func hall() throws {
        let (scenario, assets) = try Self.tour()
        let render = try ScenarioRunner().render(scenario, assets: assets)
        var dry = scenario
        dry.events.removeAll { if case .environment = $0.kind { true } else { false } }
        let control = try ScenarioRunner().render(dry, assets: assets)
        #expect(render.firstEvent(named: "soundtrackStopped")?.frame == render.frame(of: 57.2))
        let changes = render.events(named: "environmentChanged")
        #expect(changes.map(\.frame) == [render.frame(of: 57.6), render.frame(of: 59.3)])
        #expect(changes.map { $0["environment"] } == [.string("hall"), .string("none")])
        let shot = try #require(render.events(named: "effectPlayed").last)
        #expect(shot["sound"] == .string("blaster") && shot.frame == render.frame(of: 57.9))
        let shotEnded = try #require(render.events(named: "voiceEnded").first { $0["voice"] == shot["voice"] })
        // Up to the hall the two renders are one; after the shot only the hall's tail tells them apart.
        let before = 0..<render.frame(of: 57.6)
        #expect(Array(render.samples[0..<(before.upperBound * 2)]) == Array(control.samples[0..<(before.upperBound * 2)]))
        let (wet, drySide) = (render.left, control.left)
        let tail = shotEnded.frame + 2_400..<render.frame(of: 59.3)
        let ringing = Signal.rms(tail.map { wet[$0] - drySide[$0] })
        #expect(ringing > 0.005, "the hall rings on after the shot: \(ringing)")
        let out = render.frame(of: 59.3) + 19_200..<render.frameCount
        #expect(Signal.rms(out.map { wet[$0] - drySide[$0] }) < ringing / 20, "stepped back out: the tail is gone")
    }
}
