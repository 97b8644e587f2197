// SPDX-License-Identifier: Zlib
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `shooter-soundboard render` and `scenarios`, run as a child process.
@Suite("Render command")
struct RenderCommandTests {
    /// What a built-in scenario's event log must never show.
    static let neverLogged: [String: [String]] = [
        "phone-call-accepted": ["interruptionEnded"],
        "tour": ["actionRefused", "callRefused", "voiceRefused", "environmentUnavailable", "spatializationUnavailable"],
        "navigation-prompt-ducks": ["interruptionBegan"],
        "pause-menu": ["callRefused", "voiceRefused"],
    ]

    /// What each built-in scenario's event log must show, in order.
    static let expectations: [String: [String]] = [
        "phone-call-declined": ["soundtrackStarted", "phone.ring", "interruptionBegan", "contextCleared", "effectDropped",
                                "phone.decline", "interruptionEnded", "sessionActivated", "contextRestored", "effectPlayed"],
        "phone-call-accepted": ["phone.ring", "interruptionBegan", "phone.accept", "effectDropped", "phone.hangUp",
                                "sessionActivated", "contextRestored", "effectPlayed"],
        "pause-menu": ["busPaused", "busPaused", "soundtrackPaused", "voiceStarted", "busResumed", "busResumed", "soundtrackResumed"],
        "navigation-prompt-ducks": ["otherApp.activate", "duckBegan", "effectPlayed", "otherApp.deactivate", "duckEnded",
                                    "effectPlayed"],
        "alarm": ["alarm.fire", "interruptionBegan", "contextCleared", "alarm.dismiss", "interruptionEnded", "contextRestored"],
        "music-app-takes-over": ["music.play", "interruptionBegan", "effectDropped", "music.pause", "interruptionEnded",
                                 "sessionActivated", "contextRestored"],
        "other-app-non-mixable": ["otherApp.activate", "interruptionBegan", "otherApp.deactivate", "interruptionEnded",
                                  "contextRestored"],
        "app-suspended": ["app.background", "outputSilenced", "app.foreground", "interruptionBegan", "sessionActivated",
                          "contextRestored", "outputUnsilenced", "effectPlayed"],
        "silent-switch": ["silentSwitch.on", "outputSilenced", "silentSwitch.off", "outputUnsilenced"],
        "secondary-hint": ["categorySet", "music.pause", "secondaryHintEnded", "soundtrackStarted", "music.play",
                           "secondaryHintBegan", "soundtrackPaused", "music.pause", "secondaryHintEnded", "soundtrackResumed"],
        "headphones-unplugged": ["route.plug", "routeChanged", "route.unplug", "routeChanged", "effectPlayed"],
        "headphones-unplugged-media": ["route.unplug", "routeChanged", "soundtrackPaused", "effectPlayed", "soundtrackResumed"],
        "media-services-reset": ["mediaServices.lose", "mediaServicesLost", "contextDestroyed", "effectDropped",
                                 "mediaServices.reset", "mediaServicesReset", "contextRebuilt", "categorySet", "sessionActivated"],
        "music-at-launch": ["categorySet", "sessionActivated", "effectPlayed"],
        "legacy-rebuild-context": ["phone.ring", "interruptionBegan", "contextDestroyed", "phone.decline", "interruptionEnded",
                                   "sessionActivated", "contextRebuilt"],
        "tour": ["categorySet", "voiceStarted", "music.pause", "secondaryHintEnded", "soundtrackStarted", "otherApp.activate", "duckBegan",
                 "otherApp.deactivate", "duckEnded", "phone.ring", "interruptionBegan", "phone.decline", "interruptionEnded", "alarm.fire", "alarm.dismiss",
                 "busDucked", "busRestored", "silentSwitch.on", "outputSilenced", "silentSwitch.off", "spatializationChanged", "route.unplug", "routeChanged",
                 "spatializationChanged", "voiceStarted", "voiceStarted", "voiceStarted", "music.play", "music.pause", "effectPlayed", "busDucked", "busRestored",
                 "phone.accept", "phone.hangUp", "sessionActivated", "mediaServices.lose", "mediaServicesLost",
                 "mediaServices.reset", "contextRebuilt", "app.background", "app.foreground", "busPaused", "busPaused",
                 "soundtrackPaused", "busResumed", "busResumed", "soundtrackResumed", "soundtrackStopped", "environmentChanged",
                 "effectPlayed", "environmentChanged", "voiceEnded"],
    ]

    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "soundboard-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("`scenarios` lists every built-in scenario with a description")
    func listsScenarios() throws {
        let result = try DemoProcess.run(["scenarios"])
        #expect(result.status == 0)
        let names = result.output.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(Set(names) == Set(Self.expectations.keys))
        #expect(result.output.split(separator: "\n").allSatisfy { $0.count > 40 })
    }

