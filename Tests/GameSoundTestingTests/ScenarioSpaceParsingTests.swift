// SPDX-License-Identifier: Zlib
import GameSound
import GameSoundTesting
import Testing

/// The space words of the scenario format: `spatialization`, `distanceModel` and `virtualVoices` at
/// the top, `position`, `velocity`, `reverbSend` and `occlusion` on a fire, and the `move`,
/// `listener` and `environment` events. Each reads back exactly, and each mistake is an error naming
/// the place, the field and the problem.
@Suite("Scenario space words")
struct ScenarioSpaceParsingTests {
    static let everyWord = """
    {"name": "space", "duration": 10, "spatialization": "hrtf", "distanceModel": "linearClamped", "virtualVoices": 64,
     "events": [
       {"at": 0, "fire": "laser", "loop": true, "voice": "car", "position": [-30, 0, -2], "velocity": [20, 0, 0.5],
        "reverbSend": 0.75, "occlusion": 0.25},
       {"at": 0.5, "move": "car", "position": [30, 0, -2], "velocity": [20, 0, 0], "over": 3},
       {"at": 1, "over": 1.5, "move": "car", "position": [1e3, -2.5, 0]},
       {"at": 2, "listener": {"position": [0, 1.8, 0], "orientation": {"at": [0, 0, 1], "up": [0, 1, 0]}, "velocity": [0, 0, -2]},
        "over": 0.5},
       {"at": 3, "listener": {"orientation": {"up": [1, 0, 0], "at": [0, 2, -3]}}},
       {"at": 4, "environment": "corridor", "over": 2},
       {"at": 5, "environment": "none"},
       {"at": 6, "fire": "laser", "occlusion": 1, "reverbSend": 0}
     ]}
    """

