// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioEncoding
import AudioFiles
import Foundation
import GameSound
import GameSoundTesting
import OpenAL
import Testing

/// Assets generated for the scenario tests: a mono WAV beep and a stereo Ogg Vorbis soundtrack,
/// in a fresh temporary folder laid out as `sfx/` and `music/`.
struct ScenarioTestAssets {
    static let beepFrames = 4_800
    let root: String
    let assets: ScenarioAssets

    static func make() throws -> ScenarioTestAssets {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/sfx", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/music", withIntermediateDirectories: true)
        let beep = Signal.sine(frequency: 880, amplitude: 0.5, frameCount: beepFrames, sampleRate: 48_000)
        try WAVEncoder.write(PCMBuffer(format: PCMFormat(sampleRate: 48_000, channelCount: 1), samples: beep), as: .pcm16,
                             to: root + "/sfx/beep.wav")
        let left = Signal.sine(frequency: 220, amplitude: 0.3, frameCount: 3 * 48_000, sampleRate: 48_000)
        let right = Signal.sine(frequency: 330, amplitude: 0.3, frameCount: 3 * 48_000, sampleRate: 48_000)
        let stereo = zip(left, right).flatMap { [$0, $1] }
        let ogg = try VorbisEncoder.encode(PCMBuffer(format: PCMFormat(sampleRate: 48_000, channelCount: 2), samples: stereo))
        #expect(FileManager.default.createFile(atPath: root + "/music/theme.ogg", contents: Data(ogg)))
        return ScenarioTestAssets(root: root, assets: .folder(root))
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}

/// The runner drives a real headless runtime: audio and events land on the exact frames.
@Suite("Scenario runner")
struct ScenarioRunnerTests {
    init() { _ = OpenALProcess.setDrivers("null") }

    @Test("the asset folder lists effects and soundtracks by file name without the extension")
    func assetFolder() throws {
        let fixture = try ScenarioTestAssets.make()
        defer { fixture.remove() }
        #expect(fixture.assets.effects == ["beep": fixture.root + "/sfx/beep.wav"])
        #expect(fixture.assets.soundtracks == ["theme": fixture.root + "/music/theme.ogg"])
        #expect(fixture.assets.soundtrackPath(for: "theme") == fixture.root + "/music/theme.ogg")
        #expect(fixture.assets.soundtrackPath(for: fixture.root + "/music/theme.ogg") == fixture.root + "/music/theme.ogg")
        #expect(fixture.assets.soundtrackPath(for: "boss") == nil)
    }

