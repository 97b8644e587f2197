// SPDX-License-Identifier: Zlib
import GameSound
import GameSoundTesting
import OpenAL
import Testing

/// The game steps beyond fire and play/pause/stop: labelled voices and `stop`, `effects`,
/// `preload`/`unload` and the soundtrack's resume, fades, crossfade and volume, rendered for real.
@Suite("Scenario game steps")
struct ScenarioGameStepTests {
    init() { _ = OpenALProcess.setDrivers("null") }

    private func render(_ json: String) throws -> ScenarioRender {
        let fixture = try ScenarioTestAssets.make()
        defer { fixture.remove() }
        let scenario = try Scenario.parse(json: json, sounds: Set(fixture.assets.effects.keys))
        return try ScenarioRunner().render(scenario, assets: fixture.assets)
    }

    @Test("every game step reads back with its parameters, in any key order")
    func parsesEveryStep() throws {
        let scenario = try Scenario.parse(json: """
        {"name": "steps", "duration": 4, "preload": ["beep"], "events": [
          {"at": 0, "fire": "beep", "loop": true, "voice": "hum"},
          {"at": 0.1, "stop": "hum"},
          {"at": 0.2, "effects": "stopAll"},
          {"value": 0.5, "effects": "volume", "at": 0.3},
          {"at": 0.4, "preload": "laser"},
          {"at": 0.5, "unload": "laser"},
          {"at": 0.6, "soundtrack": "play", "track": "boss", "fadeIn": 1.5},
          {"at": 0.7, "soundtrack": "resume"},
          {"at": 0.8, "soundtrack": "resume", "fadeIn": 0.25},
          {"at": 0.9, "soundtrack": "stop", "fadeOut": 2},
          {"at": 1.0, "soundtrack": "crossfade", "track": "calm"},
          {"at": 1.1, "soundtrack": "crossfade", "track": "boss", "duration": 0.5},
          {"at": 1.2, "soundtrack": "volume", "value": 0},
          {"at": 1.3, "soundtrack": "stop"}
        ]}
        """)
        #expect(scenario.preloadedEffects == ["beep"])
        #expect(scenario.launchEffects == ["beep"])
        #expect(scenario.usedEffects == ["beep", "laser"])
        #expect(scenario.events.map(\.kind) == [
            .fire("beep", loop: true, voice: "hum"),
            .stop(voice: "hum"),
            .effects(.stopAll),
            .effects(.volume(0.5)),
            .preload("laser"),
            .unload("laser"),
            .soundtrack(.play(track: "boss", fadeIn: 1.5)),
            .soundtrack(.resume()),
            .soundtrack(.resume(fadeIn: 0.25)),
            .soundtrack(.stop(fadeOut: 2)),
            .soundtrack(.crossfade(track: "calm")),
            .soundtrack(.crossfade(track: "boss", duration: 0.5)),
            .soundtrack(.volume(0)),
            .soundtrack(.stop()),
        ])
        #expect(scenario.events.map(\.summary).prefix(3) == [#""fire": "beep""#, #""stop": "hum""#, #""effects": "stopAll""#])
    }

    @Test("without a preload list the fired effects load at launch, as before the list existed")
    func defaultLaunchEffects() throws {
        let scenario = try Scenario.parse(json: """
        {"name": "n", "duration": 2, "events": [{"at": 0, "fire": "b"}, {"at": 0.5, "preload": "c"}, {"at": 1, "fire": "a"}]}
        """)
        #expect(scenario.preloadedEffects == nil)
        #expect(scenario.launchEffects == ["b", "a"])
        #expect(scenario.usedEffects == ["b", "a", "c"])
    }

    @Test("a labelled looping voice is heard until its stop, then the output is exactly silent")
    func stopLabelledVoice() throws {
        let render = try render("""
        {"name": "stop", "duration": 1.5, "policy": "effectsOnly", "soundtrack": null, "events": [
          {"at": 0.1, "fire": "beep", "loop": true, "voice": "hum"},
          {"at": 0.7, "stop": "hum"}]}
        """)
        let fire = render.frame(of: 0.1), stop = render.frame(of: 0.7)
        let silent1 = render.isExactlySilent(frames: 0..<fire)
        #expect(silent1, "frames 0..<fire")
        // The 100 ms beep loops: still heard long after its own length.
        #expect(render.rms(frames: stop - 4_800..<stop) > 0.1)
        let silentAfterStop = render.isExactlySilent(frames: stop..<render.frameCount)
        #expect(silentAfterStop)
        #expect(render.events(named: "callRefused").isEmpty)
    }

    @Test("stopping one label leaves the other labelled voice playing")
    func stopOnlyThatVoice() throws {
        let render = try render("""
        {"name": "two", "duration": 1.0, "policy": "effectsOnly", "soundtrack": null, "events": [
          {"at": 0.1, "fire": "beep", "loop": true, "voice": "a"},
          {"at": 0.1, "fire": "beep", "loop": true, "pitch": 0.5, "voice": "b"},
          {"at": 0.5, "stop": "a"}]}
        """)
        let stop = render.frame(of: 0.5)
        #expect(render.rms(frames: stop + 256..<render.frameCount) > 0.05)
        #expect(render.events(named: "effectPlayed").count == 2)
    }

    @Test("a label taken over by a dropped fire names no voice: its stop leaves the earlier voice playing")
    func droppedFireTakesTheLabel() throws {
        let render = try render("""
        {"name": "dropped", "duration": 2.0, "policy": "effectsOnly", "soundtrack": null, "events": [
          {"at": 0.1, "fire": "beep", "loop": true, "voice": "a"},
          {"at": 0.5, "system": "phone.ring"},
          {"at": 0.6, "fire": "beep", "loop": true, "voice": "a"},
          {"at": 0.8, "system": "phone.decline"},
          {"at": 1.0, "stop": "a"}]}
        """)
        #expect(render.firstEvent(named: "effectDropped")?.frame == render.frame(of: 0.6))
        #expect(render.rms(frames: render.frame(of: 1.0) + 256..<render.frameCount) > 0.05)
    }

    @Test("effects volume 0 makes a fired effect exactly silent; volume 1 brings effects back")
    func effectsVolume() throws {
        let render = try render("""
        {"name": "volume", "duration": 1.0, "policy": "effectsOnly", "soundtrack": null, "events": [
          {"at": 0.0, "effects": "volume", "value": 0},
          {"at": 0.1, "fire": "beep"},
          {"at": 0.5, "effects": "volume", "value": 1},
          {"at": 0.6, "fire": "beep"}]}
        """)
        #expect(render.events(named: "effectPlayed").count == 2)
        let silent2 = render.isExactlySilent(frames: 0..<render.frame(of: 0.6))
        #expect(silent2, "frames 0..<render.frame(of: 0.6)")
        #expect(render.peak(frames: render.frame(of: 0.6)..<render.frameCount) > 0.1)
    }

    @Test("effects stopAll silences every looping effect at once, the soundtrack plays on")
    func stopAllEffects() throws {
        let render = try render("""
        {"name": "stopAll", "duration": 1.0, "policy": "effectsPlusSoundtrack", "events": [
          {"at": 0.0, "soundtrack": "volume", "value": 0},
          {"at": 0.1, "fire": "beep", "loop": true},
          {"at": 0.1, "fire": "beep", "loop": true, "pitch": 2},
          {"at": 0.5, "effects": "stopAll"}]}
        """)
        let stop = render.frame(of: 0.5)
        #expect(render.rms(frames: stop - 4_800..<stop) > 0.1)
        let silent3 = render.isExactlySilent(frames: stop..<render.frameCount)
        #expect(silent3, "frames stop..<render.frameCount")
        #expect(render.events(named: "soundtrackStopped").isEmpty)
    }

    @Test("a fire before its preload is refused and logged; after the preload it plays; after the unload it is refused again")
    func preloadAndUnload() throws {
        let render = try render("""
        {"name": "load", "duration": 1.0, "policy": "effectsOnly", "soundtrack": null, "preload": [], "events": [
          {"at": 0.1, "fire": "beep"},
          {"at": 0.2, "preload": "beep"},
          {"at": 0.3, "fire": "beep", "loop": true},
          {"at": 0.6, "unload": "beep"},
          {"at": 0.7, "fire": "beep"},
          {"at": 0.8, "unload": "beep"}]}
        """)
        let refused = render.events(named: "callRefused")
        #expect(refused.map(\.frame) == [render.frame(of: 0.1), render.frame(of: 0.7), render.frame(of: 0.8)])
        #expect(refused.map { $0["call"] } == [.string("play"), .string("play"), .string("unload")])
        #expect(refused.allSatisfy { $0.origin == .game && $0["sound"] == .string("beep") && $0["error"] != nil })
        #expect(render.events(named: "effectPlayed").map(\.frame) == [render.frame(of: 0.3)])
        let silent4 = render.isExactlySilent(frames: 0..<render.frame(of: 0.3))
        #expect(silent4, "frames 0..<render.frame(of: 0.3)")
        #expect(render.rms(frames: render.frame(of: 0.3)..<render.frame(of: 0.6)) > 0.1)
        // Unloading stops the voice playing the effect.
        let silent5 = render.isExactlySilent(frames: render.frame(of: 0.6)..<render.frameCount)
        #expect(silent5, "frames render.frame(of: 0.6)..<render.frameCount")
        #expect(render.containsInOrder(["callRefused", "effectPlayed", "callRefused", "callRefused"]))
    }

    @Test("a crossfade logs the old track stopping and the new one starting at its frame, and the music plays through")
    func crossfade() throws {
        let render = try render("""
        {"name": "crossfade", "duration": 2.0, "policy": "effectsPlusSoundtrack", "events": [
          {"at": 0.5, "soundtrack": "crossfade", "track": "theme", "duration": 0.5}]}
        """)
        let at = render.frame(of: 0.5)
        #expect(render.firstEvent(named: "soundtrackStopped")?.frame == at)
        #expect(render.firstEvent(named: "soundtrackStarted", after: 1)?.frame == at)
        #expect(render.containsInOrder(["soundtrackStarted", "soundtrackStopped", "soundtrackStarted"]))
        // No gap: every 10 ms of the fade and after carries music.
        for start in stride(from: at, to: render.frameCount - 480, by: 480) {
            #expect(render.rms(frames: start..<start + 480) > 0.01, "quiet at frame \(start)")
        }
    }

    @Test("soundtrack volume 0 silences the music within two updates; a faded stop is heard fading, then silent")
    func soundtrackVolumeAndFadeOut() throws {
        let render = try render("""
        {"name": "music", "duration": 2.0, "policy": "effectsPlusSoundtrack", "events": [
          {"at": 0.25, "soundtrack": "volume", "value": 0},
          {"at": 0.5, "soundtrack": "volume", "value": 1},
          {"at": 1.0, "soundtrack": "stop", "fadeOut": 0.5}]}
        """)
        let mute = render.frame(of: 0.25), unmute = render.frame(of: 0.5), stop = render.frame(of: 1.0)
        // The volume is taken at the next update (256 frames at most) and OpenAL ramps to it over one more.
        let muted = render.isExactlySilent(frames: mute + 512..<unmute)
        #expect(render.rms(frames: 0..<mute) > 0.05)
        #expect(muted)
        #expect(render.rms(frames: unmute + 512..<stop) > 0.05)
        let fadeStart = render.rms(frames: stop..<stop + 2_400), fadeEnd = render.rms(frames: stop + 19_200..<stop + 21_600)
        #expect(fadeStart > 0.1 && fadeEnd > 0 && fadeEnd < fadeStart / 4)
        let silentAfterFade = render.isExactlySilent(frames: render.frame(of: 1.5) + 512..<render.frameCount)
        #expect(silentAfterFade)
        // The runtime logs the stop when it is asked for, with the position the fade starts from.
        #expect(render.events(named: "soundtrackStopped").map(\.frame) == [stop])
    }

    @Test("pause then resume with a fade-in: the music comes back quietly, then at full level")
    func resumeWithFadeIn() throws {
        let render = try render("""
        {"name": "resume", "duration": 2.5, "policy": "effectsPlusSoundtrack", "events": [
          {"at": 0.5, "soundtrack": "pause"},
          {"at": 1.0, "soundtrack": "resume", "fadeIn": 1.0}]}
        """)
        let resume = render.frame(of: 1.0)
        let silent6 = render.isExactlySilent(frames: render.frame(of: 0.5) + 256..<resume)
        #expect(silent6, "frames render.frame(of: 0.5) + 256..<resume")
        #expect(render.firstEvent(named: "soundtrackResumed")?.frame == resume)
        let early = render.rms(frames: resume..<resume + 4_800)
        let full = render.rms(frames: render.frame(of: 2.0)..<render.frame(of: 2.5))
        #expect(early > 0 && early < full / 2)
        #expect(full > 0.05)
    }

    @Test("a name that is not in the assets is an error on the preload and unload steps and the preload list")
    func unknownEffectNames() {
        let sounds: Set<String> = ["beep"]
        let cases: [(String, Int?, String)] = [
            (#""preload": ["bep"], "events": []"#, nil, "preload"),
            (#""events": [{"at": 0, "preload": "bep"}]"#, 0, "preload"),
            (#""events": [{"at": 0, "fire": "beep"}, {"at": 1, "unload": "bep"}]"#, 1, "unload"),
        ]
        for (body, index, field) in cases {
            let error = #expect(throws: ScenarioError.self) {
                try Scenario.parse(json: #"{"name": "n", "duration": 2, "# + body + "}", sounds: sounds)
            }
            #expect(error?.eventIndex == index && error?.field == field, "\(body)")
            #expect(error?.message.contains("bep") == true)
        }
    }

    @Test("a stop of a label no earlier fire gave names the label in its message")
    func unknownLabelMessage() {
        let error = #expect(throws: ScenarioError.self) {
            try Scenario.parse(json: #"{"name": "n", "duration": 2, "events": [{"at": 0, "stop": "hum"}, {"at": 1, "fire": "a", "voice": "hum"}]}"#)
        }
        #expect(error?.description == #"event 0 ("stop": "hum"): no earlier "fire" or "stream" event gave a voice the label 'hum'"#)
    }
}
