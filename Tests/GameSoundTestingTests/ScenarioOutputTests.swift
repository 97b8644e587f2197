// SPDX-License-Identifier: Zlib
import AudioFiles
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GameSound
import GameSoundTesting
import OpenAL
import Testing

/// The outputs of a render: the JSON Lines log, the WAV file and the SVG timeline.
@Suite("Scenario outputs")
struct ScenarioOutputTests {
    init() { _ = OpenALProcess.setDrivers("null") }

    /// A render with a call, the silent switch and a route change, from generated assets.
    static func renderedCall() throws -> ScenarioRender {
        let fixture = try ScenarioTestAssets.make()
        defer { fixture.remove() }
        let scenario = try Scenario.parse(json: """
        {"name": "call & switch <test>", "duration": 4.0, "events": [
          {"at": 0.25, "fire": "beep"}, {"at": 0.5, "system": "phone.ring"}, {"at": 1.5, "system": "phone.decline"},
          {"at": 2.0, "system": "silentSwitch.on"}, {"at": 2.5, "system": "silentSwitch.off"},
          {"at": 3.0, "system": "route.plug", "port": "headphones"}]}
        """)
        return try ScenarioRunner().render(scenario, assets: fixture.assets)
    }

    /// A render built by hand, with no audio engine involved.
    static func handmade(name: String = "handmade", events: [GameSoundEvent]) -> ScenarioRender {
        ScenarioRender(scenario: Scenario(name: name, duration: 1, soundtrack: nil),
                       samples: (0..<96_000).map { Float(($0 / 2) % 100) / 200 - 0.25 }, events: events)
    }

    // MARK: - Event log