    @Test("a declined call silences the soundtrack exactly from the ring to the decline, then it comes back")
    func declinedCall() throws {
        let fixture = try ScenarioTestAssets.make()
        defer { fixture.remove() }
        let scenario = try Scenario.parse(json: """
        {"name": "declined", "duration": 3.0, "events": [
          {"at": 1.0, "system": "phone.ring"}, {"at": 2.0, "system": "phone.decline"}]}
        """)
        let render = try ScenarioRunner().render(scenario, assets: fixture.assets)
        let ring = render.frame(of: 1.0), decline = render.frame(of: 2.0)
        #expect(render.frameCount == 144_000)
        #expect(render.samples.count == 288_000)
        #expect(render.rms(frames: 0..<ring) > 0.05)
        #expect(render.isExactlySilent(frames: ring..<decline))
        let back = try #require(render.firstAudibleFrame(after: decline))
        #expect(back - decline < 256)
        #expect(render.rms(frames: decline + 4_800..<render.frameCount) > 0.05)
        #expect(render.firstEvent(named: "soundtrackStarted")?.frame == 0)
        #expect(render.firstEvent(named: "phone.ring")?.frame == ring)
        #expect(render.firstEvent(named: "interruptionBegan", after: ring)?.frame == ring)
        #expect(render.containsInOrder(["soundtrackStarted", "phone.ring", "interruptionBegan", "contextCleared",
                                        "phone.decline", "interruptionEnded", "contextRestored"]))
        #expect(!render.containsInOrder(["contextRestored", "contextCleared"]))
        #expect(zip(render.events, render.events.dropFirst()).allSatisfy { $0.frame <= $1.frame })
    }

    @Test("a fired effect starts on the event's frame and the log says it played there")
    func fireIsFrameExact() throws {
        let fixture = try ScenarioTestAssets.make()
        defer { fixture.remove() }
        let scenario = Scenario(name: "beep", duration: 1.0, policy: .effectsOnly, soundtrack: nil,
                                events: [ScenarioEvent(at: 0.5, .fire("beep"))])
        let render = try ScenarioRunner().render(scenario, assets: fixture.assets)
        let fire = render.frame(of: 0.5)
        #expect(render.isExactlySilent(frames: 0..<fire))
        let first = try #require(render.firstAudibleFrame(after: 0))
        // The beep is a sine starting at phase 0: its first sample is exactly 0, its second is not.
        #expect((fire...fire + 1).contains(first))
        #expect(render.peak(frames: fire..<fire + ScenarioTestAssets.beepFrames) > 0.1)
        #expect(render.isExactlySilent(frames: fire + ScenarioTestAssets.beepFrames + 256..<render.frameCount))
        let played = try #require(render.firstEvent(named: "effectPlayed"))
        #expect(played.frame == fire)
        #expect(played["sound"] == .string("beep"))
    }

    @Test("an effect fired during a call is dropped and logged, and nothing sounds")
    func fireDuringInterruption() throws {
        let fixture = try ScenarioTestAssets.make()
        defer { fixture.remove() }
        let scenario = Scenario(name: "dropped", duration: 1.0, policy: .effectsOnly, soundtrack: nil,
                                events: [ScenarioEvent(at: 0.25, .system(.phoneRing)), ScenarioEvent(at: 0.5, .fire("beep"))])
        let render = try ScenarioRunner().render(scenario, assets: fixture.assets)
        let dropped = try #require(render.firstEvent(named: "effectDropped"))
        #expect(dropped.frame == render.frame(of: 0.5))
        #expect(dropped["reason"] == .string("interrupted"))
        #expect(render.events(named: "effectPlayed").isEmpty)
        #expect(render.isExactlySilent(frames: 0..<render.frameCount))
    }

    @Test("a system action refused at that moment is logged as actionRefused and the run goes on")
    func refusedAction() throws {
        let fixture = try ScenarioTestAssets.make()
        defer { fixture.remove() }
        let scenario = Scenario(name: "refused", duration: 1.0, policy: .effectsOnly, soundtrack: nil,
                                events: [ScenarioEvent(at: 0.25, .system(.phoneDecline)), ScenarioEvent(at: 0.5, .fire("beep"))])
        let render = try ScenarioRunner().render(scenario, assets: fixture.assets)
        let refused = try #require(render.firstEvent(named: "actionRefused"))
        #expect(refused.origin == .system)
        #expect(refused.frame == render.frame(of: 0.25))
        #expect(refused["action"] == .string("phone.decline"))
        #expect(refused["reason"] == .string("noRingingCall"))
        #expect(render.containsInOrder(["phone.decline", "actionRefused", "effectPlayed"]))
        #expect(render.peak(frames: render.frame(of: 0.5)..<render.frameCount) > 0.1)
    }

    @Test("a scenario's navigation app, active at launch, ducks the game for a prompt by activating again, and lets it go the same way")
    func navigationPrompt() throws {
        let fixture = try ScenarioTestAssets.make()
        defer { fixture.remove() }
        let scenario = try Scenario.parse(json: """
        {"name": "prompt", "duration": 1.5, "launch": {"otherAudio": "mixable"}, "soundtrack": null, "events": [
          {"at": 0.0, "fire": "beep", "loop": true},
          {"at": 0.5, "system": "otherApp.activate", "category": "playback", "options": ["duckOthers"]},
          {"at": 1.0, "system": "otherApp.activate", "category": "playback", "options": ["mixWithOthers"]}]}
        """)
        let render = try ScenarioRunner().render(scenario, assets: fixture.assets)
        let prompt = render.frame(of: 0.5), done = render.frame(of: 1.0)
        #expect(render.events(named: "actionRefused").isEmpty)
        #expect(render.firstEvent(named: "duckBegan")?.frame == prompt)
        #expect(render.firstEvent(named: "duckEnded")?.frame == done)
        let full = render.rms(frames: (prompt - 9_600)..<prompt)
        let ducked = render.rms(frames: (prompt + 4_800)..<done)
        let back = render.rms(frames: (done + 4_800)..<render.frameCount)
        #expect(abs(20 * log10(Double(ducked / full)) + 12) < 0.5, "12 dB down during the prompt")
        #expect(abs(20 * log10(Double(back / full))) < 0.5, "full level after it")
    }

    @Test("soundtrack events pause the music to exact silence and resume it")
    func soundtrackPauseAndResume() throws {
        let fixture = try ScenarioTestAssets.make()
        defer { fixture.remove() }
        let scenario = Scenario(name: "pause", duration: 2.0, policy: .effectsPlusSoundtrack,
                                events: [ScenarioEvent(at: 0.5, .soundtrack(.pause)), ScenarioEvent(at: 1.0, .soundtrack(.play()))])
        let render = try ScenarioRunner().render(scenario, assets: fixture.assets)
        let pause = render.frame(of: 0.5), resume = render.frame(of: 1.0)
        #expect(render.rms(frames: 0..<pause) > 0.05)
        #expect(render.isExactlySilent(frames: pause + 256..<resume))
        #expect(render.rms(frames: resume + 256..<render.frameCount) > 0.05)
        #expect(render.firstEvent(named: "soundtrackPaused")?.frame == pause)
        #expect(render.firstEvent(named: "soundtrackResumed")?.frame == resume)
    }

    @Test("with the legacy strategy the context is destroyed at the call and rebuilt after it")
    func rebuildStrategy() throws {
        let fixture = try ScenarioTestAssets.make()
        defer { fixture.remove() }
        let scenario = Scenario(name: "legacy", duration: 2.0, interruptionStrategy: .rebuildContext,
                                events: [ScenarioEvent(at: 0.5, .system(.phoneRing)), ScenarioEvent(at: 1.0, .system(.phoneDecline))])
        let render = try ScenarioRunner().render(scenario, assets: fixture.assets)
        #expect(render.containsInOrder(["interruptionBegan", "contextDestroyed", "interruptionEnded", "contextRebuilt"]))
        #expect(render.isExactlySilent(frames: render.frame(of: 0.5)..<render.frame(of: 1.0)))
    }

    @Test("the same scenario rendered twice gives identical audio bytes and events")
    func deterministic() throws {
        let fixture = try ScenarioTestAssets.make()
        defer { fixture.remove() }
        let scenario = try Scenario.parse(json: """
        {"name": "twice", "duration": 2.5, "events": [
          {"at": 0.25, "fire": "beep", "pan": -0.5}, {"at": 0.5, "system": "phone.ring"},
          {"at": 0.75, "fire": "beep"}, {"at": 1.0, "system": "phone.decline"},
          {"at": 1.5, "fire": "beep", "gain": 0.5, "pitch": 1.5}, {"at": 2.0, "system": "silentSwitch.on"}]}
        """)
        let first = try ScenarioRunner().render(scenario, assets: fixture.assets)
        let second = try ScenarioRunner().render(scenario, assets: fixture.assets)
        #expect(first.wavBytes() == second.wavBytes())
        #expect(first.wavBytes(format: .f32) == second.wavBytes(format: .f32))
        #expect(first.events == second.events)
        #expect(first.eventLogJSONLines() == second.eventLogJSONLines())
        #expect(first.rms(frames: 0..<first.frameCount) > 0.01)
    }

    @Test("a malformed scenario throws before any effect is loaded or any frame rendered")
    func malformedRendersNothing() throws {
        // The effect's file does not exist: had the runner loaded effects before checking the
        // scenario, the error would be about the asset, not about event 1.
        let assets = ScenarioAssets(effects: ["beep": "/nonexistent/beep.wav"])
        let scenario = Scenario(name: "bad", duration: 2, soundtrack: nil,
                                events: [ScenarioEvent(at: 0.5, .fire("beep")), ScenarioEvent(at: 1.0, .fire("boom"))])
        let error = #expect(throws: ScenarioRunError.self) { try ScenarioRunner().render(scenario, assets: assets) }
        guard case .invalidScenario(let cause)? = error else {
            Issue.record("expected an invalid scenario, got \(String(describing: error))")
            return
        }
        #expect(cause.eventIndex == 1 && cause.field == "fire")
    }

    @Test("a soundtrack that is neither an asset name nor a file is an error on the soundtrack field")
    func unknownSoundtrack() throws {
        let fixture = try ScenarioTestAssets.make()
        defer { fixture.remove() }
        let scenario = Scenario(name: "bad", duration: 1, soundtrack: "boss")
        let error = #expect(throws: ScenarioRunError.self) { try ScenarioRunner().render(scenario, assets: fixture.assets) }
        #expect(error == .invalidScenario(ScenarioError(field: "soundtrack", message: error.flatMap(Self.message) ?? "")))
        let track = Scenario(name: "bad", duration: 1, events: [ScenarioEvent(at: 0.5, .soundtrack(.play(track: "boss")))])
        let trackError = #expect(throws: ScenarioRunError.self) { try ScenarioRunner().render(track, assets: fixture.assets) }
        guard case .invalidScenario(let cause)? = trackError else {
            Issue.record("expected an invalid scenario")
            return
        }
        #expect(cause.eventIndex == 0 && cause.field == "track")
    }

    @Test("an effect file that does not decode is reported with its name and path")
    func brokenAsset() throws {
        let fixture = try ScenarioTestAssets.make()
        defer { fixture.remove() }
        let broken = fixture.root + "/sfx/broken.wav"
        #expect(FileManager.default.createFile(atPath: broken, contents: Data("not audio".utf8)))
        let scenario = Scenario(name: "broken", duration: 1, soundtrack: nil, events: [ScenarioEvent(at: 0.1, .fire("broken"))])
        let error = #expect(throws: ScenarioRunError.self) { try ScenarioRunner().render(scenario, assets: .folder(fixture.root)) }
        guard case .asset(let name, let path, _)? = error else {
            Issue.record("expected an asset error, got \(String(describing: error))")
            return
        }
        #expect(name == "broken" && path == broken)
    }

    private static func message(_ error: ScenarioRunError) -> String? {
        if case .invalidScenario(let cause) = error { cause.message } else { nil }
    }
}
