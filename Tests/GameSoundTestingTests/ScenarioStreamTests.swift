// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioEncoding
import AudioFiles
import Foundation
import GameSound
import GameSoundTesting
import OpenAL
import Testing

/// The generated scenario assets plus two streams in `ambience/`: `hum`, one second of a 1 kHz
/// tone (whole cycles, so that its loop is seamless), and `blip`, a quarter of a second of it.
struct StreamTestAssets {
    let base: ScenarioTestAssets
    let assets: ScenarioAssets

    static func make() throws -> StreamTestAssets {
        let base = try ScenarioTestAssets.make()
        try FileManager.default.createDirectory(atPath: base.root + "/ambience", withIntermediateDirectories: true)
        for (name, frames) in [("hum", 48_000), ("blip", 12_000)] {
            let tone = Signal.sine(frequency: 1_000, amplitude: 0.4, frameCount: frames, sampleRate: 48_000)
            try WAVEncoder.write(PCMBuffer(format: PCMFormat(sampleRate: 48_000, channelCount: 1), samples: tone), as: .pcm16,
                                 to: base.root + "/ambience/\(name).wav")
        }
        return StreamTestAssets(base: base, assets: .folder(base.root))
    }

    var root: String { base.root }

    func remove() { base.remove() }
}

/// The `stream` word rendered for real: a streamed voice on a bus beside the soundtrack, steered
/// through its label, asserted on the samples and the event log.
@Suite("Scenario streams")
struct ScenarioStreamTests {
    init() { _ = OpenALProcess.setDrivers("null") }

    /// Renders each scenario (a JSON document) against one set of stream assets.
    private func render(_ documents: String...) throws -> [ScenarioRender] {
        let fixture = try StreamTestAssets.make()
        defer { fixture.remove() }
        return try documents.map { json in
            let scenario = try Scenario.parse(json: json, sounds: Set(fixture.assets.effects.keys))
            return try ScenarioRunner().render(scenario, assets: fixture.assets)
        }
    }

