// SPDX-License-Identifier: Zlib
import GameSound
import GameSoundTesting
import Testing

/// The mixing words of the scenario format: `buses`, `ducking`, `sounds` and `seed` at the top,
/// `bus` and `voice` on a fire, and the `bus`, `set`, `pause`, `resume` and `stop` events. Each
/// reads back exactly, and each mistake is an error naming the place, the field and the problem.
@Suite("Scenario mixing words")
struct ScenarioMixingParsingTests {
    static let everyWord = """
    {"name": "mixing", "duration": 10, "seed": 42,
     "buses": {
       "weapons": {"parent": "sfx", "limit": 4},
       "sfx": {"parent": "effects", "volume": 0.5, "reserve": 2},
       "music": {"volume": 0.8}
     },
     "ducking": [
       {"bus": "voice", "ducks": "music", "db": 9, "attack": 0.05, "release": 0.8},
       {"ducks": "weapons", "bus": "ui", "db": 3}
     ],
     "sounds": {
       "footstep": {"variants": ["step1", "step2"], "pitch": [0.9, 1.1], "gain": [0.5, 1], "avoidRepeat": true,
                    "cooldown": 0.1, "maxInstances": 2},
       "click": {"variants": ["blip"]}
     },
     "events": [
       {"at": 0, "fire": "footstep", "bus": "weapons", "voice": "steps", "loop": true},
       {"at": 0.5, "set": "steps", "gain": 0.5, "pitch": 1.5, "pan": -0.5, "position": [1, 2, -3], "over": 0.25},
       {"at": 1, "pause": "steps"},
       {"at": 1.5, "resume": "steps"},
       {"at": 2, "bus": "music", "volume": 0.3, "over": 1},
       {"at": 2, "volume": 1, "bus": "sfx"},
       {"at": 3, "bus": "effects", "mute": true},
       {"at": 4, "bus": "effects", "paused": false},
       {"at": 5, "stop": "steps", "fade": 0.5},
       {"at": 6, "stop": "steps"}
     ]}
    """