    @Test("every space word reads back with its values, in any key order, and a fire's become its play options")
    func everyWordParses() throws {
        let scenario = try Scenario.parse(json: Self.everyWord)
        #expect(scenario.spatialization == .hrtf && scenario.distanceModel == .linearClamped && scenario.virtualVoices == 64)
        #expect(scenario.events.map(\.kind) == [
            .fire("laser", loop: true, voice: "car", position: SIMDPosition(x: -30, y: 0, z: -2), velocity: SIMDPosition(x: 20, y: 0, z: 0.5),
                  reverbSend: 0.75, occlusion: 0.25),
            .move(voice: "car", position: SIMDPosition(x: 30, y: 0, z: -2), velocity: SIMDPosition(x: 20, y: 0, z: 0), over: 3),
            .move(voice: "car", position: SIMDPosition(x: 1_000, y: -2.5, z: 0), over: 1.5),
            .listener(position: SIMDPosition(x: 0, y: 1.8, z: 0),
                      orientation: ListenerOrientation(at: SIMDPosition(x: 0, y: 0, z: 1), up: SIMDPosition(x: 0, y: 1, z: 0)),
                      velocity: SIMDPosition(x: 0, y: 0, z: -2), over: 0.5),
            .listener(orientation: ListenerOrientation(at: SIMDPosition(x: 0, y: 2, z: -3), up: SIMDPosition(x: 1, y: 0, z: 0))),
            .environment(.corridor, over: 2),
            .environment(.none),
            .fire("laser", reverbSend: 0, occlusion: 1),
        ])
        #expect(scenario.events[0].playOptions == PlayOptions(position: SIMDPosition(x: -30, y: 0, z: -2), loop: true,
                                                              velocity: SIMDPosition(x: 20, y: 0, z: 0.5), reverbSend: 0.75, occlusion: 0.25))
        #expect(scenario.events[7].playOptions == PlayOptions(reverbSend: 0, occlusion: 1))
        #expect(scenario.events.map(\.summary)[1...6] == [#""move": "car""#, #""move": "car""#, #""listener": {…}"#, #""listener": {…}"#,
                                                          #""environment": "corridor""#, #""environment": "none""#])
        #expect(scenario.events.map(\.voiceLabel) == ["car", "car", "car", nil, nil, nil, nil, nil])
        #expect(scenario.firedSounds == ["laser"] && scenario.usedEffects == ["laser"], "a move names no effect")
    }

    @Test("the defaults: automatic spatialization, the inverse clamped model, the game's virtual voices, a fire still and dry of nothing")
    func defaults() throws {
        let plain = try Scenario.parse(json: #"{"name": "n", "duration": 1, "events": [{"at": 0, "fire": "laser"}]}"#)
        #expect(plain.spatialization == .auto && plain.distanceModel == .inverseClamped
                && plain.virtualVoices == GameSoundConfiguration.defaultVirtualVoices)
        #expect(plain.events[0].playOptions == PlayOptions(), "no place, still, the bus's reverb send, no occlusion")
        let code = Scenario(name: "code", duration: 1)
        #expect(code.spatialization == .auto && code.distanceModel == .inverseClamped
                && code.virtualVoices == GameSoundConfiguration.defaultVirtualVoices)
        for mode in Spatialization.allCases {
            #expect(try Scenario.parse(json: #"{"name": "n", "duration": 1, "spatialization": "\#(mode.rawValue)"}"#).spatialization == mode)
        }
        for model in DistanceModel.allCases {
            #expect(try Scenario.parse(json: #"{"name": "n", "duration": 1, "distanceModel": "\#(model.rawValue)"}"#).distanceModel == model)
        }
        for preset in Environment.allCases {
            let json = #"{"name": "n", "duration": 1, "events": [{"at": 0, "environment": "\#(preset.rawValue)"}]}"#
            #expect(try Scenario.parse(json: json).events.map(\.kind) == [.environment(preset)])
        }
    }

    typealias Malformed = ScenarioMixingParsingTests.Malformed

    static let placed = #"{"at": 0, "fire": "laser", "loop": true, "voice": "v", "position": [1, 0, 0]}, "#
    static let streamed = #"{"at": 0, "stream": "wind", "voice": "w"}, "#
    static let within = "must be three finite numbers [x, y, z], each within ±1000000"

    static let malformed: [Malformed] = [
        // the top level
        Malformed("an unknown spatialization", top: #""spatialization": "binaural""#, eventIndex: nil, field: "spatialization",
                  message: #"field "spatialization" ("binaural") must be one of auto, hrtf, stereo"#),
        Malformed("spatialization as a boolean", top: #""spatialization": true"#, eventIndex: nil, field: "spatialization",
                  message: "must be one of auto, hrtf, stereo"),
        Malformed("an unknown distance model", top: #""distanceModel": "inverse""#, eventIndex: nil, field: "distanceModel",
                  message: "must be one of inverseClamped, linearClamped, exponentClamped, none"),
        Malformed("negative virtual voices", top: #""virtualVoices": -1"#, eventIndex: nil, field: "virtualVoices",
                  message: #"field "virtualVoices" (-1) must be within 0...10000"#),
        Malformed("too many virtual voices", top: #""virtualVoices": 20000"#, eventIndex: nil, field: "virtualVoices",
                  message: "must be within 0...10000"),
        Malformed("fractional virtual voices", top: #""virtualVoices": 2.5"#, eventIndex: nil, field: "virtualVoices",
                  message: "must be a whole number"),
        // fire
        Malformed("a fire's position of two numbers", events: #"{"at": 1, "fire": "laser", "position": [1, 2]}"#, eventIndex: 0,
                  field: "position", message: "must be three numbers [x, y, z]"),
        Malformed("a fire's position holding a string", events: #"{"at": 1, "fire": "laser", "position": [1, "up", 2]}"#, eventIndex: 0,
                  field: "position", message: "must be three numbers [x, y, z]"),
        Malformed("a fire's position beyond a 32-bit float", events: #"{"at": 1, "fire": "laser", "position": [1e39, 0, 0]}"#,
                  eventIndex: 0, field: "position", message: within + ": x is too large for a 32-bit float"),
        Malformed("a fire's position too far away", events: #"{"at": 1, "fire": "laser", "position": [0, 2e6, 0]}"#, eventIndex: 0,
                  field: "position", message: within + ": y is 2000000.0"),
        Malformed("a fire's velocity beyond a 32-bit float", events: #"{"at": 1, "fire": "laser", "position": [0, 0, -1], "velocity": [0, 0, -1e300]}"#,
                  eventIndex: 0, field: "velocity", message: "z is too large for a 32-bit float"),
        Malformed("a fire's velocity of four numbers", events: #"{"at": 1, "fire": "laser", "position": [0, 0, -1], "velocity": [1, 0, 0, 0]}"#,
                  eventIndex: 0, field: "velocity", message: "must be three numbers [x, y, z]"),
        Malformed("a fire's velocity without a position", events: #"{"at": 1, "fire": "laser", "velocity": [10, 0, 0]}"#, eventIndex: 0,
                  field: "velocity", message: #"field "velocity" needs a "position""#),
        Malformed("a reverb send above 1", events: #"{"at": 1, "fire": "laser", "reverbSend": 1.5}"#, eventIndex: 0, field: "reverbSend",
                  message: #"field "reverbSend" (1.5) must be within 0...1"#),
        Malformed("a negative reverb send", events: #"{"at": 1, "fire": "laser", "reverbSend": -0.1}"#, eventIndex: 0, field: "reverbSend",
                  message: "must be within 0...1"),
        Malformed("a reverb send as a string", events: #"{"at": 1, "fire": "laser", "reverbSend": "wet"}"#, eventIndex: 0,
                  field: "reverbSend", message: "must be a number"),
        Malformed("an occlusion above 1", events: #"{"at": 1, "fire": "laser", "occlusion": 2}"#, eventIndex: 0, field: "occlusion",
                  message: #"field "occlusion" (2.0) must be within 0...1"#),
        Malformed("a negative occlusion", events: #"{"at": 1, "fire": "laser", "occlusion": -1e-3}"#, eventIndex: 0, field: "occlusion",
                  message: "must be within 0...1"),
        Malformed("a fire's unknown space key", events: #"{"at": 1, "fire": "laser", "orientation": [0, 0, -1]}"#, eventIndex: 0,
                  field: "orientation", message: #"unknown key "orientation" in a fire event"#),
        // move
        Malformed("a move of a label no fire gave", events: placed + #"{"at": 1, "move": "w", "position": [0, 0, 0]}"#, eventIndex: 1,
                  field: "move", message: #"no earlier "fire" or "stream" event gave a voice the label 'w'"#),
        Malformed("a move of a label only a later fire gives", events: #"{"at": 0, "move": "v", "position": [0, 0, 0]}, "# + String(placed.dropLast(2)),
                  eventIndex: 0, field: "move", message: "the label 'v'"),
        Malformed("a move of a stream", events: streamed + #"{"at": 1, "move": "w", "position": [1, 0, 0]}"#, eventIndex: 1, field: "move",
                  message: "the label 'w' names the stream of event 0: a stream has no place in the world, so it cannot move"),
        Malformed("a move without a position", events: placed + #"{"at": 1, "move": "v", "velocity": [1, 0, 0]}"#, eventIndex: 1,
                  field: "position", message: #"the field "position" is missing"#),
        Malformed("a move to a position of two numbers", events: placed + #"{"at": 1, "move": "v", "position": [1, 0]}"#, eventIndex: 1,
                  field: "position", message: "must be three numbers [x, y, z]"),
        Malformed("a move beyond a 32-bit float", events: placed + #"{"at": 1, "move": "v", "position": [0, -5e38, 0]}"#, eventIndex: 1,
                  field: "position", message: "y is too large for a 32-bit float"),
        Malformed("a move with a huge velocity", events: placed + #"{"at": 1, "move": "v", "position": [0, 0, 0], "velocity": [3e6, 0, 0]}"#,
                  eventIndex: 1, field: "velocity", message: within),
        Malformed("a move with a negative over", events: placed + #"{"at": 1, "move": "v", "position": [0, 0, 0], "over": -1}"#, eventIndex: 1,
                  field: "over", message: #"field "over" (-1.0) must be a time of 0"#),
        Malformed("a move with a gain", events: placed + #"{"at": 1, "move": "v", "position": [0, 0, 0], "gain": 0.5}"#, eventIndex: 1,
                  field: "gain", message: #"unknown key "gain" in a move event"#),
        Malformed("a move of an empty label", events: placed + #"{"at": 1, "move": "", "position": [0, 0, 0]}"#, eventIndex: 1,
                  field: "move", message: "must be a non-empty string"),
        // listener
        Malformed("a listener that changes nothing", events: #"{"at": 1, "listener": {}, "over": 1}"#, eventIndex: 0, field: "listener",
                  message: #"a listener event changes at least one of "position", "orientation" and "velocity""#),
        Malformed("a listener that is not an object", events: #"{"at": 1, "listener": [0, 0, 0]}"#, eventIndex: 0, field: "listener",
                  message: "must be an object"),
        Malformed("a listener's unknown key", events: #"{"at": 1, "listener": {"rotation": [0, 0, 1]}}"#, eventIndex: 0,
                  field: "listener.rotation", message: #"unknown key "rotation" in "listener""#),
        Malformed("a listener's over inside it", events: #"{"at": 1, "listener": {"position": [1, 0, 0], "over": 1}}"#, eventIndex: 0,
                  field: "listener.over", message: #""over" goes beside "listener", not inside it"#),
        Malformed("a listener event's unknown key", events: #"{"at": 1, "listener": {"position": [1, 0, 0]}, "fade": 1}"#, eventIndex: 0,
                  field: "fade", message: #"unknown key "fade" in a listener event"#),
        Malformed("a listener's position of two numbers", events: #"{"at": 1, "listener": {"position": [1, 0]}}"#, eventIndex: 0,
                  field: "listener.position", message: #"field "listener.position" ([…]) must be three numbers [x, y, z]"#),
        Malformed("a listener's position beyond a 32-bit float", events: #"{"at": 1, "listener": {"position": [0, 0, 1e39]}}"#, eventIndex: 0,
                  field: "listener.position", message: #"field "listener.position" must be three finite numbers"#),
        Malformed("a listener's huge velocity", events: #"{"at": 1, "listener": {"velocity": [-1e7, 0, 0]}}"#, eventIndex: 0,
                  field: "listener.velocity", message: within + ": x is -10000000.0"),
        Malformed("an orientation that is not an object", events: #"{"at": 1, "listener": {"orientation": [0, 0, -1]}}"#, eventIndex: 0,
                  field: "listener.orientation", message: "must be an object"),
        Malformed("an orientation without up", events: #"{"at": 1, "listener": {"orientation": {"at": [0, 0, -1]}}}"#, eventIndex: 0,
                  field: "listener.orientation.up", message: #"the field "listener.orientation.up" is missing"#),
        Malformed("an orientation without at", events: #"{"at": 1, "listener": {"orientation": {"up": [0, 1, 0]}}}"#, eventIndex: 0,
                  field: "listener.orientation.at", message: "is missing"),
        Malformed("an orientation's unknown key", events: #"{"at": 1, "listener": {"orientation": {"at": [0, 0, -1], "up": [0, 1, 0], "right": [1, 0, 0]}}}"#,
                  eventIndex: 0, field: "listener.orientation.right", message: #"unknown key "right" in "listener.orientation""#),
        Malformed("a zero at", events: #"{"at": 1, "listener": {"orientation": {"at": [0, 0, 0], "up": [0, 1, 0]}}}"#, eventIndex: 0,
                  field: "listener.orientation.at", message: #"field "listener.orientation.at" is [0, 0, 0]: a direction needs a length"#),
        Malformed("a zero up", events: #"{"at": 1, "listener": {"orientation": {"at": [0, 0, -1], "up": [0, 0, 0]}}}"#, eventIndex: 0,
                  field: "listener.orientation.up", message: "is [0, 0, 0]"),
        Malformed("at along up", events: #"{"at": 1, "listener": {"orientation": {"at": [0, 2, 0], "up": [0, 1, 0]}}}"#, eventIndex: 0,
                  field: "listener.orientation.up",
                  message: #""listener.orientation.at" and "listener.orientation.up" point the same way (or opposite ways)"#),
        Malformed("at opposite up", events: #"{"at": 1, "listener": {"orientation": {"at": [0, 0, -1], "up": [0, 0, 3]}}}"#, eventIndex: 0,
                  field: "listener.orientation.up", message: "point the same way (or opposite ways)"),
        Malformed("at nearly along up", events: #"{"at": 1, "listener": {"orientation": {"at": [0.001, 1, 0], "up": [0, 1, 0]}}}"#,
                  eventIndex: 0, field: "listener.orientation.up", message: "point the same way"),
        Malformed("an at beyond a 32-bit float", events: #"{"at": 1, "listener": {"orientation": {"at": [1e39, 0, 0], "up": [0, 1, 0]}}}"#,
                  eventIndex: 0, field: "listener.orientation.at", message: "x is too large for a 32-bit float"),
        Malformed("a listener with a negative over", events: #"{"at": 1, "listener": {"position": [0, 0, 1]}, "over": -0.5}"#, eventIndex: 0,
                  field: "over", message: "must be a time of 0"),
        // environment
        Malformed("an unknown environment", events: #"{"at": 1, "environment": "cathedral"}"#, eventIndex: 0, field: "environment",
                  message: #"field "environment" ("cathedral") must be one of none, generic, room, hall, hangar, corridor, cave, underwater"#),
        Malformed("an environment as a number", events: #"{"at": 1, "environment": 3}"#, eventIndex: 0, field: "environment",
                  message: "must be one of none"),
        Malformed("an environment with a negative over", events: #"{"at": 1, "environment": "hall", "over": -2}"#, eventIndex: 0,
                  field: "over", message: "must be a time of 0"),
        Malformed("an environment with a gain", events: #"{"at": 1, "environment": "hall", "gain": 1}"#, eventIndex: 0, field: "gain",
                  message: #"unknown key "gain" in an environment event"#),
        Malformed("an environment beside a fire", events: #"{"at": 1, "fire": "laser", "environment": "hall"}"#, eventIndex: 0,
                  field: "environment", message: #""environment" cannot go with "fire""#),
        Malformed("an environment past the duration", events: #"{"at": 5, "environment": "hall"}"#, eventIndex: 0, field: "at",
                  message: "is past the scenario's duration"),
    ]

    @Test("a malformed space word is rejected before anything renders, naming the place, the field and the problem",
          arguments: malformed)
    func malformedWord(_ malformed: Malformed) {
        let error = #expect(throws: ScenarioError.self) {
            try Scenario.parse(json: malformed.json, sounds: ["laser"])
        }
        #expect(error?.eventIndex == malformed.eventIndex, "\(error?.description ?? "")")
        #expect(error?.field == malformed.field, "\(error?.description ?? "")")
        #expect(error?.message.contains(malformed.message) == true, "\(error?.description ?? "")")
    }

    @Test("error sentences read as a person would write them")
    func errorSentences() {
        func sentence(_ events: String) -> String? {
            let error = #expect(throws: ScenarioError.self) {
                try Scenario.parse(json: #"{"name": "n", "duration": 4, "events": ["# + events + "]}")
            }
            return error?.description
        }
        #expect(sentence(Self.streamed + #"{"at": 1, "move": "w", "position": [1, 0, 0]}"#)
                    == #"event 1 ("move": "w"): the label 'w' names the stream of event 0: a stream has no place in the world, so it cannot move"#)
        #expect(sentence(#"{"at": 1, "listener": {"orientation": {"at": [0, 0, -1], "up": [0, 0, 1]}}}"#)
                    == #"event 0 ("listener": {…}): "listener.orientation.at" and "listener.orientation.up" point the same way "#
                    + #"(or opposite ways): the top of the listener's head must be across the way it faces, as [0, 1, 0] is to [0, 0, -1]"#)
        #expect(sentence(#"{"at": 1, "environment": "cathedral"}"#)
                    == #"event 0 ("environment": "cathedral"): field "environment" ("cathedral") must be one of "#
                    + "none, generic, room, hall, hangar, corridor, cave, underwater")
        #expect(sentence(#"{"at": 1, "fire": "laser", "position": [1e39, 0, 0]}"#)
                    == #"event 0 ("fire": "laser"): field "position" must be three finite numbers [x, y, z], each within ±1000000: "#
                    + "x is too large for a 32-bit float")
    }

    @Test("a scenario built in code is checked by the same space rules: NaN, zero or parallel directions, a stream moved, a bad count")
    func builtInCode() {
        func error(_ scenario: Scenario) -> ScenarioError? {
            #expect(throws: ScenarioError.self) { try scenario.validate() }
        }
        let nan = SIMDPosition(x: 0, y: .nan, z: 0)
        let fire = error(Scenario(name: "code", duration: 2, events: [ScenarioEvent(at: 0, .fire("a", position: nan))]))
        #expect(fire?.eventIndex == 0 && fire?.field == "position" && fire?.message.hasSuffix("y is NaN") == true, "\(fire?.description ?? "")")
        let send = error(Scenario(name: "code", duration: 2, events: [ScenarioEvent(at: 0, .fire("a", reverbSend: .nan))]))
        #expect(send?.field == "reverbSend")
        let move = error(Scenario(name: "code", duration: 2, events: [
            ScenarioEvent(at: 0, .fire("a", voice: "v")), ScenarioEvent(at: 1, .move(voice: "v", position: .init(x: 0, y: 0, z: 0), velocity: nan)),
        ]))
        #expect(move?.eventIndex == 1 && move?.field == "velocity")
        let stream = error(Scenario(name: "code", duration: 2, events: [
            ScenarioEvent(at: 0, .stream("wind", voice: "w")), ScenarioEvent(at: 1, .move(voice: "w", position: .init(x: 1, y: 0, z: 0))),
        ]))
        #expect(stream?.eventIndex == 1 && stream?.field == "move")
        let facing = ListenerOrientation(at: SIMDPosition(x: 0, y: 0, z: 0), up: SIMDPosition(x: 0, y: 1, z: 0))
        let zero = error(Scenario(name: "code", duration: 2, events: [ScenarioEvent(at: 0, .listener(orientation: facing))]))
        #expect(zero?.field == "listener.orientation.at")
        let along = ListenerOrientation(at: SIMDPosition(x: 1, y: 1, z: 0), up: SIMDPosition(x: -2, y: -2, z: 0))
        let parallel = error(Scenario(name: "code", duration: 2, events: [ScenarioEvent(at: 0, .listener(orientation: along))]))
        #expect(parallel?.field == "listener.orientation.up")
        let nothing = error(Scenario(name: "code", duration: 2, events: [ScenarioEvent(at: 0, .listener(over: 1))]))
        #expect(nothing?.field == "listener")
        let over = error(Scenario(name: "code", duration: 2, events: [ScenarioEvent(at: 0, .environment(.hall, over: -.infinity))]))
        #expect(over?.field == "over")
        let count = error(Scenario(name: "code", duration: 2, virtualVoices: -4))
        #expect(count?.eventIndex == nil && count?.field == "virtualVoices")
        let fine = Scenario(name: "code", duration: 2, virtualVoices: 100, spatialization: .stereo, distanceModel: .none, events: [
            ScenarioEvent(at: 0, .environment(.cave, over: 0.5)),
            ScenarioEvent(at: 0, .fire("a", loop: true, voice: "v", position: .init(x: -1e6, y: 0, z: 0), velocity: .init(x: 50, y: 0, z: 0),
                                       reverbSend: 1, occlusion: 0)),
            ScenarioEvent(at: 1, .move(voice: "v", position: .init(x: 1e6, y: 0, z: 0), over: 1)),
            ScenarioEvent(at: 1, .listener(position: .init(x: 0, y: 0, z: 5),
                                           orientation: ListenerOrientation(at: .init(x: 1, y: 0, z: 0), up: .init(x: 0, y: 0, z: 1)))),
        ])
        #expect(throws: Never.self) { try fine.validate(sounds: ["a"]) }
    }
}