    @Test("every JSON Lines line parses back, in order, with frame, time, source and event first")
    func jsonLinesParseBack() throws {
        let render = try Self.renderedCall()
        let lines = render.eventLogJSONLines().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "")
        #expect(lines.count - 1 == render.events.count)
        for (line, event) in zip(lines, render.events) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["frame"] as? Int == event.frame)
            #expect(object["time"] as? Double == event.time)
            #expect(object["source"] as? String == event.origin.rawValue)
            #expect(object["event"] as? String == event.name)
            #expect(Set(object.keys) == Set(["frame", "time", "source", "event"] + event.details.map(\.key)))
            let keys = (["frame", "time", "source", "event"] + event.details.map(\.key)).map { "\"\($0)\":" }
            let positions = keys.compactMap { line.range(of: $0)?.lowerBound }
            #expect(positions.count == keys.count && positions == positions.sorted(), "keys out of order in \(line)")
        }
        let route = try #require(render.eventLogJSONLines().split(separator: "\n").first { $0.contains("\"routeChanged\"") })
        #expect(route.hasSuffix(#""reason":"newDeviceAvailable","previous":"builtInSpeaker","current":"headphones"}"#))
        let ring = try #require(render.eventLogJSONLines().split(separator: "\n").first { $0.contains("phone.ring") })
        #expect(ring == #"{"frame":24000,"time":0.5,"source":"system","event":"phone.ring"}"#)
    }

    @Test("strings are escaped and numbers, booleans and lists keep their JSON types")
    func jsonLinesTypesAndEscaping() throws {
        let event = GameSoundEvent(frame: 480, time: 0.01, origin: .game, name: "odd \"name\"\\\n\t\u{1}é",
                                   details: [.init("count", .integer(-3)), .init("ratio", .number(0.25)),
                                             .init("flag", .bool(false)), .init("names", .strings(["a", "b\"c"])),
                                             .init("text", .string("<&>"))])
        let text = Self.handmade(events: [event]).eventLogJSONLines()
        #expect(text.filter { $0 == "\n" }.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["event"] as? String == event.name)
        #expect(object["count"] as? Int == -3)
        #expect(object["ratio"] as? Double == 0.25)
        #expect((object["flag"] as? NSNumber).map { String(cString: $0.objCType) } == "c")
        #expect(object["flag"] as? Bool == false)
        #expect(object["names"] as? [String] == ["a", "b\"c"])
        #expect(object["text"] as? String == "<&>")
    }

    // MARK: - WAV

    @Test("the WAV bytes decode back to the render: 16-bit within one step, float exactly")
    func wavRoundTrip() throws {
        let render = Self.handmade(events: [])
        let pcm = try AudioDecoder.decode(bytes: render.wavBytes(format: .s16))
        #expect(pcm.format == PCMFormat(sampleRate: 48_000, channelCount: 2))
        #expect(pcm.frameCount == render.frameCount)
        let worst = zip(pcm.samples, render.samples).map { abs($0 - $1) }.max() ?? 1
        #expect(worst <= 1.0 / 32_768)
        let float = try AudioDecoder.decode(bytes: render.wavBytes(format: .f32))
        #expect(float.samples == render.samples)
    }

    @Test("write puts the same three outputs on disk, and a missing folder is an error naming the file")
    func writeFiles() throws {
        let render = try Self.renderedCall()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("outputs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try render.write(wav: folder + "/a.wav", events: folder + "/a.jsonl", timeline: folder + "/a.svg")
        #expect(FileManager.default.contents(atPath: folder + "/a.wav") == Data(render.wavBytes()))
        #expect(FileManager.default.contents(atPath: folder + "/a.jsonl") == Data(render.eventLogJSONLines().utf8))
        #expect(FileManager.default.contents(atPath: folder + "/a.svg") == Data(render.timelineSVG().utf8))
        let error = #expect(throws: ScenarioOutputError.self) { try render.write(events: folder + "/missing/a.jsonl") }
        #expect(error?.path == folder + "/missing/a.jsonl")
        #expect(error?.errno == ENOENT)
    }

    // MARK: - Timeline

    @Test("the timeline is valid XML with both waveforms, one mark per event and shaded spans")
    func timelineIsValidXML() throws {
        let render = try Self.renderedCall()
        let svg = try SVGSummary(render.timelineSVG())
        #expect(svg.root == "svg")
        #expect(svg.classes["waveform"] == 2)
        #expect(svg.classes["event"] == render.events.count)
        #expect(svg.classes["span interruption"] == 1)
        #expect(svg.classes["span silenced"] == 1)
        #expect(svg.classes["span mediaServicesLost"] == nil)
        #expect(svg.texts.contains("call & switch <test>"))
        #expect(svg.texts.contains("interrupted") && svg.texts.contains("output silenced") && svg.texts.contains("media services lost"))
        #expect(svg.texts.contains("0 s") && svg.texts.contains("4 s"))
        #expect(svg.classes["tick"] == 5)
        // The interruption is shaded from the ring (0.5 s) to the decline (1.5 s): an eighth to three eighths.
        let span = try #require(svg.spans["span interruption"])
        let plotWidth = 1_600.0 - 40 - 16
        #expect(abs(span.x - (40 + plotWidth / 8)) < 0.2)
        #expect(abs(span.width - plotWidth / 4) < 0.2)
    }

    @Test("the timeline shades ducking, the answered call and the hint, each with its legend entry")
    func timelineSessionSpans() throws {
        let render = Self.handmade(name: "spans", events: [
            GameSoundEvent(frame: 3_000, time: 0.0625, origin: .system, name: "duckBegan"),
            GameSoundEvent(frame: 6_000, time: 0.125, origin: .system, name: "duckEnded"),
            GameSoundEvent(frame: 12_000, time: 0.25, origin: .system, name: "phone.accept"),
            GameSoundEvent(frame: 24_000, time: 0.5, origin: .system, name: "phone.hangUp"),
            GameSoundEvent(frame: 30_000, time: 0.625, origin: .session, name: "secondaryHintBegan"),
            GameSoundEvent(frame: 36_000, time: 0.75, origin: .session, name: "secondaryHintEnded"),
        ])
        let svg = try SVGSummary(render.timelineSVG(width: 800))
        for kind in ["ducked", "answeredCall", "hintHeld"] {
            #expect(svg.classes["span \(kind)"] == 1, "\(kind)")
        }
        let plotWidth = 800.0 - 40 - 16
        let call = try #require(svg.spans["span answeredCall"])
        #expect(abs(call.x - (40 + plotWidth / 4)) < 0.2)
        #expect(abs(call.width - plotWidth / 4) < 0.2)
        #expect(svg.texts.contains("ducked by another app") && svg.texts.contains("answered call")
            && svg.texts.contains("soundtrack held by the hint"))
    }

    @Test("labels never overlap in a row nor run off the picture; when the rows run out they become numbers with a key")
    func labelsDoNotOverlap() throws {
        let names = ["interruptionBegan", "effectPlayed explosion", "contextCleared", "outputUnsilenced", "routeChanged"]
        let events = (0..<60).map { index in
            GameSoundEvent(frame: min(47_999, index * 600), time: Double(index) / 80, origin: .session, name: names[index % names.count])
        } + (0..<30).map { GameSoundEvent(frame: 24_000, time: 0.5, origin: .system, name: "phone.ring \($0)") }
            + (0..<3).map { GameSoundEvent(frame: 47_990, time: 0.999, origin: .game, name: "effectPlayed laser \($0)") }
        let svg = try SVGSummary(Self.handmade(name: "crowded", events: events).timelineSVG(width: 800))
        #expect(svg.classes["event"] == events.count, "every event has its line")
        let extents = svg.labels.map { label in
            let width = Double(label.text.count) * 5.8  // an independent estimate of 10 px sans-serif
            return (y: label.y, range: label.endAnchored ? (label.x - width)...label.x : label.x...(label.x + width))
        }
        for (index, extent) in extents.enumerated() {
            #expect(extent.range.lowerBound >= 0 && extent.range.upperBound <= 800, "label \(index) runs off the picture")
            for other in extents[(index + 1)...] where other.y == extent.y {
                #expect(!extent.range.overlaps(other.range), "two labels overlap in the row at y \(extent.y)")
            }
        }
        #expect(svg.texts.contains("Numbered events"), "the crowd needs the numbered key")
        let numbered = svg.classes["key"] ?? 0
        #expect(numbered > 0)
        #expect(svg.labels.count { $0.text.first?.isNumber == true } >= 1)
        #expect(svg.labels.count { $0.text.first?.isNumber != true } + numbered == events.count,
                "each event is named once: by its label, or in the key")
    }

    @Test("a span never closed runs to the end, and odd event names stay valid XML")
    func timelineOpenSpanAndEscaping() throws {
        let render = Self.handmade(name: "a\"b'c<d>&e", events: [
            GameSoundEvent(frame: 24_000, time: 0.5, origin: .system, name: "mediaServices.lose & <more>"),
            GameSoundEvent(frame: 24_000, time: 0.5, origin: .session, name: "mediaServicesLost"),
        ])
        let svg = try SVGSummary(render.timelineSVG(width: 800))
        let span = try #require(svg.spans["span mediaServicesLost"])
        #expect(abs(span.x + span.width - (800 - 16)) < 0.2)
        #expect(svg.texts.contains("mediaServices.lose & <more>"))
        #expect(svg.texts.contains("a\"b'c<d>&e"))
    }
}

