// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioEncoding
import AudioFiles
import Foundation
import GameSound
import GameSoundTesting
import OpenAL
import Testing

/// The generated scenario assets plus three more tones, `low` (440 Hz), `mid` (660 Hz) and
/// `high` (1320 Hz), each 100 ms of whole cycles (so that a loop is seamless), for variants.
struct MixingTestAssets {
    let base: ScenarioTestAssets
    let assets: ScenarioAssets

    static func make() throws -> MixingTestAssets {
        let base = try ScenarioTestAssets.make()
        for (name, frequency) in [("low", 440.0), ("mid", 660.0), ("high", 1_320.0)] {
            let tone = Signal.sine(frequency: frequency, amplitude: 0.5, frameCount: 4_800, sampleRate: 48_000)
            try WAVEncoder.write(PCMBuffer(format: PCMFormat(sampleRate: 48_000, channelCount: 1), samples: tone), as: .pcm16,
                                 to: base.root + "/sfx/\(name).wav")
        }
        return MixingTestAssets(base: base, assets: .folder(base.root))
    }

    func remove() { base.remove() }
}

/// The mixing words rendered for real: buses, ducking, voices changed while they play, sound
/// definitions and the seed, asserted on the samples and the event log.
@Suite("Scenario mixing")
struct ScenarioMixingTests {
    init() { _ = OpenALProcess.setDrivers("null") }

    private func render(_ json: String) throws -> ScenarioRender {
        let fixture = try MixingTestAssets.make()
        defer { fixture.remove() }
        let scenario = try Scenario.parse(json: json, sounds: Set(fixture.assets.effects.keys))
        return try ScenarioRunner().render(scenario, assets: fixture.assets)
    }

