import Foundation
import GameSound
import GameSoundTesting
import OpenAL
import Testing

/// The demo's one-minute tour, rendered from the committed scenario and assets: besides the
/// session rules it shows the mixing layer, and each part of that is where the README says.
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
        calm.events.removeAll { if case .stream = $0.kind { true } else if case .stop = $0.kind { true } else { false } }
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
}