/// What an SVG document holds, read with Foundation's XML parser (which fails on invalid XML).
final class SVGSummary: NSObject, XMLParserDelegate {
    var root: String?
    var classes: [String: Int] = [:]
    var spans: [String: (x: Double, width: Double)] = [:]
    var texts: [String] = []
    /// Every event label: where it is anchored, whether it ends there, and its text.
    var labels: [(x: Double, y: Double, endAnchored: Bool, text: String)] = []
    private var pendingLabel: (x: Double, y: Double, endAnchored: Bool)?
    private var text = ""

    init(_ svg: String) throws {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        guard parser.parse() else {
            throw parser.parserError ?? CocoaError(.propertyListReadCorrupt)
        }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if root == nil { root = name }
        if name == "text", attributes["fill"] != nil, let x = attributes["x"].flatMap(Double.init),
           let y = attributes["y"].flatMap(Double.init) {
            pendingLabel = (x, y, attributes["text-anchor"] == "end")
        }
        if let kind = attributes["class"] {
            classes[kind, default: 0] += 1
            if kind.hasPrefix("span "), let x = attributes["x"].flatMap(Double.init),
               let width = attributes["width"].flatMap(Double.init) {
                spans[kind] = (x, width)
            }
        }
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text" {
            texts.append(text)
            if let placed = pendingLabel { labels.append((placed.x, placed.y, placed.endAnchored, text)) }
        }
        pendingLabel = nil
        text = ""
    }
}
