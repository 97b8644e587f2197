// SPDX-License-Identifier: Zlib
import GameSound
import GameSoundTesting
import Testing

/// The `stream` word: `{"stream": ASSET, "voice": LABEL, "bus"?, "loop"?, "gain"?}`. It reads back
/// exactly, gives its label to `set`, `pause`, `resume` and `stop`, and each mistake is an error
/// naming the event, the field and the problem.
@Suite("Scenario stream word")
struct ScenarioStreamParsingTests {
    @Test("a stream reads back with its values in any key order, and its omitted ones stay nil")
    func streamParses() throws {
        let scenario = try Scenario.parse(json: #"""
        {"name": "s", "duration": 10, "events": [
          {"at": 0, "stream": "wind", "voice": "wind"},
          {"at": 1, "gain": 0.5, "loop": false, "bus": "ui", "voice": "line", "stream": "dialogue/line1.ogg"},
          {"at": 2, "set": "wind", "gain": 0.25, "over": 1},
          {"at": 3, "pause": "wind"},
          {"at": 4, "resume": "wind"},
          {"at": 5, "stop": "wind", "fade": 2}
        ]}
        """#)
        #expect(scenario.events.map(\.kind) == [
            .stream("wind", voice: "wind"),
            .stream("dialogue/line1.ogg", voice: "line", bus: "ui", loop: false, gain: 0.5),
            .set(voice: "wind", gain: 0.25, over: 1),
            .pause(voice: "wind"),
            .resume(voice: "wind"),
            .stop(voice: "wind", fade: 2),
        ])
        let stream = scenario.events[0]
        #expect(stream.summary == #""stream": "wind""#)
        #expect(stream.voiceLabel == "wind")
        #expect(stream.effectName == nil && stream.playOptions == nil)
        #expect(scenario.firedSounds.isEmpty && scenario.launchEffects.isEmpty && scenario.usedEffects.isEmpty,
                "a stream is no effect: nothing is preloaded for it")
    }

    @Test("a set of a stream's gain is fine; its pitch, pan or place is an error naming the stream's event")
    func setOnStream() throws {
        let gain = #"{"name": "s", "duration": 4, "events": [{"at": 0, "stream": "wind", "voice": "w"}, {"at": 1, "set": "w", "gain": 0}]}"#
        #expect(throws: Never.self) { try Scenario.parse(json: gain) }
        for (field, value) in [("pitch", "1.5"), ("pan", "-1"), ("position", "[1, 0, 0]")] {
            let json = #"{"name": "s", "duration": 4, "events": [{"at": 0, "fire": "laser", "voice": "w"}, "#
                + #"{"at": 0.5, "stream": "wind", "voice": "w"}, {"at": 1, "set": "w", "gain": 1, "\#(field)": \#(value)}]}"#
            let error = #expect(throws: ScenarioError.self) { try Scenario.parse(json: json) }
            #expect(error?.eventIndex == 2 && error?.field == field, "\(error?.description ?? "")")
            #expect(error?.description == #"event 2 ("set": "w"): the label 'w' names the stream of event 1: a stream's gain can change, "#
                        + #"not its "\#(field)""#)
        }
        // A later fire takes the label over: the set then changes an effect's voice, pitch and all.
        let takenOver = #"{"name": "s", "duration": 4, "events": [{"at": 0, "stream": "wind", "voice": "w"}, "#
            + #"{"at": 0.5, "fire": "laser", "voice": "w"}, {"at": 1, "set": "w", "pitch": 2, "pan": 1}]}"#
        #expect(throws: Never.self) { try Scenario.parse(json: takenOver) }
    }

    static let malformed: [ScenarioMixingParsingTests.Malformed] = [
        .init("a stream without a voice", events: #"{"at": 1, "stream": "wind"}"#, eventIndex: 0, field: "voice",
              message: "the field \"voice\" is missing"),
        .init("a stream with an empty voice", events: #"{"at": 1, "stream": "wind", "voice": ""}"#, eventIndex: 0, field: "voice",
              message: "must be a non-empty string"),
        .init("a stream of an empty name", events: #"{"at": 1, "stream": "", "voice": "w"}"#, eventIndex: 0, field: "stream",
              message: "must be a non-empty string"),
        .init("a stream that is not a string", events: #"{"at": 1, "stream": ["wind"], "voice": "w"}"#, eventIndex: 0, field: "stream",
              message: "must be a non-empty string"),
        .init("a stream with a pitch", events: #"{"at": 1, "stream": "wind", "voice": "w", "pitch": 2}"#, eventIndex: 0, field: "pitch",
              message: "unknown key \"pitch\" in a stream event"),
        .init("a stream with a negative gain", events: #"{"at": 1, "stream": "wind", "voice": "w", "gain": -0.5}"#, eventIndex: 0,
              field: "gain", message: "must be 0 or more"),
        .init("a stream on an unknown bus", events: #"{"at": 1, "stream": "wind", "voice": "w", "bus": "weather"}"#, eventIndex: 0,
              field: "bus", message: "unknown bus 'weather' (buses: master, music, effects, ui, voice, ambience)"),
        .init("a stream whose loop is a string", events: #"{"at": 1, "stream": "wind", "voice": "w", "loop": "yes"}"#, eventIndex: 0,
              field: "loop", message: "must be true or false"),
        .init("a stream and a fire in one event", events: #"{"at": 1, "stream": "wind", "fire": "laser", "voice": "w"}"#,
              eventIndex: 0, field: "stream", message: "\"stream\" cannot go with \"fire\""),
        .init("a stop of a label only a later stream gives", events: #"{"at": 0, "stop": "w"}, {"at": 1, "stream": "wind", "voice": "w"}"#,
              eventIndex: 0, field: "stop", message: "no earlier \"fire\" or \"stream\" event gave a voice the label 'w'"),
        .init("a stream past the duration", events: #"{"at": 5, "stream": "wind", "voice": "w"}"#, eventIndex: 0, field: "at",
              message: "is past the scenario's duration"),
        .init("a set of a stream's pan", events: #"{"at": 0, "stream": "wind", "voice": "w"}, {"at": 1, "set": "w", "pan": 0.5}"#,
              eventIndex: 1, field: "pan", message: "the label 'w' names the stream of event 0"),
    ]

    @Test("a malformed stream is rejected before anything renders, naming the event, the field and the problem",
          arguments: malformed)
    func malformedStream(_ malformed: ScenarioMixingParsingTests.Malformed) {
        let error = #expect(throws: ScenarioError.self) {
            try Scenario.parse(json: malformed.json, sounds: ["laser"])
        }
        #expect(error?.eventIndex == malformed.eventIndex, "\(error?.description ?? "")")
        #expect(error?.field == malformed.field, "\(error?.description ?? "")")
        #expect(error?.message.contains(malformed.message) == true, "\(error?.description ?? "")")
    }

    @Test("a stream built in code is checked by the same rules")
    func builtInCode() {
        let empty = Scenario(name: "code", duration: 2, events: [ScenarioEvent(at: 0, .stream("", voice: "w"))])
        let emptyError = #expect(throws: ScenarioError.self) { try empty.validate() }
        #expect(emptyError?.field == "stream")
        let label = Scenario(name: "code", duration: 2, events: [ScenarioEvent(at: 0, .stream("wind", voice: ""))])
        let labelError = #expect(throws: ScenarioError.self) { try label.validate() }
        #expect(labelError?.field == "voice")
        let pitch = Scenario(name: "code", duration: 2, events: [
            ScenarioEvent(at: 0, .stream("wind", voice: "w")), ScenarioEvent(at: 1, .set(voice: "w", pitch: 2)),
        ])
        let pitchError = #expect(throws: ScenarioError.self) { try pitch.validate() }
        #expect(pitchError?.eventIndex == 1 && pitchError?.field == "pitch")
        let fine = Scenario(name: "code", duration: 2, events: [
            ScenarioEvent(at: 0, .stream("wind", voice: "w", bus: "ui", loop: false, gain: 0.5)),
            ScenarioEvent(at: 1, .stop(voice: "w", fade: 0.5)),
        ])
        #expect(throws: Never.self) { try fine.validate(sounds: []) }
    }
}
