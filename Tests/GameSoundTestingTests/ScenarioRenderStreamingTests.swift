// SPDX-License-Identifier: Zlib
import AudioFiles
import Foundation
import GameSound
import GameSoundTesting
import OpenAL
import Testing

/// Streamed renders: the WAV file, the event log and the timeline written as the render goes are
/// the bytes an in-memory render writes, and the WAV header is right at any size.
@Suite("Streamed scenario renders")
struct ScenarioRenderStreamingTests {
    init() { _ = OpenALProcess.setDrivers("null") }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Takes a streamed render and keeps all of it, with the size of every block.
    struct Collector: ScenarioRenderSink {
        var samples: [Float] = []
        var events: [GameSoundEvent] = []
        var blockFrames: [Int] = []
        /// How many frames had arrived when the first events did.
        var framesAtFirstEvents: Int?

        mutating func receive(frames: UnsafeBufferPointer<Float>) {
            samples += frames
            blockFrames.append(frames.count / 2)
        }

        mutating func receive(events: [GameSoundEvent]) {
            if self.events.isEmpty { framesAtFirstEvents = samples.count / 2 }
            self.events += events
        }
    }

    // MARK: - The built-in scenarios, both ways

    @Test("a built-in scenario streamed to files gives the bytes of the in-memory render's WAV, log and timeline",
          arguments: ["alarm", "tour"])
    func streamedFilesMatchInMemory(name: String) throws {
        let assets = ScenarioAssets.folder(Self.root + "/assets")
        let scenario = try Scenario.load(path: Self.root + "/demo/Sources/scenarios/\(name).json", sounds: Set(assets.effects.keys))
        let render = try ScenarioRunner().render(scenario, assets: assets)
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let writer = try ScenarioRunner().renderToFiles(scenario, assets: assets, wav: folder + "/a.wav",
                                                        events: folder + "/a.jsonl", timeline: folder + "/a.svg")
        #expect(writer.framesWritten == render.frameCount && writer.eventCount == render.events.count)
        // Compared with WAVEncoder's file, not with the streamed writer's own path through write().
        #expect(FileManager.default.contents(atPath: folder + "/a.wav") == Data(render.wavBytes(format: .s16)))
        #expect(FileManager.default.contents(atPath: folder + "/a.jsonl") == Data(render.eventLogJSONLines().utf8))
        #expect(FileManager.default.contents(atPath: folder + "/a.svg") == Data(render.timelineSVG().utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.jsonl", "a.svg", "a.wav"],
                "no temporary file left")

