// SPDX-License-Identifier: Zlib
import AudioSession
import GameSound
import GameSoundTesting
import Testing

/// The scenario format: the spec's example reads back exactly, defaults apply, and every kind of
/// mistake is reported with the right event index and field.
@Suite("Scenario parsing")
struct ScenarioParsingTests {
    static let specExample = """
    {
      "name": "phone-call-declined",
      "sampleRate": 48000,
      "duration": 8.0,
      "policy": "effectsPlusSoundtrackIfNoOtherAudio",
      "launch": { "otherAudio": "none", "silentSwitch": false, "screenLocked": false, "route": "builtInSpeaker" },
      "soundtrack": "theme",
      "events": [
        { "at": 0.5, "fire": "laser" },
        { "at": 1.0, "system": "phone.ring" },
        { "at": 3.0, "system": "phone.decline" },
        { "at": 3.5, "fire": "explosion", "gain": 0.8, "pan": -0.5 }
      ]
    }
    """

    @Test("the spec's example scenario reads back with every value and event")
    func specExampleParses() throws {
        let scenario = try Scenario.parse(json: Self.specExample)
        #expect(scenario.name == "phone-call-declined")
        #expect(scenario.sampleRate == 48_000)
        #expect(scenario.duration == 8.0)
        #expect(scenario.policy == .effectsPlusSoundtrackIfNoOtherAudio)
        #expect(scenario.launch == LaunchState(otherAudio: .none, silentSwitch: false, screenLocked: false, route: .builtInSpeaker))
        #expect(scenario.soundtrack == "theme")
        #expect(scenario.voices == 32)
        #expect(scenario.interruptionStrategy == .suspendContext)
        #expect(scenario.events == [
            ScenarioEvent(at: 0.5, .fire("laser")),
            ScenarioEvent(at: 1.0, .system(.phoneRing)),
            ScenarioEvent(at: 3.0, .system(.phoneDecline)),
            ScenarioEvent(at: 3.5, .fire("explosion", gain: 0.8, pan: -0.5)),
        ])
        #expect(scenario.events.map { scenario.frame(of: $0.at) } == [24_000, 48_000, 144_000, 168_000])
        #expect(scenario.frameCount == 384_000)
        #expect(scenario.firedSounds == ["laser", "explosion"])
    }

    @Test("omitted keys take the spec's defaults, and a null soundtrack means none")
    func defaultsAndNullSoundtrack() throws {
        let omitted = try Scenario.parse(json: #"{"name": "n", "duration": 1}"#)
        #expect(omitted.soundtrack == "theme")
        #expect(omitted.sampleRate == 48_000 && omitted.voices == 32 && omitted.events.isEmpty)
        #expect(omitted.policy == .effectsPlusSoundtrackIfNoOtherAudio && omitted.launch == LaunchState())
        let none = try Scenario.parse(json: #"{"name": "n", "duration": 1, "soundtrack": null}"#)
        #expect(none.soundtrack == nil)
    }

    @Test("every event kind and system parameter is read, and key order does not matter")
    func allKinds() throws {
        let scenario = try Scenario.parse(json: """
        {"events": [
          {"fire": "x", "at": 0, "gain": 0.5, "pitch": 2, "pan": 1, "loop": true, "priority": 3},
          {"at": 0.1, "soundtrack": "play", "track": "boss"},
          {"at": 0.2, "soundtrack": "pause"},
          {"at": 0.3, "system": "otherApp.activate", "category": "playback", "options": ["mixWithOthers", "duckOthers"]},
          {"at": 0.4, "system": "otherApp.deactivate", "notifyOthers": true},
          {"at": 0.5, "system": "route.plug", "port": "headphones"},
          {"at": 0.6, "system": "volume.set", "value": 0.25}
        ], "duration": 2, "voices": 4, "interruptionStrategy": "rebuildContext", "sampleRate": 44100, "name": "kinds",
        "launch": {"route": "headphones", "otherAudio": "mixable", "silentSwitch": true, "screenLocked": true},
        "policy": "mediaPlayback"}
        """)
        #expect(scenario.voices == 4 && scenario.sampleRate == 44_100 && scenario.interruptionStrategy == .rebuildContext)
        #expect(scenario.policy == .mediaPlayback)
        #expect(scenario.launch == LaunchState(otherAudio: .mixable, silentSwitch: true, screenLocked: true, route: .headphones))
        #expect(scenario.events.map(\.kind) == [
            .fire("x", gain: 0.5, pitch: 2, pan: 1, loop: true, priority: 3),
            .soundtrack(.play(track: "boss")),
            .soundtrack(.pause),
            .system(.otherAppActivate(category: .playback, options: [.mixWithOthers, .duckOthers])),
            .system(.otherAppDeactivate(notifyOthers: true)),
            .system(.routePlug(port: .headphones)),
            .system(.volumeSet(0.25)),
        ])
        #expect(scenario.events[0].playOptions == PlayOptions(gain: 0.5, pitch: 2, pan: 1, loop: true, priority: 3))
    }

    /// A malformed scenario and where its error must point.
    struct Malformed: Sendable, CustomTestStringConvertible {
        let label: String
        let json: String
        let eventIndex: Int?
        let field: String
        var testDescription: String { label }

        /// A valid 4-second scenario around the given events, with `extra` top-level members.
        init(_ label: String, events: String = "", extra: String = "", eventIndex: Int?, field: String) {
            self.label = label
            self.json = #"{"name": "bad", "duration": 4.0\#(extra), "events": [\#(events)]}"#
            self.eventIndex = eventIndex
            self.field = field
        }

        init(_ label: String, json: String, eventIndex: Int?, field: String) {
            self.label = label
            self.json = json
            self.eventIndex = eventIndex
            self.field = field
        }
    }

    static let malformed: [Malformed] = [
        Malformed("unknown top-level key", extra: #", "sampelRate": 48000"#, eventIndex: nil, field: "sampelRate"),
        Malformed("unknown launch key", extra: #", "launch": {"silent": true}"#, eventIndex: nil, field: "launch.silent"),
        Malformed("unknown launch route", extra: #", "launch": {"route": "speaker"}"#, eventIndex: nil, field: "launch.route"),
        Malformed("launch otherAudio of the wrong type", extra: #", "launch": {"otherAudio": 1}"#, eventIndex: nil,
                  field: "launch.otherAudio"),
        Malformed("unknown policy", extra: #", "policy": "loud""#, eventIndex: nil, field: "policy"),
        Malformed("unsupported sample rate", extra: #", "sampleRate": 44000"#, eventIndex: nil, field: "sampleRate"),
        Malformed("fractional sample rate", extra: #", "sampleRate": 48000.5"#, eventIndex: nil, field: "sampleRate"),
        Malformed("zero duration", json: #"{"name": "bad", "duration": 0}"#, eventIndex: nil, field: "duration"),
        Malformed("absurd duration", json: #"{"name": "bad", "duration": 3601}"#, eventIndex: nil, field: "duration"),
        Malformed("duration as a string", json: #"{"name": "bad", "duration": "4"}"#, eventIndex: nil, field: "duration"),
        Malformed("missing duration", json: #"{"name": "bad"}"#, eventIndex: nil, field: "duration"),
        Malformed("zero voices", extra: #", "voices": 0"#, eventIndex: nil, field: "voices"),
        Malformed("unknown system action", events: #"{"at": 0, "fire": "a"}, {"at": 1, "system": "phone.rnig"}"#,
                  eventIndex: 1, field: "system"),
        Malformed("unknown port", events: #"{"at": 1, "system": "route.plug", "port": "jack"}"#, eventIndex: 0, field: "port"),
        Malformed("missing port", events: #"{"at": 1, "system": "route.unplug"}"#, eventIndex: 0, field: "port"),
        Malformed("unknown category", events: #"{"at": 1, "system": "otherApp.activate", "category": "loud"}"#,
                  eventIndex: 0, field: "category"),
        Malformed("unknown category option",
                  events: #"{"at": 1, "system": "otherApp.activate", "category": "playback", "options": ["mixWithEveryone"]}"#,
                  eventIndex: 0, field: "options"),
        Malformed("parameter a system action does not take", events: #"{"at": 1, "system": "phone.ring", "port": "headphones"}"#,
                  eventIndex: 0, field: "port"),
        Malformed("unknown key in a fire event", events: #"{"at": 1, "fire": "a", "volume": 1}"#, eventIndex: 0, field: "volume"),
        Malformed("event past the duration", events: #"{"at": 1, "fire": "a"}, {"at": 2, "fire": "a"}, {"at": 4.5, "fire": "a"}"#,
                  eventIndex: 2, field: "at"),
        Malformed("events out of order", events: #"{"at": 2, "fire": "a"}, {"at": 1, "fire": "a"}"#, eventIndex: 1, field: "at"),
        Malformed("negative time", events: #"{"at": -0.1, "system": "screen.lock"}"#, eventIndex: 0, field: "at"),
        Malformed("time as a string", events: #"{"at": "1", "fire": "a"}"#, eventIndex: 0, field: "at"),
        Malformed("missing time", events: #"{"fire": "a"}"#, eventIndex: 0, field: "at"),
        Malformed("event without a kind", events: #"{"at": 1, "gain": 1}"#, eventIndex: 0, field: "fire"),
        Malformed("event with two kinds", events: #"{"at": 1, "fire": "a", "system": "phone.ring"}"#, eventIndex: 0, field: "system"),
        Malformed("loop that is not a boolean", events: #"{"at": 1, "fire": "a", "loop": 1}"#, eventIndex: 0, field: "loop"),
        Malformed("fractional priority", events: #"{"at": 1, "fire": "a", "priority": 1.5}"#, eventIndex: 0, field: "priority"),
        Malformed("pan out of range", events: #"{"at": 1, "fire": "a", "pan": 2}"#, eventIndex: 0, field: "pan"),
        Malformed("unknown soundtrack command", events: #"{"at": 1, "soundtrack": "rewind"}"#, eventIndex: 0, field: "soundtrack"),
        Malformed("track given to pause", events: #"{"at": 1, "soundtrack": "pause", "track": "boss"}"#, eventIndex: 0, field: "track"),
        Malformed("volume out of range", events: #"{"at": 1, "system": "volume.set", "value": 1.5}"#, eventIndex: 0, field: "value"),
        Malformed("stop of a label no fire gave", events: #"{"at": 1, "fire": "a", "voice": "x"}, {"at": 2, "stop": "y"}"#,
                  eventIndex: 1, field: "stop"),
        Malformed("stop of a label only a later fire gives", events: #"{"at": 1, "stop": "x"}, {"at": 2, "fire": "a", "voice": "x"}"#,
                  eventIndex: 0, field: "stop"),
        Malformed("stop that is not a string", events: #"{"at": 1, "stop": 3}"#, eventIndex: 0, field: "stop"),
        Malformed("stop with an extra key", events: #"{"at": 1, "fire": "a", "voice": "x"}, {"at": 2, "stop": "x", "gain": 1}"#,
                  eventIndex: 1, field: "gain"),
        Malformed("empty voice label", events: #"{"at": 1, "fire": "a", "voice": ""}"#, eventIndex: 0, field: "voice"),
        Malformed("voice label that is not a string", events: #"{"at": 1, "fire": "a", "voice": 1}"#, eventIndex: 0, field: "voice"),
        Malformed("unknown effects command", events: #"{"at": 1, "effects": "mute"}"#, eventIndex: 0, field: "effects"),
        Malformed("effects volume without a value", events: #"{"at": 1, "effects": "volume"}"#, eventIndex: 0, field: "value"),
        Malformed("effects volume above 1", events: #"{"at": 1, "effects": "volume", "value": 1.5}"#, eventIndex: 0, field: "value"),
        Malformed("effects volume as a string", events: #"{"at": 1, "effects": "volume", "value": "loud"}"#, eventIndex: 0,
                  field: "value"),
        Malformed("stopAll with a value", events: #"{"at": 1, "effects": "stopAll", "value": 1}"#, eventIndex: 0, field: "value"),
        Malformed("preload of an empty name", events: #"{"at": 1, "preload": ""}"#, eventIndex: 0, field: "preload"),
        Malformed("unload that is not a string", events: #"{"at": 1, "unload": ["a"]}"#, eventIndex: 0, field: "unload"),
        Malformed("preload with an extra key", events: #"{"at": 1, "preload": "a", "gain": 1}"#, eventIndex: 0, field: "gain"),
        Malformed("preload list that is not an array", extra: #", "preload": "a""#, eventIndex: nil, field: "preload"),
        Malformed("preload list holding a number", extra: #", "preload": ["a", 2]"#, eventIndex: nil, field: "preload"),
        Malformed("crossfade without a track", events: #"{"at": 1, "soundtrack": "crossfade"}"#, eventIndex: 0, field: "track"),
        Malformed("crossfade with a negative duration", events: #"{"at": 1, "soundtrack": "crossfade", "track": "b", "duration": -1}"#,
                  eventIndex: 0, field: "duration"),
        Malformed("soundtrack volume below 0", events: #"{"at": 1, "soundtrack": "volume", "value": -0.1}"#, eventIndex: 0,
                  field: "value"),
        Malformed("soundtrack volume without a value", events: #"{"at": 1, "soundtrack": "volume"}"#, eventIndex: 0, field: "value"),
        Malformed("fadeIn given to stop", events: #"{"at": 1, "soundtrack": "stop", "fadeIn": 1}"#, eventIndex: 0, field: "fadeIn"),
        Malformed("track given to resume", events: #"{"at": 1, "soundtrack": "resume", "track": "b"}"#, eventIndex: 0, field: "track"),
        Malformed("negative fadeIn", events: #"{"at": 1, "soundtrack": "resume", "fadeIn": -0.5}"#, eventIndex: 0, field: "fadeIn"),
        Malformed("fadeOut as a string", events: #"{"at": 1, "soundtrack": "stop", "fadeOut": "1"}"#, eventIndex: 0, field: "fadeOut"),
        Malformed("play fadeIn as a boolean", events: #"{"at": 1, "soundtrack": "play", "fadeIn": true}"#, eventIndex: 0,
                  field: "fadeIn"),
        Malformed("resume with no soundtrack at all", events: #"{"at": 1, "soundtrack": "resume"}"#, extra: #", "soundtrack": null"#,
                  eventIndex: 0, field: "soundtrack"),
        Malformed("event that is not an object", events: #"{"at": 1, "fire": "a"}, "phone.ring""#, eventIndex: 1, field: ""),
        Malformed("not JSON at all", json: #"{"name": "bad", "duration": 4,"#, eventIndex: nil, field: ""),
    ]

    @Test("a malformed scenario is rejected with the faulty event's index and field", arguments: malformed)
    func malformedScenario(_ malformed: Malformed) {
        #expect {
            _ = try Scenario.parse(json: malformed.json)
        } throws: { error in
            guard let error = error as? ScenarioError else { return false }
            return error.eventIndex == malformed.eventIndex && error.field == malformed.field && !error.message.isEmpty
        }
    }

    @Test("malformed JSON is rejected with the line and column where it stops being JSON and what was expected there",
          arguments: [
              ("{\"name\": \"n\",\n  \"duration\": 1\n  \"events\": []}", "<json>:3:3: expected ',' or '}'"),
              ("{\"name\": \"n\", \"duration\": tru}", "<json>:1:27: expected 'true'"),
              ("[1, 2,]", "<json>:1:7: expected a value"),
              ("{\"a\": \"x\u{01}\"}", "<json>:1:9: expected no control character"),
              ("{\"a\": 01}", "<json>:1:8: expected ',' or '}'"),
              ("{\"a\": \"\\q\"}", "<json>:1:9: expected one of"),
              ("{\"a\": 1} x", "<json>:1:10: expected the end of the document"),
              ("", "<json>:1:1: expected a value"),
          ])
    func malformedJSON(json: String, message: String) {
        let error = #expect(throws: ScenarioError.self) { _ = try Scenario.parse(json: json) }
        #expect(error?.description.hasPrefix(message) == true, "\(error?.description ?? "")")
        #expect(error?.description.hasSuffix("(not valid JSON)") == true)
    }

    @Test("JSON strings read escapes and surrogate pairs; numbers read exponents")
    func jsonDetails() throws {
        let scenario = try Scenario.parse(json: #"{"name": "a\u00e9\ud83d\ude00\n", "duration": 2.5e0}"#)
        #expect(scenario.name == "aé😀\n")
        #expect(scenario.duration == 2.5)
    }

    @Test("error messages name the event, its kind and the bad value as a person reads them")
    func errorDescriptions() throws {
        let unknown = #expect(throws: ScenarioError.self) {
            try Scenario.parse(json: #"{"name": "n", "duration": 4, "events": [{"at": 0, "fire": "a"}, {"at": 0, "fire": "a"}, "#
                + #"{"at": 0, "fire": "a"}, {"at": 1, "system": "phone.rnig"}]}"#)
        }
        #expect(unknown?.description == #"event 3 ("system": "phone.rnig"): unknown system action 'phone.rnig'"#)
        let late = #expect(throws: ScenarioError.self) {
            try Scenario.parse(json: #"{"name": "n", "duration": 4.0, "events": [{"at": 1, "fire": "a"}, {"at": 2, "fire": "a"}, "#
                + #"{"at": 4.5, "fire": "boom"}]}"#)
        }
        #expect(late?.description == #"event 2 ("fire": "boom"): field "at" (4.5) is past the scenario's duration (4.0)"#)
    }

    @Test("with a list of sounds, firing one that is not in it is an error on the fire field")
    func unknownSound() throws {
        let json = #"{"name": "n", "duration": 2, "events": [{"at": 0.5, "fire": "laser"}, {"at": 1, "fire": "lazer"}]}"#
        _ = try Scenario.parse(json: json)
        let error = #expect(throws: ScenarioError.self) { try Scenario.parse(json: json, sounds: ["laser"]) }
        #expect(error?.eventIndex == 1)
        #expect(error?.field == "fire")
        #expect(error?.message.contains("lazer") == true)
    }

    @Test("a scenario built in code is checked by the same rules")
    func validateBuiltScenario() {
        let scenario = Scenario(name: "code", duration: 2, events: [ScenarioEvent(at: 1, .fire("a")), ScenarioEvent(at: 0.5, .fire("a"))])
        let error = #expect(throws: ScenarioError.self) { try scenario.validate() }
        #expect(error?.eventIndex == 1 && error?.field == "at")
    }

    @Test("a missing scenario file is reported, not crashed on")
    func missingFile() {
        let error = #expect(throws: ScenarioError.self) { try Scenario.load(path: "/nonexistent/scenario.json") }
        #expect(error?.eventIndex == nil)
    }
}