    @Test("every built-in scenario renders, with its expected events in order and a timeline that parses as XML",
          arguments: expectations.keys.sorted())
    func rendersBuiltIn(name: String) throws {
        let folder = try Self.temporaryFolder()
        let result = try DemoProcess.run(["render", name, "--out", folder + "/a.wav", "--events", folder + "/a.jsonl",
                                          "--timeline", folder + "/a.svg"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let wav = try Data(contentsOf: URL(fileURLWithPath: folder + "/a.wav"))
        #expect(wav.count > 44 && wav.prefix(4) == Data("RIFF".utf8))
        let lines = try String(contentsOfFile: folder + "/a.jsonl", encoding: .utf8).split(separator: "\n")
        let names = try lines.map { line -> String in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["event"] as? String)
        }
        var remaining = (Self.expectations[name] ?? [])[...]
        for event in names where event == remaining.first { remaining = remaining.dropFirst() }
        #expect(remaining.isEmpty, "missing from \(name)'s log, in order: \(Array(remaining))")
        for absent in Self.neverLogged[name] ?? [] {
            #expect(!names.contains(absent), "\(name)'s log must not contain \(absent)")
        }
        let svg = try Data(contentsOf: URL(fileURLWithPath: folder + "/a.svg"))
        #expect(XMLParser(data: svg).parse())
    }

    /// A render that must fail: its arguments (with FOLDER for a fresh folder), the exit status, and
    /// words its one-line message must contain.
    struct FailingRender: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        let status: Int32
        let message: String
        var testDescription: String { name }
    }

    static let failingRenders: [FailingRender] = [
        FailingRender(name: "an undecodable soundtrack", arguments: ["FOLDER/text-track.json", "--out", "FOLDER/a.wav",
                                                                     "--events", "FOLDER/a.jsonl"],
                      status: 1, message: "FOLDER/notes.ogg: it is not a WAV, Ogg Vorbis, Opus or FLAC file"),
        FailingRender(name: "an undecodable stream", arguments: ["FOLDER/text-stream.json", "--out", "FOLDER/a.wav",
                                                                  "--events", "FOLDER/a.jsonl", "--timeline", "FOLDER/a.svg"],
                      status: 1, message: "event 0 cannot stream FOLDER/notes.ogg: cannot decode FOLDER/notes.ogg: it is not a WAV, Ogg Vorbis, Opus or FLAC file"),
        FailingRender(name: "a stream that is no file", arguments: ["FOLDER/missing-stream.json", "--out", "FOLDER/a.wav"],
                      status: 1, message: "unknown stream 'FOLDER/rain.ogg': neither a stream or soundtrack name (available: theme, wind) nor an existing file"),
        FailingRender(name: "a text file named .ogg as an effect", arguments: ["alarm", "--out", "FOLDER/a.wav",
                                                                               "--assets", "FOLDER/assets"],
                      status: 1, message: "FOLDER/assets/sfx/laser.ogg: it is not a WAV, Ogg Vorbis, Opus or FLAC file"),
        FailingRender(name: "a missing scenario file", arguments: ["FOLDER/nothing.json", "--out", "FOLDER/a.wav"],
                      status: 1, message: "FOLDER/nothing.json: no such scenario file"),
        FailingRender(name: "malformed JSON", arguments: ["FOLDER/malformed.json", "--out", "FOLDER/a.wav"],
                      status: 1, message: "FOLDER/malformed.json:3:3: expected ',' or '}' (not valid JSON)"),
        FailingRender(name: "an output folder that does not exist", arguments: ["alarm", "--out", "FOLDER/a.wav",
                                                                                "--events", "FOLDER/missing/a.jsonl"],
                      status: 1, message: "cannot write FOLDER/missing/a.jsonl: No such file or directory"),
        FailingRender(name: "the same path for two outputs", arguments: ["alarm", "--out", "FOLDER/a.wav",
                                                                         "--timeline", "FOLDER/./a.wav"],
                      status: 64, message: "the same path is given for two outputs"),
        FailingRender(name: "an unknown flag", arguments: ["alarm", "--out", "FOLDER/a.wav", "--loud"],
                      status: 64, message: "Unknown option '--loud'"),
    ]