    @Test("every mixing word reads back with its values, in any key order")
    func everyWordParses() throws {
        let scenario = try Scenario.parse(json: Self.everyWord)
        #expect(scenario.seed == 42)
        #expect(scenario.buses == [
            "weapons": ScenarioBus(parent: "sfx", limit: 4),
            "sfx": ScenarioBus(parent: "effects", volume: 0.5, reserve: 2),
            "music": ScenarioBus(volume: 0.8),
        ])
        #expect(scenario.busNames == ["master", "music", "effects", "ui", "voice", "ambience", "sfx", "weapons"])
        #expect(scenario.ducking == [
            DuckingRule(bus: "voice", ducks: "music", by: 9, attack: 0.05, release: 0.8),
            DuckingRule(bus: "ui", ducks: "weapons", by: 3),
        ])
        #expect(scenario.sounds == [
            "footstep": SoundDefinition(variants: ["step1", "step2"], pitch: 0.9...1.1, gain: 0.5...1, avoidRepeat: true,
                                        cooldown: 0.1, maxInstances: 2),
            "click": SoundDefinition(variants: ["blip"]),
        ])
        #expect(scenario.events.map(\.kind) == [
            .fire("footstep", loop: true, voice: "steps", bus: "weapons"),
            .set(voice: "steps", gain: 0.5, pitch: 1.5, pan: -0.5, position: SIMDPosition(x: 1, y: 2, z: -3), over: 0.25),
            .pause(voice: "steps"),
            .resume(voice: "steps"),
            .bus("music", .volume(0.3, over: 1)),
            .bus("sfx", .volume(1)),
            .bus("effects", .mute(true)),
            .bus("effects", .paused(false)),
            .stop(voice: "steps", fade: 0.5),
            .stop(voice: "steps"),
        ])
        #expect(scenario.events[0].playOptions == PlayOptions(loop: true, bus: "weapons"))
        #expect(Array(scenario.events.map(\.summary)[1...4]) == [#""set": "steps""#, #""pause": "steps""#, #""resume": "steps""#,
                                                          #""bus": "music""#])
        #expect(scenario.events.compactMap(\.voiceLabel).count == 6)
    }

    @Test("the defaults: no buses or rules or sounds, seed 0, a ducking rule's 0.1 s attack and 0.5 s release")
    func defaults() throws {
        let plain = try Scenario.parse(json: #"{"name": "n", "duration": 1}"#)
        #expect(plain.seed == 0 && plain.buses.isEmpty && plain.ducking.isEmpty && plain.sounds.isEmpty)
        #expect(plain.busNames == BusName.standard)
        let rule = try Scenario.parse(json: #"{"name": "n", "duration": 1, "ducking": [{"bus": "ui", "ducks": "music", "db": 6}]}"#)
        #expect(rule.ducking.first?.attack == 0.1 && rule.ducking.first?.release == 0.5)
        let sound = try Scenario.parse(json: #"{"name": "n", "duration": 1, "sounds": {"s": {"variants": ["a"]}}}"#)
        #expect(sound.sounds["s"] == SoundDefinition(variants: ["a"]))
    }

    @Test("a fired sound's variants load at launch instead of its name; without a preload list, so do every sound's")
    func variantsPreload() throws {
        let scenario = try Scenario.parse(json: """
        {"name": "n", "duration": 2, "sounds": {"steps": {"variants": ["s1", "s2"]}, "quiet": {"variants": ["q"]}},
         "events": [{"at": 0, "fire": "laser"}, {"at": 1, "fire": "steps"}]}
        """, sounds: ["laser", "s1", "s2", "q"])
        #expect(scenario.firedSounds == ["laser", "steps"])
        #expect(scenario.launchEffects == ["laser", "s1", "s2", "q"])
        #expect(scenario.usedEffects.starts(with: ["laser", "s1", "s2", "q"]))
        let listed = try Scenario.parse(json: """
        {"name": "n", "duration": 2, "preload": ["s1", "s2"], "sounds": {"steps": {"variants": ["s1", "s2"]}},
         "events": [{"at": 1, "fire": "steps"}]}
        """, sounds: ["s1", "s2"])
        #expect(listed.launchEffects == ["s1", "s2"])
    }

    /// A malformed scenario, where its error must point, and words its message must hold.
    struct Malformed: Sendable, CustomTestStringConvertible {
        let label: String
        let json: String
        let eventIndex: Int?
        let field: String
        let message: String
        var testDescription: String { label }

        /// A 4-second scenario with `top` members and `events`, fired sounds from `laser`, `s1` and `s2`.
        init(_ label: String, top: String = "", events: String = "", eventIndex: Int?, field: String, message: String) {
            self.label = label
            self.json = #"{"name": "bad", "duration": 4"# + (top.isEmpty ? "" : ", " + top) + #", "events": ["# + events + "]}"
            self.eventIndex = eventIndex
            self.field = field
            self.message = message
        }
    }

    static let labelled = #"{"at": 0, "fire": "laser", "loop": true, "voice": "v"}, "#

    static let malformed: [Malformed] = [
        // buses
        Malformed("buses that is not an object", top: #""buses": ["a"]"#, eventIndex: nil, field: "buses", message: "must be an object"),
        Malformed("a bus that is not an object", top: #""buses": {"a": 1}"#, eventIndex: nil, field: "buses.a",
                  message: "must be an object"),
        Malformed("an unknown key in a bus", top: #""buses": {"a": {"volum": 1}}"#, eventIndex: nil, field: "buses.a.volum",
                  message: "unknown key \"volum\""),
        Malformed("an unknown parent", top: #""buses": {"a": {"parent": "sfx"}}"#, eventIndex: nil, field: "buses.a.parent",
                  message: "unknown bus 'sfx' (buses: master, music, effects, ui, voice, ambience, a)"),
        Malformed("a parent for the master", top: #""buses": {"master": {"parent": "music"}}"#, eventIndex: nil,
                  field: "buses.master.parent", message: "the master bus has no parent"),
        Malformed("two buses in a loop", top: #""buses": {"b": {"parent": "a"}, "a": {"parent": "b"}}"#, eventIndex: nil,
                  field: "buses.a.parent", message: #"the buses "a" and "b" make a loop through "parent": a → b → a"#),
        Malformed("three buses in a loop below a good one",
                  top: #""buses": {"z": {"parent": "y"}, "y": {"parent": "x"}, "x": {"parent": "z"}, "ok": {"parent": "x"}}"#,
                  eventIndex: nil, field: "buses.x.parent",
                  message: #"the buses "x", "z" and "y" make a loop through "parent": x → z → y → x"#),
        Malformed("a bus that is its own parent", top: #""buses": {"a": {"parent": "a"}}"#, eventIndex: nil, field: "buses.a.parent",
                  message: #"bus "a" names itself as its "parent""#),
        Malformed("two standard buses in a loop", top: #""buses": {"effects": {"parent": "ui"}, "ui": {"parent": "effects"}}"#,
                  eventIndex: nil, field: "buses.effects.parent", message: "effects → ui → effects"),
        Malformed("a negative bus volume", top: #""buses": {"music": {"volume": -0.5}}"#, eventIndex: nil,
                  field: "buses.music.volume", message: "must be 0 or more"),
        Malformed("a bus volume as a string", top: #""buses": {"music": {"volume": "loud"}}"#, eventIndex: nil,
                  field: "buses.music.volume", message: "must be a number"),
        Malformed("a negative reserve", top: #""buses": {"ui": {"reserve": -1}}"#, eventIndex: nil, field: "buses.ui.reserve",
                  message: "must be 0 or more voices"),
        Malformed("a reserve larger than the pool", top: #""voices": 4, "buses": {"ui": {"reserve": 5}}"#, eventIndex: nil,
                  field: "buses.ui.reserve", message: "at most the pool's 4"),
        Malformed("a limit of 0", top: #""buses": {"ui": {"limit": 0}}"#, eventIndex: nil, field: "buses.ui.limit",
                  message: "must be at least 1 voice"),
        Malformed("a fractional limit", top: #""buses": {"ui": {"limit": 1.5}}"#, eventIndex: nil, field: "buses.ui.limit",
                  message: "must be a whole number"),
        Malformed("more voices reserved than the pool has", top: #""voices": 4, "buses": {"ui": {"reserve": 3}, "voice": {"reserve": 2}}"#,
                  eventIndex: nil, field: "buses", message: "reserve 5 voices, more than the pool's 4"),
        // ducking
        Malformed("ducking that is not an array", top: #""ducking": {"bus": "ui"}"#, eventIndex: nil, field: "ducking",
                  message: "must be an array"),
        Malformed("a rule that is not an object", top: #""ducking": ["ui"]"#, eventIndex: nil, field: "ducking[0]",
                  message: "must be an object"),
        Malformed("a rule without its depth", top: #""ducking": [{"bus": "ui", "ducks": "music"}]"#, eventIndex: nil,
                  field: "ducking[0].db", message: "is missing"),
        Malformed("an unknown key in a rule", top: #""ducking": [{"bus": "ui", "ducks": "music", "db": 6, "hold": 1}]"#,
                  eventIndex: nil, field: "ducking[0].hold", message: "unknown key \"hold\""),
        Malformed("an unknown ducking bus", top: #""ducking": [{"bus": "dialog", "ducks": "music", "db": 6}]"#, eventIndex: nil,
                  field: "ducking[0].bus", message: "unknown bus 'dialog'"),
        Malformed("an unknown ducked bus", top: #""ducking": [{"bus": "ui", "ducks": "score", "db": 6}]"#, eventIndex: nil,
                  field: "ducking[0].ducks", message: "unknown bus 'score'"),
        Malformed("a negative depth", top: #""ducking": [{"bus": "ui", "ducks": "music", "db": -6}]"#, eventIndex: nil,
                  field: "ducking[0].db", message: "must be 0 or more"),
        Malformed("a negative attack", top: #""ducking": [{"bus": "ui", "ducks": "music", "db": 6, "attack": -0.1}]"#,
                  eventIndex: nil, field: "ducking[0].attack", message: "must be a time of 0"),
        Malformed("a negative release", top: #""ducking": [{"bus": "ui", "ducks": "music", "db": 6, "release": -1}]"#,
                  eventIndex: nil, field: "ducking[0].release", message: "must be a time of 0"),
        Malformed("a bus ducking the master it plays through", top: #""ducking": [{"bus": "ui", "ducks": "master", "db": 6}]"#,
                  eventIndex: nil, field: "ducking[0].ducks", message: #""ui" cannot duck "master": one plays through the other"#),
        Malformed("a bus ducking its own child", top: #""buses": {"menu": {"parent": "ui"}}, "ducking": [{"bus": "ui", "ducks": "menu", "db": 6}]"#,
                  eventIndex: nil, field: "ducking[0].ducks", message: "one plays through the other"),
        // sounds
        Malformed("sounds that is not an object", top: #""sounds": []"#, eventIndex: nil, field: "sounds", message: "must be an object"),
        Malformed("a sound without variants", top: #""sounds": {"s": {"pitch": [1, 2]}}"#, eventIndex: nil, field: "sounds.s.variants",
                  message: "is missing"),
        Malformed("an empty list of variants", top: #""sounds": {"s": {"variants": []}}"#, eventIndex: nil, field: "sounds.s.variants",
                  message: "a non-empty array of effect names"),
        Malformed("a variant that is not a name", top: #""sounds": {"s": {"variants": ["a", 2]}}"#, eventIndex: nil,
                  field: "sounds.s.variants", message: "a non-empty array of effect names"),
        Malformed("an unknown variant", top: #""sounds": {"s": {"variants": ["s1", "s3"]}}"#, eventIndex: nil, field: "sounds.s.variants",
                  message: "sound 's': unknown variant 's3' (available: laser, s1, s2)"),
        Malformed("a variant missing from the preload list", top: #""preload": ["s1"], "sounds": {"s": {"variants": ["s1", "s2"]}}"#,
                  eventIndex: nil, field: "sounds.s.variants", message: "variant 's2' is not in \"preload\""),
        Malformed("a pitch range upside down", top: #""sounds": {"s": {"variants": ["s1"], "pitch": [1.2, 0.8]}}"#, eventIndex: nil,
                  field: "sounds.s.pitch", message: "must be two numbers [LO, HI] with LO ≤ HI"),
        Malformed("a pitch range of one number", top: #""sounds": {"s": {"variants": ["s1"], "pitch": [1]}}"#, eventIndex: nil,
                  field: "sounds.s.pitch", message: "must be two numbers [LO, HI]"),
        Malformed("a pitch range reaching 0", top: #""sounds": {"s": {"variants": ["s1"], "pitch": [0, 1]}}"#, eventIndex: nil,
                  field: "sounds.s.pitch", message: "two finite numbers above 0"),
        Malformed("a gain range below 0", top: #""sounds": {"s": {"variants": ["s1"], "gain": [-0.5, 1]}}"#, eventIndex: nil,
                  field: "sounds.s.gain", message: "two finite numbers of 0 or more"),
        Malformed("a negative cooldown", top: #""sounds": {"s": {"variants": ["s1"], "cooldown": -1}}"#, eventIndex: nil,
                  field: "sounds.s.cooldown", message: "must be a time of 0"),
        Malformed("maxInstances of 0", top: #""sounds": {"s": {"variants": ["s1"], "maxInstances": 0}}"#, eventIndex: nil,
                  field: "sounds.s.maxInstances", message: "must be at least 1"),
        Malformed("avoidRepeat as a number", top: #""sounds": {"s": {"variants": ["s1"], "avoidRepeat": 1}}"#, eventIndex: nil,
                  field: "sounds.s.avoidRepeat", message: "must be true or false"),
        Malformed("an unknown key in a sound", top: #""sounds": {"s": {"variants": ["s1"], "bus": "ui"}}"#, eventIndex: nil,
                  field: "sounds.s.bus", message: "unknown key \"bus\""),
        // seed
        Malformed("a negative seed", top: #""seed": -1"#, eventIndex: nil, field: "seed", message: "a whole number of 0 or more"),
        Malformed("a fractional seed", top: #""seed": 1.5"#, eventIndex: nil, field: "seed", message: "must be a whole number"),
        // fire
        Malformed("a fire on an unknown bus", events: #"{"at": 1, "fire": "laser", "bus": "sfx"}"#, eventIndex: 0, field: "bus",
                  message: "unknown bus 'sfx' (buses: master, music, effects, ui, voice, ambience)"),
        Malformed("a fire's bus as a number", events: #"{"at": 1, "fire": "laser", "bus": 1}"#, eventIndex: 0, field: "bus",
                  message: "must be a non-empty string"),
        Malformed("firing a sound neither loaded nor defined", top: #""sounds": {"steps": {"variants": ["s1"]}}"#,
                  events: #"{"at": 1, "fire": "step"}"#, eventIndex: 0, field: "fire", message: "unknown sound 'step'"),
        // bus events
        Malformed("a bus event on an unknown bus", events: #"{"at": 1, "bus": "sfx", "mute": true}"#, eventIndex: 0, field: "bus",
                  message: "unknown bus 'sfx'"),
        Malformed("a bus event that does nothing", events: #"{"at": 1, "bus": "ui"}"#, eventIndex: 0, field: "volume",
                  message: #"a bus event needs one of "volume", "mute", "paused""#),
        Malformed("a bus event doing two things", events: #"{"at": 1, "bus": "ui", "mute": true, "paused": true}"#, eventIndex: 0,
                  field: "paused", message: #""paused" cannot go with "mute""#),
        Malformed("a negative bus volume in an event", events: #"{"at": 1, "bus": "ui", "volume": -1}"#, eventIndex: 0, field: "volume",
                  message: "must be 0 or more"),
        Malformed("a bus ramp with a negative over", events: #"{"at": 1, "bus": "ui", "volume": 1, "over": -0.5}"#, eventIndex: 0,
                  field: "over", message: "must be a time of 0"),
        Malformed("a ramp time given to a mute", events: #"{"at": 1, "bus": "ui", "mute": true, "over": 1}"#, eventIndex: 0,
                  field: "over", message: "unknown key \"over\" in a bus \"mute\" event"),
        Malformed("a mute that is not a boolean", events: #"{"at": 1, "bus": "ui", "mute": 1}"#, eventIndex: 0, field: "mute",
                  message: "must be true or false"),
        Malformed("paused as a string", events: #"{"at": 1, "bus": "ui", "paused": "yes"}"#, eventIndex: 0, field: "paused",
                  message: "must be true or false"),
        Malformed("a bus with a kind beside it", events: #"{"at": 1, "stop": "v", "bus": "ui"}"#, eventIndex: 0, field: "bus",
                  message: "unknown key \"bus\" in a stop event"),
        // set
        Malformed("a set of a label no fire gave", events: labelled + #"{"at": 1, "set": "w", "gain": 1}"#, eventIndex: 1,
                  field: "set", message: "no earlier \"fire\" or \"stream\" event gave a voice the label 'w'"),
        Malformed("a set that changes nothing", events: labelled + #"{"at": 1, "set": "v", "over": 1}"#, eventIndex: 1, field: "set",
                  message: "changes at least one of"),
        Malformed("a set with a negative gain", events: labelled + #"{"at": 1, "set": "v", "gain": -1}"#, eventIndex: 1, field: "gain",
                  message: "must be 0 or more"),
        Malformed("a set with a pitch of 0", events: labelled + #"{"at": 1, "set": "v", "pitch": 0}"#, eventIndex: 1, field: "pitch",
                  message: "must be more than 0"),
        Malformed("a set with the pan out of range", events: labelled + #"{"at": 1, "set": "v", "pan": -1.5}"#, eventIndex: 1,
                  field: "pan", message: "must be within -1...1"),
        Malformed("a set with a position of two numbers", events: labelled + #"{"at": 1, "set": "v", "position": [1, 2]}"#,
                  eventIndex: 1, field: "position", message: "must be three numbers [x, y, z]"),
        Malformed("a set ramp with a negative over", events: labelled + #"{"at": 1, "set": "v", "gain": 1, "over": -1}"#, eventIndex: 1,
                  field: "over", message: "must be a time of 0"),
        Malformed("a set with a fade", events: labelled + #"{"at": 1, "set": "v", "gain": 1, "fade": 1}"#, eventIndex: 1,
                  field: "fade", message: "unknown key \"fade\" in a set event"),
        // pause, resume, stop
        Malformed("a pause of a label only a later fire gives", events: #"{"at": 0, "pause": "v"}, "# + String(labelled.dropLast(2)),
                  eventIndex: 0, field: "pause", message: "no earlier \"fire\" or \"stream\" event gave a voice the label 'v'"),
        Malformed("a resume of a label no fire gave", events: labelled + #"{"at": 1, "resume": "w"}"#, eventIndex: 1, field: "resume",
                  message: "the label 'w'"),
        Malformed("a pause with an extra key", events: labelled + #"{"at": 1, "pause": "v", "fade": 1}"#, eventIndex: 1, field: "fade",
                  message: "unknown key \"fade\" in a pause event"),
        Malformed("a resume that is not a string", events: labelled + #"{"at": 1, "resume": true}"#, eventIndex: 1, field: "resume",
                  message: "must be a non-empty string"),
        Malformed("a stop with a negative fade", events: labelled + #"{"at": 1, "stop": "v", "fade": -0.5}"#, eventIndex: 1,
                  field: "fade", message: "must be a time of 0"),
        Malformed("a stop with a fade as a string", events: labelled + #"{"at": 1, "stop": "v", "fade": "slow"}"#, eventIndex: 1,
                  field: "fade", message: "must be a number"),
    ]

    @Test("a malformed mixing word is rejected before anything renders, naming the place, the field and the problem",
          arguments: malformed)
    func malformedWord(_ malformed: Malformed) {
        let error = #expect(throws: ScenarioError.self) {
            try Scenario.parse(json: malformed.json, sounds: ["laser", "s1", "s2"])
        }
        #expect(error?.eventIndex == malformed.eventIndex, "\(error?.description ?? "")")
        #expect(error?.field == malformed.field, "\(error?.description ?? "")")
        #expect(error?.message.contains(malformed.message) == true, "\(error?.description ?? "")")
    }

    @Test("error sentences read as a person would write them")
    func errorSentences() {
        let bus = #expect(throws: ScenarioError.self) {
            try Scenario.parse(json: #"{"name": "n", "duration": 4, "events": [{"at": 1, "bus": "sfx", "paused": true}]}"#)
        }
        #expect(bus?.description == #"event 0 ("bus": "sfx"): unknown bus 'sfx' (buses: master, music, effects, ui, voice, ambience)"#)
        let loop = #expect(throws: ScenarioError.self) {
            try Scenario.parse(json: #"{"name": "n", "duration": 4, "buses": {"a": {"parent": "b"}, "b": {"parent": "a"}}}"#)
        }
        #expect(loop?.description == #"the buses "a" and "b" make a loop through "parent": a → b → a; every bus must lead up to master"#)
        let range = #expect(throws: ScenarioError.self) {
            try Scenario.parse(json: #"{"name": "n", "duration": 4, "sounds": {"s": {"variants": ["a"], "gain": [1, 0.5]}}}"#)
        }
        #expect(range?.description == #"field "sounds.s.gain" ([…]) must be two numbers [LO, HI] with LO ≤ HI"#)
        let label = #expect(throws: ScenarioError.self) {
            try Scenario.parse(json: #"{"name": "n", "duration": 4, "events": [{"at": 1, "set": "hum", "gain": 0}]}"#)
        }
        #expect(label?.description == #"event 0 ("set": "hum"): no earlier "fire" or "stream" event gave a voice the label 'hum'"#)
    }

    @Test("a scenario built in code is checked by the same mixing rules")
    func builtInCode() {
        let loop = Scenario(name: "code", duration: 2, buses: ["a": ScenarioBus(parent: "b"), "b": ScenarioBus(parent: "a")])
        let loopError = #expect(throws: ScenarioError.self) { try loop.validate() }
        #expect(loopError?.field == "buses.a.parent")
        let rule = Scenario(name: "code", duration: 2, ducking: [DuckingRule(bus: "ui", ducks: "ui", by: 6)])
        #expect(throws: ScenarioError.self) { try rule.validate() }
        let sound = Scenario(name: "code", duration: 2, sounds: ["s": SoundDefinition(variants: ["a"], bus: "menu")])
        let soundError = #expect(throws: ScenarioError.self) { try sound.validate() }
        #expect(soundError?.field == "sounds.s.bus")
        let set = Scenario(name: "code", duration: 2, events: [
            ScenarioEvent(at: 0, .fire("a", voice: "v")),
            ScenarioEvent(at: 1, .set(voice: "v", position: SIMDPosition(x: .infinity, y: 0, z: 0))),
        ])
        let setError = #expect(throws: ScenarioError.self) { try set.validate() }
        #expect(setError?.eventIndex == 1 && setError?.field == "position")
        let fine = Scenario(name: "code", duration: 2, seed: 3, buses: ["menu": ScenarioBus(parent: "ui", limit: 2)],
                            events: [ScenarioEvent(at: 0, .fire("a", bus: "menu")), ScenarioEvent(at: 1, .bus("menu", .mute(true)))])
        #expect(throws: Never.self) { try fine.validate(sounds: ["a"]) }
    }
}