    /// A scenario of `seconds` with the test soundtrack (or none) around the given events.
    private static func scenario(soundtrack: Bool, seconds: Double = 3, _ events: String) -> String {
        #"{"name": "streams", "duration": \#(seconds), "policy": "effectsPlusSoundtrack""#
            + (soundtrack ? "" : #", "soundtrack": null"#) + #", "events": ["# + events + "]}"
    }

    /// The frames between two moments, the first `margin` frames left out.
    private func frames(_ render: ScenarioRender, _ from: Double, _ to: Double, margin: Int = 512) -> Range<Int> {
        render.frame(of: from) + margin..<render.frame(of: to)
    }

    /// The largest difference, over `frames`, between `mix` and the sum of `parts`.
    private func largestDifference(_ mix: ScenarioRender, _ parts: [ScenarioRender], frames: Range<Int>) -> Float {
        var largest: Float = 0
        for index in (frames.lowerBound * 2)..<(frames.upperBound * 2) {
            largest = max(largest, abs(mix.samples[index] - parts.reduce(0) { $0 + $1.samples[index] }))
        }
        return largest
    }

    @Test("a stream on the ambience bus is heard beside the soundtrack, looping without a gap, and logs voiceStarted with stream true")
    func besideTheSoundtrack() throws {
        let stream = #"{"at": 0.5, "stream": "hum", "voice": "hum"}"#
        let renders = try render(Self.scenario(soundtrack: true, stream), Self.scenario(soundtrack: true, ""),
                                 Self.scenario(soundtrack: false, stream))
        let (both, music, hum) = (renders[0], renders[1], renders[2])
        let before = 0..<both.frame(of: 0.5)
        #expect(Array(both.samples[0..<(before.upperBound * 2)]) == Array(music.samples[0..<(before.upperBound * 2)]))
        // From the stream's start on, the mix is the soundtrack plus the stream.
        let after = frames(both, 0.5, 3.0)
        #expect(largestDifference(both, [music, hum], frames: after) < 1e-4)
        #expect(hum.rms(frames: after) > 0.1 && music.rms(frames: after) > 0.1)
        let tone = Signal.power(at: 1_000, in: Array(both.left[after]), sampleRate: 48_000)
        let without = Signal.power(at: 1_000, in: Array(music.left[after]), sampleRate: 48_000)
        #expect(tone > 100 * without, "the 1 kHz stream stands out in the mix: \(tone) against \(without)")
        // The one-second file loops: every 50 ms of the two seconds after its first pass is as loud as the rest.
        let windows = (0..<40).map { hum.rms(frames: frames(hum, 1.0 + Double($0) * 0.05, 1.05 + Double($0) * 0.05, margin: 0)) }
        #expect(windows.allSatisfy { abs($0 / windows[0] - 1) < 0.05 }, "\(windows)")
        let started = try #require(both.firstEvent(named: "voiceStarted"))
        #expect(started.frame == both.frame(of: 0.5))
        #expect(started["stream"] == .bool(true) && started["bus"] == .string("ambience"))
        if case .string(let path)? = started["sound"] { #expect(path.hasSuffix("/ambience/hum.wav")) } else { Issue.record("no sound") }
        #expect(both.events(named: "voiceEnded").isEmpty && both.events(named: "callRefused").isEmpty)
    }

    @Test("a stream's label pauses it exactly, resumes it, sets its gain, and stops it with a fade; voiceEnded follows the fade")
    func steeredByLabel() throws {
        let render = try render(Self.scenario(soundtrack: false, seconds: 2.5, #"""
        {"at": 0.1, "stream": "hum", "voice": "hum"},
        {"at": 0.5, "pause": "hum"},
        {"at": 1.0, "resume": "hum"},
        {"at": 1.3, "set": "hum", "gain": 0.5},
        {"at": 1.6, "stop": "hum", "fade": 0.4}
        """#))[0]
        let full = render.rms(frames: frames(render, 0.1, 0.5))
        #expect(full > 0.1)
        let paused = render.isExactlySilent(frames: frames(render, 0.5, 1.0))
        #expect(paused, "a paused stream is exactly silent")
        #expect(abs(render.rms(frames: frames(render, 1.0, 1.3)) / full - 1) < 0.02, "resumed at full level")
        let half = render.rms(frames: frames(render, 1.3, 1.6)) / full
        #expect(abs(half - 0.5) < 0.02, "\(half)")
        let fadeStart = render.rms(frames: frames(render, 1.6, 1.65, margin: 0))
        let fadeEnd = render.rms(frames: frames(render, 1.9, 1.95, margin: 0))
        #expect(fadeStart > fadeEnd * 4 && fadeEnd > 0, "start \(fadeStart), end \(fadeEnd)")
        let gone = render.isExactlySilent(frames: frames(render, 2.0, 2.5))
        #expect(gone)
        let ended = try #require(render.firstEvent(named: "voiceEnded"))
        #expect(ended["reason"] == .string("stopped") && ended["voice"] == render.firstEvent(named: "voiceStarted")?["voice"])
        #expect((render.frame(of: 2.0)..<render.frame(of: 2.0) + 512).contains(ended.frame), "\(ended.frame)")
        #expect(render.events(named: "callRefused").isEmpty)
    }

    @Test("muting the ambience bus silences exactly the stream: the mix is then the soundtrack alone, sample for sample")
    func muteAmbience() throws {
        let renders = try render(Self.scenario(soundtrack: true, #"""
        {"at": 0.2, "stream": "hum", "voice": "hum"},
        {"at": 1.0, "bus": "ambience", "mute": true},
        {"at": 2.0, "bus": "ambience", "mute": false}
        """#), Self.scenario(soundtrack: true, ""))
        let (both, music) = (renders[0], renders[1])
        let muted = frames(both, 1.0, 2.0)
        #expect(Array(both.samples[(muted.lowerBound * 2)..<(muted.upperBound * 2)])
                == Array(music.samples[(muted.lowerBound * 2)..<(muted.upperBound * 2)]))
        #expect(largestDifference(both, [music], frames: frames(both, 0.2, 1.0)) > 0.1, "heard before the mute")
        #expect(largestDifference(both, [music], frames: frames(both, 2.0, 3.0)) > 0.1, "and after it")
        #expect(both.firstEvent(named: "busMuted")?["bus"] == .string("ambience"))
        #expect(both.events(named: "voiceEnded").isEmpty, "a muted stream plays on unheard")
    }

    @Test("a stream that does not loop ends by itself; its bus and gain are the ones given, and a paused bus holds it")
    func onceOnAnotherBus() throws {
        let render = try render(Self.scenario(soundtrack: false, seconds: 2, #"""
        {"at": 0.1, "bus": "ui", "paused": true},
        {"at": 0.1, "stream": "blip", "voice": "blip", "bus": "ui", "loop": false, "gain": 0.5},
        {"at": 0.1, "stream": "hum", "voice": "hum", "gain": 0.5},
        {"at": 0.6, "stop": "hum"},
        {"at": 1.0, "bus": "ui", "paused": false}
        """#))[0]
        let started = render.events(named: "voiceStarted")
        #expect(started.map { $0["bus"] } == [.string("ui"), .string("ambience")])
        let hum = render.rms(frames: frames(render, 0.1, 0.6))
        #expect(hum > 0.05, "the hum plays while the ui bus holds the blip")
        let held = render.isExactlySilent(frames: frames(render, 0.6, 1.0))
        #expect(held, "the blip waits on its paused bus")
        // The blip is a quarter of a second at the same gain: it plays once the bus resumes, then ends.
        #expect(abs(render.rms(frames: frames(render, 1.0, 1.25)) / hum - 1) < 0.05)
        let ends = render.events(named: "voiceEnded")
        #expect(ends.map { $0["reason"] } == [.string("stopped"), .string("finished")])
        let finished = try #require(ends.last)
        #expect((render.frame(of: 1.25)..<render.frame(of: 1.25) + 1_024).contains(finished.frame), "\(finished.frame)")
        let after = render.isExactlySilent(frames: frames(render, 1.3, 2.0))
        #expect(after)
    }

    @Test("the asset folder names streams after the files in ambience/; a soundtrack name or a path streams too")
    func streamAssets() throws {
        let fixture = try StreamTestAssets.make()
        defer { fixture.remove() }
        #expect(fixture.assets.streams == ["hum": fixture.root + "/ambience/hum.wav", "blip": fixture.root + "/ambience/blip.wav"])
        #expect(fixture.assets.streamPath(for: "hum") == fixture.root + "/ambience/hum.wav")
        #expect(fixture.assets.streamPath(for: "theme") == fixture.root + "/music/theme.ogg")
        #expect(fixture.assets.streamPath(for: fixture.root + "/sfx/beep.wav") == fixture.root + "/sfx/beep.wav")
        #expect(fixture.assets.streamPath(for: "wind") == nil)
        #expect(fixture.assets.streamPath(for: fixture.root + "/ambience") == nil, "a folder is not a file")
        #expect(ScenarioAssets(effects: ["a": "/a.wav"]).streams.isEmpty)
    }

    @Test("a stream that is neither a name nor a file is an error on its event, before anything renders")
    func unknownStream() throws {
        let fixture = try StreamTestAssets.make()
        defer { fixture.remove() }
        let scenario = Scenario(name: "bad", duration: 1, soundtrack: nil,
                                events: [ScenarioEvent(at: 0.1, .stream("hum", voice: "a")),
                                         ScenarioEvent(at: 0.5, .stream("rain", voice: "b"))])
        let error = #expect(throws: ScenarioRunError.self) { try ScenarioRunner().render(scenario, assets: fixture.assets) }
        guard case .invalidScenario(let cause)? = error else {
            Issue.record("expected an invalid scenario, got \(String(describing: error))")
            return
        }
        #expect(cause.eventIndex == 1 && cause.field == "stream")
        #expect(cause.description == #"event 1 ("stream": "rain"): unknown stream 'rain': neither a stream or soundtrack name "#
                    + "(available: blip, hum, theme) nor an existing file")
    }

    @Test("a stream file that does not decode fails the render before it starts, naming the event and the file")
    func brokenStream() throws {
        let fixture = try StreamTestAssets.make()
        defer { fixture.remove() }
        let broken = fixture.root + "/ambience/rain.ogg"
        #expect(FileManager.default.createFile(atPath: broken, contents: Data("rain, not audio".utf8)))
        let scenario = Scenario(name: "broken", duration: 1, soundtrack: nil,
                                events: [ScenarioEvent(at: 0.1, .stream("hum", voice: "a")),
                                         ScenarioEvent(at: 0.2, .stream("rain", voice: "b"))])
        let error = #expect(throws: ScenarioRunError.self) { try ScenarioRunner().render(scenario, assets: .folder(fixture.root)) }
        guard case .stream(let index, let path, .decoding(let cause))? = error else {
            Issue.record("expected a stream error, got \(String(describing: error))")
            return
        }
        #expect(index == 1 && path == broken && cause.reason == .notAudioFile)
        #expect(error?.description == "event 1 cannot stream \(broken): cannot decode \(broken): it is not a WAV, Ogg Vorbis, Opus or FLAC file")
    }

    @Test("the timeline labels a stream by its file name, not its whole path")
    func timelineLabel() throws {
        let events = [
            GameSoundEvent(frame: 4_800, time: 0.1, origin: .game, name: "voiceStarted",
                           details: [.init("sound", .string("/long/path/to/assets/ambience/wind.ogg")), .init("voice", .integer(98_304)),
                                     .init("stream", .bool(true)), .init("bus", .string("ambience"))]),
        ]
        let svg = try SVGSummary(ScenarioOutputTests.handmade(events: events).timelineSVG(width: 800))
        #expect(svg.labels.map(\.text) == ["voiceStarted wind.ogg"])
    }
}