    @Test("a render that cannot do what it is asked fails with one line naming the file and the reason, and leaves no file behind",
          arguments: failingRenders)
    func failingRender(_ failing: FailingRender) throws {
        let folder = try Self.temporaryFolder()
        let assets = folder + "/assets"
        try FileManager.default.createDirectory(atPath: assets + "/sfx", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: assets + "/music", withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: DemoProcess.repositoryRoot + "/assets/sfx") {
            try FileManager.default.copyItem(atPath: DemoProcess.repositoryRoot + "/assets/sfx/" + file, toPath: assets + "/sfx/" + file)
        }
        try FileManager.default.copyItem(atPath: DemoProcess.repositoryRoot + "/assets/music/theme.ogg", toPath: assets + "/music/theme.ogg")
        try FileManager.default.removeItem(atPath: assets + "/sfx/laser.ogg")
        try Data("these are notes, not audio".utf8).write(to: URL(fileURLWithPath: assets + "/sfx/laser.ogg"))
        try Data("these are notes, not audio".utf8).write(to: URL(fileURLWithPath: folder + "/notes.ogg"))
        try Data(#"{"name": "t", "duration": 1, "soundtrack": "\#(folder)/notes.ogg", "events": [{"at": 0.1, "fire": "laser"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/text-track.json"))
        for (file, stream) in [("text-stream.json", "notes.ogg"), ("missing-stream.json", "rain.ogg")] {
            let json = #"{"name": "s", "duration": 1, "soundtrack": null, "#
                + #""events": [{"at": 0.1, "stream": "\#(folder)/\#(stream)", "voice": "w"}]}"#
            try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/" + file))
        }
        try Data("{\"name\": \"m\",\n  \"duration\": 1\n  \"events\": []}\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/malformed.json"))
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: folder))

        let result = try DemoProcess.run(["render"] + failing.arguments.map { $0.replacingOccurrences(of: "FOLDER", with: folder) })
        #expect(result.status == failing.status, "\(result.errorOutput)")
        let message = failing.message.replacingOccurrences(of: "FOLDER", with: folder)
        #expect(result.errorOutput.contains(message), "\(result.errorOutput)")
        let usage = result.errorOutput.contains("Usage:")
        #expect(usage == (failing.status == 64), "usage is printed for usage errors only: \(result.errorOutput)")
        if failing.status == 1 {
            #expect(result.errorOutput.split(separator: "\n").count == 1, "one line: \(result.errorOutput)")
        }
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder)) == before, "a file was left behind")
    }

    @Test("each command's help states each default once and ends with examples and exit codes",
          arguments: [["render", "--help"], ["help", "render"], ["play", "--help"], ["--help"], ["scenarios", "--help"]])
    func helpTexts(arguments: [String]) throws {
        let result = try DemoProcess.run(arguments)
        #expect(result.status == 0)
        #expect(!result.output.contains(") (default:"), "a default stated twice")
        let examples = try #require(result.output.range(of: "EXAMPLES:"))
        #expect(result.output[examples.upperBound...].contains("shooter-soundboard "), "an example follows")
        #expect(!result.output[examples.upperBound...].contains("OPTIONS:"), "the examples come last")
    }

    @Test("--quiet prints nothing on success, and --progress draws nothing when standard output is not a terminal")
    func quietAndProgress() throws {
        let folder = try Self.temporaryFolder()
        let quiet = try DemoProcess.run(["render", "alarm", "--out", folder + "/a.wav", "--quiet"])
        #expect(quiet.status == 0)
        #expect(quiet.output.isEmpty)
        let piped = try DemoProcess.run(["render", "alarm", "--out", folder + "/b.wav", "--progress"])
        #expect(piped.status == 0)
        #expect(!piped.output.contains("\r"), "no bar into a pipe")
        #expect(piped.output.hasPrefix("Rendered alarm"))
        #expect(FileManager.default.contents(atPath: folder + "/a.wav") == FileManager.default.contents(atPath: folder + "/b.wav"),
                "rendering in one-second steps for the bar changes no sample")
    }

    @Test("a failed render leaves a file already at an output's path untouched")
    func existingFileUntouched() throws {
        let folder = try Self.temporaryFolder()
        try Data("the previous render".utf8).write(to: URL(fileURLWithPath: folder + "/a.wav"))
        let result = try DemoProcess.run(["render", "alarm", "--out", folder + "/a.wav", "--events", folder + "/missing/a.jsonl"])
        #expect(result.status == 1)
        #expect(try String(contentsOfFile: folder + "/a.wav", encoding: .utf8) == "the previous render")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.wav"])
    }

    @Test("a malformed scenario exits non-zero, names the event and the field, and writes no WAV")
    func malformedScenario() throws {
        let folder = try Self.temporaryFolder()
        let scenario = folder + "/bad.json"
        try Data(#"{"name": "bad", "duration": 4, "events": [{"at": 1, "fire": "laser"}, {"at": 2, "system": "phone.rnig"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: scenario))
        let result = try DemoProcess.run(["render", scenario, "--out", folder + "/bad.wav"])
        #expect(result.status != 0)
        #expect(result.errorOutput.contains("event 1"))
        #expect(result.errorOutput.contains("phone.rnig"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/bad.wav"))
    }

    @Test("an unknown scenario name is one clear sentence and a non-zero exit")
    func unknownScenario() throws {
        let result = try DemoProcess.run(["render", "no-such-scenario", "--out", "/tmp/never.wav"])
        #expect(result.status != 0)
        #expect(result.errorOutput.contains("no-such-scenario"))
    }
}