    /// A 2-second scenario with no soundtrack around the given members and events.
    private func renderEvents(top: String = "", seconds: Double = 2, _ events: String) throws -> ScenarioRender {
        try render(#"{"name": "mixing", "duration": \#(seconds), "policy": "effectsOnly", "soundtrack": null"#
                   + (top.isEmpty ? "" : ", " + top) + #", "events": ["# + events + "]}")
    }

    /// The frames between two moments, the first `margin` frames (the update that takes a change,
    /// and OpenAL's ramp to it) left out.
    private func frames(_ render: ScenarioRender, _ from: Double, _ to: Double, margin: Int = 512) -> Range<Int> {
        render.frame(of: from) + margin..<render.frame(of: to)
    }

    // MARK: - Buses

    @Test("a muted bus is exactly silent while the other buses play on unchanged; unmuted, it comes back")
    func busMute() throws {
        let both = try renderEvents(#"""
        {"at": 0.1, "fire": "beep", "loop": true}, {"at": 0.1, "fire": "low", "loop": true, "bus": "ui"},
        {"at": 0.5, "bus": "effects", "mute": true}, {"at": 1.0, "bus": "effects", "mute": false}
        """#)
        let uiAlone = try renderEvents(#"{"at": 0.1, "fire": "low", "loop": true, "bus": "ui"}"#)
        let effectsAlone = try renderEvents(#"""
        {"at": 0.1, "fire": "beep", "loop": true}, {"at": 0.5, "bus": "effects", "mute": true},
        {"at": 1.0, "bus": "effects", "mute": false}
        """#)
        let muted = frames(both, 0.5, 1.0)
        let silent = effectsAlone.isExactlySilent(frames: muted)
        #expect(silent, "the muted effects bus is exactly silent")
        #expect(effectsAlone.rms(frames: frames(effectsAlone, 1.0, 2.0)) > 0.1, "unmuted, it is heard again")
        // With the effects muted, the mix is exactly the ui bus alone.
        let bothMuted = Array(both.samples[(muted.lowerBound * 2)..<(muted.upperBound * 2)])
        let uiMuted = Array(uiAlone.samples[(muted.lowerBound * 2)..<(muted.upperBound * 2)])
        #expect(bothMuted == uiMuted)
        #expect(both.rms(frames: frames(both, 0.2, 0.5)) > uiAlone.rms(frames: frames(uiAlone, 0.2, 0.5)) * 1.2)
        #expect(both.events(named: "busMuted").map(\.frame) == [both.frame(of: 0.5)])
        #expect(both.events(named: "busUnmuted").map(\.frame) == [both.frame(of: 1.0)])
        #expect(both.firstEvent(named: "busMuted")?["bus"] == .string("effects"))
    }

    @Test("a bus volume ramp lowers the level across the ramp, holds it, and a step sets it at once")
    func busVolumeRamp() throws {
        let render = try renderEvents(#"""
        {"at": 0.1, "fire": "beep", "loop": true},
        {"at": 0.5, "bus": "effects", "volume": 0, "over": 0.5},
        {"at": 1.2, "bus": "effects", "volume": 0.5}
        """#)
        let full = render.rms(frames: frames(render, 0.2, 0.5))
        let quarters = (0..<4).map { render.rms(frames: frames(render, 0.5 + Double($0) * 0.125, 0.5 + Double($0 + 1) * 0.125, margin: 0)) }
        #expect(full > 0.2)
        #expect(zip(quarters, quarters.dropFirst()).allSatisfy { $0 > $1 }, "\(quarters)")
        #expect(quarters[0] < full && quarters[0] > full / 2)
        let silent = render.isExactlySilent(frames: frames(render, 1.0, 1.2))
        #expect(silent)
        let half = render.rms(frames: frames(render, 1.2, 2.0)) / full
        #expect(abs(half - 0.5) < 0.02, "\(half)")
        let changed = render.events(named: "busVolumeChanged")
        #expect(changed.map(\.frame) == [render.frame(of: 0.5), render.frame(of: 1.2)])
        #expect(changed.first?["volume"] == .number(0) && changed.first?["over"] == .number(0.5))
    }

    @Test("a pause menu: paused effects and music are exactly silent while a ui sound plays, then go on from where they were")
    func busPause() throws {
        let render = try render(#"""
        {"name": "pause", "duration": 2.0, "policy": "effectsPlusSoundtrack", "events": [
          {"at": 0.1, "fire": "beep", "loop": true},
          {"at": 0.5, "bus": "effects", "paused": true},
          {"at": 0.5, "bus": "music", "paused": true},
          {"at": 0.8, "fire": "low", "bus": "ui"},
          {"at": 1.2, "bus": "effects", "paused": false},
          {"at": 1.2, "bus": "music", "paused": false}]}
        """#)
        let beforeUI = render.isExactlySilent(frames: frames(render, 0.5, 0.8))
        #expect(beforeUI, "effects and music paused")
        #expect(render.rms(frames: frames(render, 0.8, 0.9, margin: 0)) > 0.1, "the ui sound plays through the pause")
        let afterUI = render.isExactlySilent(frames: frames(render, 0.9, 1.2, margin: 256))
        #expect(afterUI)
        #expect(render.rms(frames: frames(render, 1.2, 2.0)) > 0.1)
        #expect(render.containsInOrder(["busPaused", "busPaused", "soundtrackPaused", "effectPlayed", "busResumed", "busResumed",
                                        "soundtrackResumed"]))
        let paused = try #require(render.firstEvent(named: "soundtrackPaused")), resumed = try #require(render.firstEvent(named: "soundtrackResumed"))
        #expect(paused.frame == render.frame(of: 0.5) && resumed.frame == render.frame(of: 1.2))
        #expect(paused["position"] == resumed["position"], "the music goes on from where it was paused")
        #expect(render.events(named: "busPaused").map { $0["bus"] } == [.string("effects"), .string("music")])
    }

    @Test("buses are made parents first, a bus's volume scales what plays on it, and its limit steals the older voice")
    func busesAtLaunch() throws {
        let render = try renderEvents(top: #""buses": {"guns": {"parent": "weapons", "limit": 1}, "weapons": {"volume": 0.5}, "music": {"volume": 0.2}}"#,
                                #"""
        {"at": 0.1, "fire": "beep", "loop": true, "bus": "guns", "voice": "a"},
        {"at": 0.4, "fire": "beep", "loop": true, "bus": "guns", "voice": "b"},
        {"at": 0.7, "stop": "b"},
        {"at": 0.8, "fire": "beep", "loop": true}
        """#)
        // "guns" sorts before "weapons", but its parent is made first; "music" is changed, not made.
        #expect(render.events.filter { $0.name == "busAdded" || $0.name == "busChanged" }.map { "\($0.name) \($0["bus"]!)" }
            == ["busAdded weapons", "busAdded guns", "busChanged music"])
        let ended = render.events(named: "voiceEnded")
        #expect(ended.first?.frame == render.frame(of: 0.4) && ended.first?["reason"] == .string("stolen"))
        #expect(render.events(named: "effectPlayed").dropFirst().first?["stole"] != nil)
        let ratio = render.rms(frames: frames(render, 0.1, 0.4)) / render.rms(frames: frames(render, 0.8, 2.0))
        #expect(abs(ratio - 0.5) < 0.02, "\(ratio)")
    }

    @Test("a ducking rule lowers one bus by its depth while the other has a voice, and restores it after")
    func ducking() throws {
        // The trigger bus is muted, so that what is heard is the ducked bus alone: a muted voice still plays.
        let render = try renderEvents(top: #""ducking": [{"bus": "voice", "ducks": "effects", "db": 12, "attack": 0, "release": 0}]"#, #"""
        {"at": 0.0, "bus": "voice", "mute": true},
        {"at": 0.1, "fire": "beep", "loop": true},
        {"at": 0.5, "fire": "low", "loop": true, "bus": "voice", "voice": "line"},
        {"at": 1.0, "stop": "line"}
        """#)
        let full = render.rms(frames: frames(render, 0.1, 0.5))
        let ducked = render.rms(frames: frames(render, 0.5, 1.0)) / full
        #expect(abs(ducked - 0.251) < 0.01, "\(ducked)")
        let back = render.rms(frames: frames(render, 1.0, 2.0)) / full
        #expect(abs(back - 1) < 0.01, "\(back)")
        let duck = try #require(render.firstEvent(named: "busDucked")), restore = try #require(render.firstEvent(named: "busRestored"))
        #expect(duck["bus"] == .string("effects") && duck["by"] == .string("voice") && duck["db"] == .number(-12))
        #expect((render.frame(of: 0.5)..<render.frame(of: 0.5) + 256).contains(duck.frame))
        #expect((render.frame(of: 1.0)..<render.frame(of: 1.0) + 256).contains(restore.frame))
    }

    @Test("bus volume ramps and a ducking release that a call cuts short reach their levels after the call")
    func rampsThroughACall() throws {
        // The call outlasts every ramp (each over at 1.5 s) by more than one update.
        let call = #", {"at": 1.0, "system": "phone.ring"}, {"at": 2.0, "system": "phone.decline"}"#
        let effects = #"{"at": 0.1, "fire": "beep", "loop": true}, {"at": 0.5, "bus": "effects", "volume": 0.25, "over": 1}"#
        let music = #"{"at": 0.5, "bus": "music", "volume": 0.25, "over": 1}"#
        let soundtrack = { (events: String) in
            #"{"name": "ramp", "duration": 2.5, "policy": "effectsPlusSoundtrack", "events": ["# + events + "]}"
        }
        let rule = #""ducking": [{"bus": "voice", "ducks": "effects", "db": 12, "attack": 0, "release": 1}]"#
        let release = #"{"at": 0.0, "bus": "voice", "mute": true}, {"at": 0.1, "fire": "beep", "loop": true}, "#
            + #"{"at": 0.2, "fire": "low", "bus": "voice", "voice": "line", "loop": true}, {"at": 0.5, "stop": "line"}"#
        let renders = try [renderEvents(seconds: 2.5, effects + call), renderEvents(seconds: 2.5, effects),
                           render(soundtrack(music + call)), render(soundtrack(music)),
                           renderEvents(top: rule, seconds: 2.5, release + call), renderEvents(top: rule, seconds: 2.5, release)]
        let after = frames(renders[0], 2.0, 2.5)
        let levels = renders.map { $0.rms(frames: after) }
        #expect(abs(levels[0] / levels[1] - 1) < 0.02, "an effect on the ramped bus, against one never cut: \(levels)")
        #expect(abs(levels[2] / levels[3] - 1) < 0.02, "the soundtrack on the ramped music bus, against one never cut: \(levels)")
        #expect(abs(levels[4] / levels[5] - 1) < 0.02, "the ducking release after the call, against one never cut: \(levels)")
    }

    // MARK: - Voices

    @Test("a set lowers a voice's gain by its ratio, ramps it back over its time, and a pan moves it to one side")
    func setVoice() throws {
        let render = try renderEvents(seconds: 2.5, #"""
        {"at": 0.1, "fire": "beep", "loop": true, "voice": "v"},
        {"at": 0.5, "set": "v", "gain": 0.25},
        {"at": 0.9, "set": "v", "gain": 1, "over": 0.4},
        {"at": 1.8, "set": "v", "pan": -1}
        """#)
        let full = render.rms(frames: frames(render, 0.1, 0.5))
        let lowered = render.rms(frames: frames(render, 0.5, 0.9)) / full
        #expect(abs(lowered - 0.25) < 0.01, "\(lowered)")
        let rampStart = render.rms(frames: frames(render, 0.9, 1.0, margin: 0)), rampEnd = render.rms(frames: frames(render, 1.2, 1.3))
        #expect(rampStart < rampEnd && rampStart > full * 0.25)
        #expect(abs(render.rms(frames: frames(render, 1.3, 1.8)) / full - 1) < 0.01)
        let panned = frames(render, 1.8, 2.5)
        let left = Signal.rms(Array(render.left[panned])), right = Signal.rms(Array(render.right[panned]))
        #expect(right < left / 4, "left \(left), right \(right)")
        #expect(render.events(named: "callRefused").isEmpty)
    }

    @Test("a paused voice is exactly silent and resumes where it was: a one-shot ends that much later")
    func pauseResumeVoice() throws {
        let render = try renderEvents(#"""
        {"at": 0.1, "fire": "low", "voice": "v"},
        {"at": 0.15, "pause": "v"},
        {"at": 0.5, "resume": "v"}
        """#)
        let silent = render.isExactlySilent(frames: frames(render, 0.15, 0.5, margin: 256))
        #expect(silent)
        #expect(render.rms(frames: frames(render, 0.5, 0.55, margin: 0)) > 0.1)
        // 50 ms played before the pause, 50 ms after the resume.
        let ended = try #require(render.firstEvent(named: "voiceEnded"))
        #expect((render.frame(of: 0.55)..<render.frame(of: 0.55) + 512).contains(ended.frame), "\(ended.frame)")
        #expect(ended["reason"] == .string("finished"))
    }

    @Test("a stop with a fade is heard fading, then is exactly silent, and the voice ends when the fade does")
    func stopWithFade() throws {
        let render = try renderEvents(#"""
        {"at": 0.1, "fire": "beep", "loop": true, "voice": "v"},
        {"at": 0.5, "stop": "v", "fade": 0.4}
        """#)
        let start = render.rms(frames: frames(render, 0.5, 0.55, margin: 0)), end = render.rms(frames: frames(render, 0.85, 0.9, margin: 0))
        #expect(start > 0.2 && end > 0 && end < start / 4)
        let silent = render.isExactlySilent(frames: frames(render, 0.9, 2.0))
        #expect(silent)
        let ended = try #require(render.firstEvent(named: "voiceEnded"))
        #expect(ended["reason"] == .string("stopped"))
        #expect((render.frame(of: 0.9)..<render.frame(of: 0.9) + 512).contains(ended.frame), "\(ended.frame)")
    }

    @Test("a label whose fire was refused names no voice: set, pause, resume and stop leave the earlier voice alone")
    func refusedFireLabel() throws {
        let render = try renderEvents(top: #""sounds": {"s": {"variants": ["beep"], "cooldown": 1}}"#, #"""
        {"at": 0.1, "fire": "s", "loop": true, "voice": "a"},
        {"at": 0.2, "fire": "s", "voice": "a"},
        {"at": 0.3, "set": "a", "gain": 0},
        {"at": 0.4, "pause": "a"},
        {"at": 0.5, "resume": "a"},
        {"at": 0.6, "stop": "a", "fade": 0.1}
        """#)
        let refused = try #require(render.firstEvent(named: "voiceRefused"))
        #expect(refused.frame == render.frame(of: 0.2) && refused["reason"] == .string("cooldown") && refused["sound"] == .string("s"))
        #expect(render.events(named: "callRefused").isEmpty)
        #expect(render.rms(frames: frames(render, 1.5, 2.0)) > 0.2, "the first voice plays on")
    }

    @Test("a game call the runtime refuses during the run is logged as callRefused and the run goes on")
    func refusedCall() throws {
        let render = try renderEvents(top: #""sounds": {"s": {"variants": ["beep"]}}"#, #"""
        {"at": 0.1, "unload": "beep"},
        {"at": 0.2, "fire": "s", "voice": "v"},
        {"at": 0.3, "set": "v", "gain": 0.5},
        {"at": 0.4, "preload": "beep"},
        {"at": 0.5, "fire": "s", "loop": true}
        """#)
        let refused = render.events(named: "callRefused")
        #expect(refused.map(\.frame) == [render.frame(of: 0.2)])
        #expect(refused.first?["call"] == .string("play") && refused.first?["sound"] == .string("s"))
        #expect(render.firstEvent(named: "voiceStarted")?.frame == render.frame(of: 0.5))
    }

    // MARK: - Sounds and the seed

    private static func variety(seed: Int) -> String {
        let fires = (0..<12).map { #"{"at": \#(0.1 + Double($0) * 0.15), "fire": "hit"}"# }.joined(separator: ", ")
        return #"""
        {"name": "variety", "duration": 2.0, "policy": "effectsOnly", "soundtrack": null, "seed": \#(seed),
         "sounds": {"hit": {"variants": ["low", "mid", "high"], "pitch": [0.8, 1.25], "gain": [0.5, 1]}},
         "events": [\#(fires)]}
        """#
    }

    @Test("one seed gives byte-identical output twice; another seed picks other variants, pitches and gains")
    func seed() throws {
        let first = try render(Self.variety(seed: 1)), again = try render(Self.variety(seed: 1)), other = try render(Self.variety(seed: 2))
        #expect(first.samples == again.samples)
        #expect(first.events == again.events)
        #expect(first.samples != other.samples)
        let variants = { (render: ScenarioRender) in render.events(named: "voiceStarted").map { $0["variant"] } }
        #expect(variants(first).count == 12 && variants(other).count == 12)
        #expect(variants(first) != variants(other))
        #expect(first.rms(frames: 0..<first.frameCount) > 0.05)
    }

    @Test("with avoidRepeat a sound never plays the same variant twice in a row; without it, this seed does")
    func avoidRepeat() throws {
        func variants(avoidRepeat: Bool) throws -> [String] {
            let fires = (0..<30).map { #"{"at": \#(0.05 + Double($0) * 0.05), "fire": "hit"}"# }.joined(separator: ", ")
            let render = try renderEvents(top: #""seed": 5, "sounds": {"hit": {"variants": ["low", "mid", "high"], "avoidRepeat": \#(avoidRepeat)}}"#,
                                    fires)
            return render.events(named: "voiceStarted").compactMap { if case .string(let name)? = $0["variant"] { name } else { nil } }
        }
        let avoiding = try variants(avoidRepeat: true)
        #expect(avoiding.count == 30)
        #expect(zip(avoiding, avoiding.dropFirst()).allSatisfy { $0 != $1 }, "\(avoiding)")
        #expect(Set(avoiding) == ["low", "mid", "high"])
        let free = try variants(avoidRepeat: false)
        #expect(zip(free, free.dropFirst()).contains { $0 == $1 }, "\(free)")
    }

    @Test("maxInstances makes the oldest voice of a sound give way to the new one")
    func maxInstances() throws {
        let render = try renderEvents(top: #""sounds": {"hum": {"variants": ["beep"], "maxInstances": 1}}"#, #"""
        {"at": 0.1, "fire": "hum", "loop": true},
        {"at": 0.5, "fire": "hum", "loop": true}
        """#)
        let ended = try #require(render.firstEvent(named: "voiceEnded"))
        #expect(ended.frame == render.frame(of: 0.5) && ended["reason"] == .string("stolen"))
        #expect(render.events(named: "voiceStarted").count == 2)
        #expect(render.rms(frames: frames(render, 0.5, 2.0)) > 0.2)
    }

    // MARK: - The demo and the picture

    @Test("the pause-menu demo: clicks on the ui bus are heard while the game is exactly silent, and the explosion finishes after the menu")
    func pauseMenuDemo() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let scenario = try Scenario.load(path: root + "/demo/Sources/scenarios/pause-menu.json")
        let assets = ScenarioAssets.folder(root + "/assets")
        try scenario.validate(sounds: Set(assets.effects.keys))
        let render = try ScenarioRunner().render(scenario, assets: assets)
        let menu = try #require(render.firstEvent(named: "busPaused")), back = try #require(render.firstEvent(named: "busResumed"))
        let clicks = render.events(named: "voiceStarted")
        #expect(clicks.count == 4 && clicks.allSatisfy { $0["sound"] == .string("menuClick") })
        let quiet = render.isExactlySilent(frames: menu.frame + 512..<clicks[0].frame)
        #expect(quiet, "the game is exactly silent in the menu until the first click")
        #expect(render.peak(frames: clicks[0].frame..<clicks[0].frame + 2_400) > 0.05)
        #expect(render.rms(frames: back.frame + 512..<back.frame + 24_000) > 0.02, "the game comes back")
        // The explosion (1.5 s) had played 0.4 s before the menu: the rest plays after it.
        let explosion = try #require(render.events(named: "voiceEnded").first { $0["sound"] == .string("explosion") })
        #expect(abs(explosion.time - (back.time + 1.1)) < 0.05, "\(explosion.time)")
        #expect(render.events(named: "callRefused").isEmpty && render.events(named: "voiceRefused").isEmpty)
    }

    @Test("the timeline labels bus events with their bus and leaves voiceEnded as an unlabelled tick")
    func timelineLabels() throws {
        let events = [
            GameSoundEvent(frame: 4_800, time: 0.1, origin: .game, name: "voiceStarted",
                           details: [.init("sound", .string("hit")), .init("voice", .integer(1)), .init("variant", .string("low"))]),
            GameSoundEvent(frame: 9_600, time: 0.2, origin: .game, name: "voiceEnded",
                           details: [.init("voice", .integer(1)), .init("sound", .string("low")), .init("reason", .string("finished"))]),
            GameSoundEvent(frame: 14_400, time: 0.3, origin: .game, name: "busPaused", details: [.init("bus", .string("effects"))]),
            GameSoundEvent(frame: 19_200, time: 0.4, origin: .engine, name: "busDucked",
                           details: [.init("bus", .string("music")), .init("by", .string("voice")), .init("db", .number(-9))]),
        ]
        let svg = try SVGSummary(ScenarioOutputTests.handmade(events: events).timelineSVG(width: 800))
        #expect(svg.labels.map(\.text) == ["voiceStarted hit", "busPaused effects", "busDucked music"])
        #expect(svg.classes["event"] == events.count, "every event still has its mark")
    }

    @Test("the timeline shades a paused bus until the last paused bus resumes, and a bus a rule ducks until it is restored")
    func timelineBusSpans() throws {
        func event(_ frame: Int, _ name: String, _ bus: String) -> GameSoundEvent {
            GameSoundEvent(frame: frame, time: Double(frame) / 48_000, origin: name.hasPrefix("busDuck") || name == "busRestored" ? .engine : .game,
                           name: name, details: [.init("bus", .string(bus))])
        }
        let render = ScenarioOutputTests.handmade(name: "buses", events: [
            event(6_000, "busPaused", "effects"), event(6_000, "busPaused", "music"),
            event(12_000, "busResumed", "effects"), event(18_000, "busResumed", "ui"), event(24_000, "busResumed", "music"),
            event(30_000, "busDucked", "music"), event(36_000, "busRestored", "music"),
        ])
        let svg = try SVGSummary(render.timelineSVG(width: 800))
        let plotWidth = 800.0 - 40 - 16
        let paused = try #require(svg.spans["span busPaused"]), ducked = try #require(svg.spans["span busDucked"])
        #expect(svg.classes["span busPaused"] == 1 && svg.classes["span busDucked"] == 1)
        #expect(abs(paused.x - (40 + plotWidth / 8)) < 0.2 && abs(paused.width - plotWidth * 3 / 8) < 0.2,
                "from the first pause (1/8) to the music's resume (4/8), not the effects' (2/8)")
        #expect(abs(ducked.x - (40 + plotWidth * 5 / 8)) < 0.2 && abs(ducked.width - plotWidth / 8) < 0.2)
        #expect(svg.texts.contains("bus paused") && svg.texts.contains("ducked by a rule"))
    }
}