        try ScenarioRunner().renderToFiles(scenario, assets: assets, wav: folder + "/f.wav", format: .f32)
        #expect(FileManager.default.contents(atPath: folder + "/f.wav") == Data(render.wavBytes(format: .f32)))
    }

    @Test("a sink gets every sample and event of the in-memory render, in blocks of at most a second, the events as they come")
    func sinkGetsTheRender() throws {
        let fixture = try ScenarioTestAssets.make()
        defer { fixture.remove() }
        let scenario = try Scenario.parse(json: """
        {"name": "sink", "duration": 3.3, "events": [
          {"at": 0.25, "fire": "beep"}, {"at": 1.1, "system": "phone.ring"}, {"at": 2.0, "system": "phone.decline"},
          {"at": 2.5, "fire": "beep"}]}
        """)
        let render = try ScenarioRunner().render(scenario, assets: fixture.assets)
        var collector = Collector()
        try ScenarioRunner().render(scenario, assets: fixture.assets, into: &collector)
        #expect(collector.samples == render.samples)
        #expect(collector.events == render.events)
        #expect(collector.blockFrames.allSatisfy { $0 > 0 && $0 <= scenario.sampleRate })
        #expect(collector.blockFrames.reduce(0, +) == scenario.frameCount)
        #expect((collector.framesAtFirstEvents ?? .max) <= scenario.sampleRate, "the launch's events come with the first block")
    }

    // MARK: - Failures

    /// Stops the render at its second block.
    struct Refuser: ScenarioRenderSink {
        struct Refusal: Error, CustomStringConvertible { var description: String { "enough" } }
        var blocks = 0
        mutating func receive(frames: UnsafeBufferPointer<Float>) throws {
            blocks += 1
            if blocks == 2 { throw Refusal() }
        }
        mutating func receive(events: [GameSoundEvent]) {}
    }

    @Test("a sink that throws stops the render there, and a folder that does not exist fails before any render")
    func failures() throws {
        let fixture = try ScenarioTestAssets.make()
        defer { fixture.remove() }
        let scenario = try Scenario.parse(json: #"{"name": "f", "duration": 5, "events": [{"at": 0.5, "fire": "beep"}]}"#)
        var refuser = Refuser()
        let refused = #expect(throws: ScenarioStreamError.self) { try ScenarioRunner().render(scenario, assets: fixture.assets, into: &refuser) }
        #expect(refuser.blocks == 2)
        #expect(refused?.description == "enough")
        guard case .sink? = refused else { Issue.record("not a sink error: \(String(describing: refused))"); return }

        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("the previous render".utf8).write(to: URL(fileURLWithPath: folder + "/a.wav"))
        let missing = #expect(throws: ScenarioStreamError.self) {
            try ScenarioRunner().renderToFiles(scenario, assets: fixture.assets, wav: folder + "/a.wav", events: folder + "/missing/a.jsonl")
        }
        guard case .output(let error)? = missing else { Issue.record("not an output error: \(String(describing: missing))"); return }
        #expect(error == ScenarioOutputError(path: folder + "/missing/a.jsonl", errno: ENOENT))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.wav"], "the WAV's temporary file is gone")
        #expect(try String(contentsOfFile: folder + "/a.wav", encoding: .utf8) == "the previous render")

        // A render that fails after the outputs were opened leaves nothing either.
        let unknown = try Scenario.parse(json: #"{"name": "u", "duration": 1, "events": [{"at": 0.5, "fire": "nothing"}]}"#)
        #expect(throws: ScenarioStreamError.self) {
            try ScenarioRunner().renderToFiles(unknown, assets: fixture.assets, wav: folder + "/b.wav", timeline: folder + "/b.svg")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.wav"])
    }

    // MARK: - The timeline's summary

    @Test("the timeline drawn from the per-pixel summary is the same however the frames arrive, with fewer frames than pixels too",
          arguments: [480, 48_000, 100_003])
    func timelineFromSummary(frames: Int) throws {
        let samples = (0..<(frames * 2)).map { (index: Int) -> Float in
            let wave: Double = sin(Double(index) * 0.001) * 0.8
            let tick: Double = index % 7 == 0 ? 0.15 : -0.1
            return Float(wave + tick)
        }
        let events = [GameSoundEvent(frame: frames / 3, time: 0.1, origin: .system, name: "phone.ring"),
                      GameSoundEvent(frame: frames / 3, time: 0.1, origin: .session, name: "interruptionBegan"),
                      GameSoundEvent(frame: frames / 2, time: 0.2, origin: .game, name: "voiceEnded")]
        let render = ScenarioRender(scenario: Scenario(name: "summary", duration: 1, soundtrack: nil), samples: samples, events: events)
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let writer = try ScenarioFileWriter(scenario: render.scenario, frameCount: frames, timeline: folder + "/t.svg", timelineWidth: 900)
        var start = 0, step = 1
        try samples.withUnsafeBufferPointer { (all: UnsafeBufferPointer<Float>) throws(ScenarioOutputError) in
            while start < frames {
                let end = min(frames, start + step)
                try writer.receive(frames: UnsafeBufferPointer(rebasing: all[(start * 2)..<(end * 2)]))
                start = end
                step = step * 3 % 4_099 + 1  // uneven blocks, crossing the columns anywhere
            }
        }
        try writer.receive(events: Array(events.prefix(1)))
        try writer.receive(events: Array(events.dropFirst()))
        try writer.finish()
        #expect(FileManager.default.contents(atPath: folder + "/t.svg") == Data(render.timelineSVG(width: 900).utf8))
    }

    // MARK: - The WAV header

    /// A little-endian number at `offset`.
    static func number<Value: FixedWidthInteger>(_ bytes: [UInt8], at offset: Int, as: Value.Type) -> Value {
        bytes[offset..<(offset + MemoryLayout<Value>.size)].reversed().reduce(Value(0)) { $0 << 8 | Value($1) }
    }

    static func text(_ bytes: [UInt8], at offset: Int) -> String { String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self) }

    @Test("the header is WAVEncoder's, byte for byte, for both formats")
    func headerIsTheEncoders() {
        for (format, encoding) in [(ScenarioWAVFormat.s16, WAVEncoding.pcm16), (.f32, .float32)] {
            for frames in [0, 1, 48_000] {
                let encoded = WAVEncoder.encode(PCMBuffer(format: PCMFormat(sampleRate: 44_100, channelCount: 2),
                                                          samples: [Float](repeating: 0.5, count: frames * 2)), as: encoding)
                let header = format.header(sampleRate: 44_100, frameCount: frames)
                #expect(Array(encoded.prefix(header.count)) == header, "\(format), \(frames) frames")
                #expect(encoded.count == header.count + frames * format.bytesPerFrame)
            }
        }
    }

    @Test("between 2 and 4 GiB the classic header holds the sizes as unsigned 32-bit numbers")
    func headerOver2GiB() {
        // The longest scenario there can be: 3600 s at 96 kHz in 32-bit float, 2.76 GB of samples.
        let frames = 3_600 * 96_000
        let header = ScenarioWAVFormat.f32.header(sampleRate: 96_000, frameCount: frames)
        let dataSize = frames * 8
        #expect(dataSize > Int(Int32.max))
        #expect(header.count == 58 && Self.text(header, at: 0) == "RIFF" && Self.text(header, at: 8) == "WAVE")
        #expect(Int(Self.number(header, at: 4, as: UInt32.self)) == 50 + dataSize)
        #expect(Self.number(header, at: 24, as: UInt32.self) == 96_000)
        #expect(Self.number(header, at: 28, as: UInt32.self) == 96_000 * 8)
        #expect(Self.text(header, at: 38) == "fact" && Int(Self.number(header, at: 46, as: UInt32.self)) == frames)
        #expect(Self.text(header, at: 50) == "data" && Int(Self.number(header, at: 54, as: UInt32.self)) == dataSize)

        // 16-bit at 2.5 GiB of samples.
        let frames16 = 5 << 28 / 4
        let header16 = ScenarioWAVFormat.s16.header(sampleRate: 48_000, frameCount: frames16)
        #expect(header16.count == 44 && Self.text(header16, at: 0) == "RIFF")
        #expect(Int(Self.number(header16, at: 4, as: UInt32.self)) == 36 + frames16 * 4)
        #expect(Self.text(header16, at: 36) == "data" && Int(Self.number(header16, at: 40, as: UInt32.self)) == 5 << 28)
    }

    @Test("past 4 GiB the header is RF64's, with the sizes in its ds64 chunk; the last classic size is still classic")
    func headerPast4GiB() {
        for format in ScenarioWAVFormat.allCases {
            let lastClassic = format.classicDataLimit / format.bytesPerFrame
            let classic = format.header(sampleRate: 48_000, frameCount: lastClassic)
            #expect(Self.text(classic, at: 0) == "RIFF")
            #expect(Self.number(classic, at: 4, as: UInt32.self) == UInt32(classic.count - 8 + lastClassic * format.bytesPerFrame))

            let frames = lastClassic + 1
            let header = format.header(sampleRate: 48_000, frameCount: frames)
            let dataSize = frames * format.bytesPerFrame
            #expect(header.count == (format == .s16 ? 80 : 94))
            #expect(Self.text(header, at: 0) == "RF64" && Self.number(header, at: 4, as: UInt32.self) == .max)
            #expect(Self.text(header, at: 8) == "WAVE" && Self.text(header, at: 12) == "ds64")
            #expect(Self.number(header, at: 16, as: UInt32.self) == 28)
            #expect(Int(Self.number(header, at: 20, as: UInt64.self)) == header.count - 8 + dataSize)
            #expect(Int(Self.number(header, at: 28, as: UInt64.self)) == dataSize)
            #expect(Int(Self.number(header, at: 36, as: UInt64.self)) == frames)
            #expect(Self.number(header, at: 44, as: UInt32.self) == 0)
            #expect(Self.text(header, at: 48) == "fmt ")
            #expect(Self.text(header, at: header.count - 8) == "data" && Self.number(header, at: header.count - 4, as: UInt32.self) == .max)
            if format == .f32 {
                #expect(Self.text(header, at: 74) == "fact" && Self.number(header, at: 82, as: UInt32.self) == .max)
            }
        }
        // 10 GiB of 16-bit audio: the 64-bit sizes hold it.
        let big = ScenarioWAVFormat.s16.header(sampleRate: 48_000, frameCount: 10 << 30 / 4)
        #expect(Self.number(big, at: 28, as: UInt64.self) == 10 << 30)
    }

    @Test("a writer planned for more than 4 GiB writes an RF64 file, patched at the end with the frames it got")
    func writerPatchesRF64() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scenario = Scenario(name: "big", duration: 1, soundtrack: nil)
        let planned = ScenarioWAVFormat.f32.classicDataLimit / 8 + 1
        let writer = try ScenarioFileWriter(scenario: scenario, frameCount: planned, wav: folder + "/big.wav", format: .f32)
        let samples = (0..<2_000).map { Float($0) / 4_000 }
        try samples.withUnsafeBufferPointer { try writer.receive(frames: $0) }
        try writer.finish()
        let bytes = try #require(FileManager.default.contents(atPath: folder + "/big.wav")).map { $0 }
        #expect(bytes.count == 94 + 8_000)
        #expect(Self.text(bytes, at: 0) == "RF64")
        #expect(Self.number(bytes, at: 20, as: UInt64.self) == UInt64(bytes.count - 8))
        #expect(Self.number(bytes, at: 28, as: UInt64.self) == 8_000)
        #expect(Self.number(bytes, at: 36, as: UInt64.self) == 1_000)
        #expect((0..<2_000).allSatisfy { Self.number(bytes, at: 94 + $0 * 4, as: UInt32.self) == samples[$0].bitPattern })
    }
}
