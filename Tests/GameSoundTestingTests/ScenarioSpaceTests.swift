// SPDX-License-Identifier: Zlib
import AudioAnalysis
import Foundation
import GameSound
import GameSoundTesting
import OpenAL
import Testing

/// The space words rendered for real: placed fires in stereo and with HRTF, the listener turning,
/// a fly-by's Doppler shift, an environment's reverb tail, the distance model, occlusion and virtual
/// voices, asserted on the samples and the event log. The click of the reverb tests is the test
/// assets' `beep`, 100 ms of 880 Hz.
@Suite("Scenario space")
struct ScenarioSpaceTests {
    init() { _ = OpenALProcess.setDrivers("null") }

    /// A scenario of `seconds` with no soundtrack around the given members and events, rendered
    /// against the generated assets.
    private func render(top: String = "", seconds: Double = 2, _ events: String) throws -> ScenarioRender {
        let fixture = try ScenarioTestAssets.make()
        defer { fixture.remove() }
        let json = #"{"name": "space", "duration": \#(seconds), "policy": "effectsOnly", "soundtrack": null"#
            + (top.isEmpty ? "" : ", " + top) + #", "events": ["# + events + "]}"
        let scenario = try Scenario.parse(json: json, sounds: Set(fixture.assets.effects.keys))
        return try ScenarioRunner().render(scenario, assets: fixture.assets)
    }

    /// The frames between two moments, the first `margin` frames (the update that takes a change,
    /// and OpenAL's ramp to it) left out.
    private func frames(_ render: ScenarioRender, _ from: Double, _ to: Double, margin: Int = 512) -> Range<Int> {
        render.frame(of: from) + margin..<render.frame(of: to)
    }

    private func left(_ render: ScenarioRender, _ frames: Range<Int>) -> [Float] { Array(render.left[frames]) }
    private func right(_ render: ScenarioRender, _ frames: Range<Int>) -> [Float] { Array(render.right[frames]) }

    // MARK: - Sides

    @Test("a fire at +X is in the right channel only with stereo spatialization, and in both ears, the right louder, with HRTF")
    func stereoAndHRTF() throws {
        let fire = #"{"at": 0.1, "fire": "beep", "loop": true, "position": [3, 0, 0]}"#
        let stereo = try render(top: #""spatialization": "stereo", "launch": {"route": "headphones"}"#, fire)
        let hrtf = try render(top: #""spatialization": "hrtf""#, fire)
        let auto = try render(top: #""launch": {"route": "headphones"}"#, fire)
        let heard = frames(stereo, 0.2, 2.0)
        let leftSilent = Signal.isExactlySilent(left(stereo, heard))
        #expect(leftSilent, "stereo, even on headphones: nothing on the left")
        #expect(Signal.rms(right(stereo, heard)) > 0.05)
        for (name, render) in [("hrtf", hrtf), ("auto on headphones", auto)] {
            let near = Signal.rms(right(render, heard)), far = Signal.rms(left(render, heard))
            #expect(far > 0.01 && near > far * 1.3, "\(name): both ears, the right louder (\(far), \(near))")
            let changed = try #require(render.firstEvent(named: "spatializationChanged"), "\(name)")
            #expect(changed.frame == 0 && changed["mode"] == .string("hrtf") && changed["hrtf"] != nil, "\(name)")
        }
        #expect(stereo.events(named: "spatializationChanged").isEmpty, "stereo from the start: nothing switches")
    }

    @Test("a listener turn swaps the sides; a ramped turn passes through the middle; walking past a sound puts it behind on the other side")
    func listenerTurns() throws {
        let render = try render(seconds: 3, #"""
        {"at": 0.1, "fire": "beep", "loop": true, "position": [3, 0, 0]},
        {"at": 0.5, "listener": {"orientation": {"at": [0, 0, 1], "up": [0, 1, 0]}}},
        {"at": 1.0, "listener": {"orientation": {"at": [0, 0, -1], "up": [0, 1, 0]}}, "over": 1},
        {"at": 2.2, "listener": {"position": [6, 0, 0]}}
        """#)
        let facing = frames(render, 0.1, 0.5), turned = frames(render, 0.5, 1.0)
        let before = Signal.isExactlySilent(left(render, facing)), after = Signal.isExactlySilent(right(render, turned))
        #expect(before && Signal.rms(right(render, facing)) > 0.05, "facing -z: right only")
        #expect(after && Signal.rms(left(render, turned)) > 0.05, "turned round: left only")
        let halfway = frames(render, 1.5, 1.51, margin: 0)
        #expect(Signal.rms(left(render, halfway)) > 0.01 && Signal.rms(right(render, halfway)) > 0.01, "halfway round: ahead or behind")
        let back = frames(render, 2.0, 2.2, margin: 0)
        let backSilent = Signal.isExactlySilent(left(render, back))
        #expect(backSilent, "turned back: right only again")
        let past = frames(render, 2.2, 3.0)
        let pastSilent = Signal.isExactlySilent(right(render, past))
        #expect(pastSilent && Signal.rms(left(render, past)) > 0.05, "walked past it: now on the left")
        #expect(render.events(named: "callRefused").isEmpty)
    }

    // MARK: - Doppler

    @Test("a move fly-by with a velocity is higher in pitch approaching than receding; without one it keeps its pitch")
    func flyBy() throws {
        func flyBy(velocity: Bool) throws -> ScenarioRender {
            try render(top: #""spatialization": "stereo""#, #"""
            {"at": 0, "fire": "beep", "loop": true, "voice": "car", "position": [-60, 0, -2]},
            {"at": 0, "move": "car", "position": [60, 0, -2], "over": 2\#(velocity ? #", "velocity": [60, 0, 0]"# : "")}
            """#)
        }
        let moving = try flyBy(velocity: true), gliding = try flyBy(velocity: false)
        // From 0.25 s to 0.5 s the sound is 52 to 45 units left of the listener; from 1.5 s to 1.75 s 30 to 37 right.
        let approaching = frames(moving, 0.25, 0.5, margin: 0), receding = frames(moving, 1.5, 1.75, margin: 0)
        let up = Signal.dominantFrequency(left(moving, approaching), sampleRate: 48_000)
        let down = Signal.dominantFrequency(right(moving, receding), sampleRate: 48_000)
        #expect(up > 880 * 1.1, "approaching: \(up) Hz")
        #expect(down < 880 * 0.9, "receding: \(down) Hz")
        let still = [Signal.dominantFrequency(left(gliding, approaching), sampleRate: 48_000),
                     Signal.dominantFrequency(right(gliding, receding), sampleRate: 48_000)]
        #expect(still.allSatisfy { abs($0 - 880) < 10 }, "no velocity, no shift: \(still)")
        #expect(moving.events(named: "callRefused").isEmpty)
    }

    // MARK: - Environment

    @Test("an environment change gives a reverb tail after a click; dry, and after going back to none, there is none")
    func environmentTail() throws {
        let clicks = #"""
        {"at": 0.2, "fire": "beep", "reverbSend": 1},
        {"at": 1.2, "fire": "beep", "reverbSend": 1}
        """#
        let wet = try render(#"""
        {"at": 0.1, "environment": "hall"},
        {"at": 0.2, "fire": "beep", "reverbSend": 1},
        {"at": 1.0, "environment": "none", "over": 0},
        {"at": 1.2, "fire": "beep", "reverbSend": 1}
        """#)
        let dry = try render(clicks)
        // The click ends at 0.3 s: 50 ms on, only a reverb can still sound.
        let tail = frames(wet, 0.35, 0.9, margin: 0)
        #expect(Signal.rms(left(wet, tail)) > 0.002 && Signal.rms(right(wet, tail)) > 0.002, "a tail in the hall")
        let dryTail = dry.isExactlySilent(frames: tail)
        #expect(dryTail, "dry: nothing after the click")
        #expect(dry.rms(frames: frames(dry, 0.2, 0.3, margin: 0)) > 0.1, "the dry click itself is heard")
        let backToNone = wet.isExactlySilent(frames: frames(wet, 1.35, 2.0, margin: 0))
        #expect(backToNone, "back to none: the second click has no tail")
        let changes = wet.events(named: "environmentChanged")
        #expect(changes.map(\.frame) == [wet.frame(of: 0.1), wet.frame(of: 1.0)])
        #expect(changes.map { [$0["environment"], $0["from"], $0["over"]] }
                == [[.string("hall"), .string("none"), .number(0)], [.string("none"), .string("hall"), .number(0)]])
        #expect(dry.events(named: "environmentChanged").isEmpty)
    }

    @Test("a click with no reverb send stays dry in the hall")
    func noSendNoTail() throws {
        let render = try render(#"""
        {"at": 0.1, "environment": "hall", "over": 0.05},
        {"at": 0.2, "fire": "beep", "reverbSend": 0}
        """#)
        let after = render.isExactlySilent(frames: frames(render, 0.35, 2.0, margin: 0))
        #expect(after)
        #expect(render.firstEvent(named: "environmentChanged")?["over"] == .number(0.05))
    }

    @Test("an environment crossfade that a call cuts short reaches its environment after the call")
    func crossfadeThroughACall() throws {
        let crossfade = #"{"at": 0.5, "environment": "hall", "over": 1}, "#
        let click = #"{"at": 2.5, "fire": "beep", "reverbSend": 1}"#
        // The call outlasts the crossfade (over at 1.5 s) by more than one update.
        let cut = try render(seconds: 3.5, crossfade + #"{"at": 1.0, "system": "phone.ring"}, {"at": 2.0, "system": "phone.decline"}, "# + click)
        let whole = try render(seconds: 3.5, crossfade + click)
        let tail = frames(cut, 2.65, 3.4, margin: 0)
        let ratio = cut.rms(frames: tail) / whole.rms(frames: tail)
        #expect(abs(ratio - 1) < 0.05, "the hall's tail after the call, against one never cut: \(ratio)")
    }

    // MARK: - Distance and occlusion

    @Test("the inverse distance model quarters a sound four times as far away; with none it is as loud; occlusion lowers it by over 5 dB")
    func distanceAndOcclusion() throws {
        let events = #"""
        {"at": 0.1, "fire": "beep", "loop": true, "voice": "near", "position": [0, 0, -1]},
        {"at": 0.6, "stop": "near"},
        {"at": 0.6, "fire": "beep", "loop": true, "voice": "far", "position": [0, 0, -4]},
        {"at": 1.1, "stop": "far"},
        {"at": 1.1, "fire": "beep", "loop": true, "position": [0, 0, -1], "occlusion": 1}
        """#
        let inverse = try render(events), flat = try render(top: #""distanceModel": "none""#, events)
        func level(_ render: ScenarioRender, _ from: Double) -> Float { render.rms(frames: frames(render, from, from + 0.5)) }
        let quarter = level(inverse, 0.6) / level(inverse, 0.1), same = level(flat, 0.6) / level(flat, 0.1)
        #expect(abs(quarter - 0.25) < 0.02, "\(quarter)")
        #expect(abs(same - 1) < 0.02, "\(same)")
        let occluded = 20 * log10(level(inverse, 1.1) / level(inverse, 0.1))
        #expect(occluded < -5, "\(occluded) dB")
    }

    // MARK: - Virtual voices

    @Test("many emitters on a small pool with virtualVoices: the log says voiceVirtualised, and a move brings one back with voiceRealised")
    func virtualVoices() throws {
        let distances = [2, 3, 5, 8, 13, 21]
        let fires = distances.enumerated().map { index, distance in
            #"{"at": 0.1, "fire": "beep", "loop": true, "voice": "e\#(index)", "position": [0, 0, -\#(distance)]}"#
        }.joined(separator: ", ")
        let moves = #"""
        , {"at": 1.0, "move": "e5", "position": [0, 0, -1]}, {"at": 1.0, "move": "e0", "position": [0, 0, -100]}
        """#
        let render = try render(top: #""voices": 2, "virtualVoices": 6"#, fires + moves)
        let played = render.events(named: "effectPlayed")
        #expect(played.count == 6 && played.allSatisfy { $0["stole"] == nil }, "every emitter plays")
        let virtualised = render.events(named: "voiceVirtualised")
        #expect(virtualised.filter { $0.frame == render.frame(of: 0.1) }.count == 4, "four start virtual")
        #expect(virtualised.allSatisfy { $0["sound"] == .string("beep") })
        let realised = try #require(render.firstEvent(named: "voiceRealised"))
        #expect(realised.frame >= render.frame(of: 1.0) && realised.time < 1.2, "within a ranking of the move: \(realised.time)")
        #expect(realised["voice"] == played[5]["voice"], "the emitter that came near is real again")
        if case .integer(let offset)? = realised["offset"] {
            #expect((0..<ScenarioTestAssets.beepFrames).contains(offset), "\(offset)")
        } else {
            Issue.record("voiceRealised has no offset")
        }
        #expect(virtualised.contains { $0["voice"] == played[0]["voice"] && $0.frame >= render.frame(of: 1.0) },
                "the emitter that went away gave up its source")
        #expect(render.events(named: "voiceEnded").isEmpty && render.events(named: "effectDropped").isEmpty)

        let pool = try self.render(top: #""voices": 2, "virtualVoices": 0"#, fires)
        #expect(pool.events(named: "voiceVirtualised").isEmpty)
        #expect(pool.events(named: "voiceEnded").filter { $0["reason"] == .string("stolen") }.count == 4, "opted out, a full pool steals")
    }
}
