// SPDX-License-Identifier: Zlib
import AudioSession
import GameSound

/// Turns a parsed JSON document into a ``Scenario``, rejecting anything the format does not allow.
struct ScenarioParser {
    static let topLevelKeys: Set<String> = [
        "name", "description", "sampleRate", "duration", "policy", "launch", "soundtrack", "voices", "interruptionStrategy",
        "preload", "seed", "buses", "ducking", "sounds", "spatialization", "distanceModel", "virtualVoices", "events",
    ]
    static let launchKeys: Set<String> = ["otherAudio", "silentSwitch", "screenLocked", "route"]
    static let fireKeys: Set<String> = ["at", "fire", "gain", "pitch", "pan", "loop", "priority", "voice", "bus", "position", "velocity",
                                        "reverbSend", "occlusion"]
    static let setKeys: Set<String> = ["at", "set", "gain", "pitch", "pan", "position", "over"]
    /// The keys each `soundtrack` verb takes besides `at` and `soundtrack`.
    static let soundtrackKeys: [String: Set<String>] = [
        "play": ["track", "fadeIn"], "pause": [], "resume": ["fadeIn"], "stop": ["fadeOut"],
        "crossfade": ["track", "duration"], "volume": ["value"],
    ]
    /// The keys each `effects` verb takes besides `at` and `effects`.
    static let effectsKeys: [String: Set<String>] = ["stopAll": [], "volume": ["value"]]
    /// The keys that name an event's kind. `bus` names it only on its own: beside another kind's key
    /// (`"fire"` with `"bus"`) it is that event's field.
    static let eventKinds = ["fire", "stream", "stop", "pause", "resume", "set", "move", "listener", "environment", "bus", "effects", "preload",
                             "unload", "soundtrack", "system"]

    let sounds: Set<String>?

    init(sounds: Set<String>?) {
        self.sounds = sounds
    }

    func scenario(from document: JSONValue) throws(ScenarioError) -> Scenario {
        guard case .object(let root) = document else {
            throw ScenarioError(field: "", message: "a scenario must be a JSON object, not \(document.typeName)")
        }
        let fields = FieldReader(fields: root, prefix: "", eventIndex: nil, event: nil)
        try fields.rejectUnknown(allowed: Self.topLevelKeys, in: "a scenario")
        var scenario = Scenario(name: try fields.required("name", as: Self.string), duration: try fields.required("duration", as: Self.number))
        scenario.summary = try fields.optional("description", as: Self.string)
        scenario.sampleRate = try fields.optional("sampleRate", as: Self.integer) ?? scenario.sampleRate
        scenario.policy = try fields.optional("policy", as: Self.named(GameSoundConfiguration.Policy.init(rawValue:),
                                                                      Self.oneOf(GameSoundConfiguration.Policy.allCases.map(\.rawValue)))) ?? scenario.policy
        scenario.voices = try fields.optional("voices", as: Self.integer) ?? scenario.voices
        scenario.virtualVoices = try fields.optional("virtualVoices", as: Self.integer) ?? scenario.virtualVoices
        scenario.interruptionStrategy = try fields.optional(
            "interruptionStrategy", as: Self.named(GameSoundConfiguration.InterruptionStrategy.init(rawValue:),
                                                   Self.oneOf(GameSoundConfiguration.InterruptionStrategy.allCases.map(\.rawValue)))) ?? scenario.interruptionStrategy
        if let soundtrack = root["soundtrack"] {
            scenario.soundtrack = soundtrack.isNull ? nil : try fields.required("soundtrack", as: Self.string)
        }
        if let launch = root["launch"] { scenario.launch = try self.launch(from: launch) }
        if let preload = try fields.optional("preload", as: Self.array) {
            scenario.preloadedEffects = try preload.map { (value) throws(ScenarioError) in
                guard let name = value.stringValue, !name.isEmpty else {
                    throw fields.failure("preload", "field \"preload\" must be an array of effect names, not one holding \(value.shortText)")
                }
                return name
            }
        }
        if let seed = try fields.optional("seed", as: Self.integer) {
            guard seed >= 0 else { throw fields.failure("seed", "field \"seed\" (\(seed)) must be a whole number of 0 or more") }
            scenario.seed = UInt64(seed)
        }
        if let buses = try fields.optional("buses", as: Self.object) { scenario.buses = try self.buses(from: buses) }
        if let ducking = try fields.optional("ducking", as: Self.array) { scenario.ducking = try self.ducking(from: ducking) }
        if let sounds = try fields.optional("sounds", as: Self.object) { scenario.sounds = try self.sounds(from: sounds) }
        try space(from: fields, into: &scenario)
        try scenario.validateSettings()
        try scenario.validateLaunchEffects(sounds: sounds)
        try scenario.validateMixing(effects: sounds)
        let events = try fields.optional("events", as: Self.array) ?? []
        for (index, value) in events.enumerated() {
            let event = try self.event(from: value, index: index)
            try scenario.validate(event, index: index, after: scenario.events.last?.at ?? 0, sounds: sounds)
            scenario.events.append(event)
        }
        return scenario
    }

    private func launch(from value: JSONValue) throws(ScenarioError) -> LaunchState {
        guard case .object(let object) = value else {
            throw ScenarioError(field: "launch", message: "field \"launch\" must be an object, not \(value.typeName)")
        }
        let fields = FieldReader(fields: object, prefix: "launch.", eventIndex: nil, event: nil)
        try fields.rejectUnknown(allowed: Self.launchKeys, in: "\"launch\"")
        var launch = LaunchState()
        launch.otherAudio = try fields.optional("otherAudio", as: Self.named(LaunchState.OtherAudio.init(name:),
                                                                             "none, music or mixable")) ?? launch.otherAudio
        launch.silentSwitch = try fields.optional("silentSwitch", as: Self.bool) ?? launch.silentSwitch
        launch.screenLocked = try fields.optional("screenLocked", as: Self.bool) ?? launch.screenLocked
        launch.route = try fields.optional("route", as: Self.named({ name in Port(name: name).flatMap { $0.isOutput ? $0 : nil } },
                                                                   Self.oneOf(Port.allCases.filter(\.isOutput).map(\.name)))) ?? launch.route
        return launch
    }

    private func event(from value: JSONValue, index: Int) throws(ScenarioError) -> ScenarioEvent {
        guard case .object(let object) = value else {
            throw ScenarioError(eventIndex: index, field: "", message: "an event must be an object, not \(value.typeName)")
        }
        var kinds = Self.eventKinds.filter { object[$0] != nil }
        if kinds.count > 1 { kinds.removeAll { $0 == "bus" } }
        guard let kind = kinds.first else {
            throw ScenarioError(eventIndex: index, field: "fire",
                                message: "an event needs one of " + Self.eventKinds.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        let summary = "\"\(kind)\": \(object[kind]?.shortText ?? "")"
        let fields = FieldReader(fields: object, prefix: "", eventIndex: index, event: summary)
        if kinds.count > 1 {
            throw fields.failure(kinds[1], "an event has one kind; \"\(kinds[1])\" cannot go with \"\(kind)\"")
        }
        let at = try fields.required("at", as: Self.number)
        switch kind {
        case "fire":
            try fields.rejectUnknown(allowed: Self.fireKeys, in: "a fire event")
            let name = try fields.required("fire", as: Self.nonEmptyString)
            return ScenarioEvent(at: at, .fire(
                name, gain: try fields.optional("gain", as: Self.number).map(Float.init),
                pitch: try fields.optional("pitch", as: Self.number).map(Float.init),
                pan: try fields.optional("pan", as: Self.number).map(Float.init),
                loop: try fields.optional("loop", as: Self.bool), priority: try fields.optional("priority", as: Self.integer),
                voice: try fields.optional("voice", as: Self.nonEmptyString),
                bus: try fields.optional("bus", as: Self.nonEmptyString).map { BusName($0) },
                position: try fields.optional("position", as: Self.position), velocity: try fields.optional("velocity", as: Self.position),
                reverbSend: try fields.optional("reverbSend", as: Self.number).map(Float.init),
                occlusion: try fields.optional("occlusion", as: Self.number).map(Float.init)))
        case "stream":
            return ScenarioEvent(at: at, try streamEvent(fields: fields))
        case "stop":
            try fields.rejectUnknown(allowed: ["at", "stop", "fade"], in: "a stop event")
            return ScenarioEvent(at: at, .stop(voice: try fields.required("stop", as: Self.nonEmptyString),
                                               fade: try fields.optional("fade", as: Self.number)))
        case "pause", "resume":
            try fields.rejectUnknown(allowed: ["at", kind], in: "a \(kind) event")
            let label = try fields.required(kind, as: Self.nonEmptyString)
            return ScenarioEvent(at: at, kind == "pause" ? .pause(voice: label) : .resume(voice: label))
        case "set":
            try fields.rejectUnknown(allowed: Self.setKeys, in: "a set event")
            return ScenarioEvent(at: at, .set(
                voice: try fields.required("set", as: Self.nonEmptyString), gain: try fields.optional("gain", as: Self.number).map(Float.init),
                pitch: try fields.optional("pitch", as: Self.number).map(Float.init),
                pan: try fields.optional("pan", as: Self.number).map(Float.init),
                position: try fields.optional("position", as: Self.position), over: try fields.optional("over", as: Self.number)))
        case "move":
            return ScenarioEvent(at: at, try moveEvent(fields: fields))
        case "listener":
            return ScenarioEvent(at: at, try listenerEvent(fields: fields))
        case "environment":
            return ScenarioEvent(at: at, try environmentEvent(fields: fields))
        case "bus":
            return ScenarioEvent(at: at, try busEvent(fields: fields))
        case "preload", "unload":
            try fields.rejectUnknown(allowed: ["at", kind], in: "a\(kind == "unload" ? "n" : "") \(kind) event")
            let name = try fields.required(kind, as: Self.nonEmptyString)
            return ScenarioEvent(at: at, kind == "preload" ? .preload(name) : .unload(name))
        case "effects":
            let verb = try fields.required("effects", as: Self.verb(of: Self.effectsKeys))
            try fields.rejectUnknown(allowed: (Self.effectsKeys[verb] ?? []).union(["at", "effects"]), in: "an effects \"\(verb)\" event")
            let command: EffectsCommand = verb == "volume" ? .volume(Float(try fields.required("value", as: Self.number))) : .stopAll
            return ScenarioEvent(at: at, .effects(command))
        case "soundtrack":
            let verb = try fields.required("soundtrack", as: Self.verb(of: Self.soundtrackKeys))
            try fields.rejectUnknown(allowed: (Self.soundtrackKeys[verb] ?? []).union(["at", "soundtrack"]),
                                     in: "a soundtrack \"\(verb)\" event")
            return ScenarioEvent(at: at, .soundtrack(try soundtrackCommand(verb, fields: fields)))
        default:
            return ScenarioEvent(at: at, .system(try systemAction(fields: fields)))
        }
    }

    private func soundtrackCommand(_ verb: String, fields: FieldReader) throws(ScenarioError) -> SoundtrackCommand {
        switch verb {
        case "play":
            return .play(track: try fields.optional("track", as: Self.nonEmptyString), fadeIn: try fields.optional("fadeIn", as: Self.number))
        case "resume":
            return .resume(fadeIn: try fields.optional("fadeIn", as: Self.number))
        case "stop":
            return .stop(fadeOut: try fields.optional("fadeOut", as: Self.number))
        case "crossfade":
            return .crossfade(track: try fields.required("track", as: Self.nonEmptyString),
                              duration: try fields.optional("duration", as: Self.number))
        case "volume":
            return .volume(Float(try fields.required("value", as: Self.number)))
        default:
            return .pause
        }
    }

    private func systemAction(fields: FieldReader) throws(ScenarioError) -> SystemAction {
        let name = try fields.required("system", as: Self.nonEmptyString)
        var parameters: [String: SystemActionParameter] = [:]
        for key in fields.fields.keys where key != "at" && key != "system" {
            parameters[key] = try fields.required(key, as: Self.parameter)
        }
        do {
            return try SystemAction(name: name, parameters: parameters)
        } catch {
            throw fields.failure(error.field, Self.message(for: error))
        }
    }

    private static func message(for error: SystemActionParseError) -> String {
        switch error {
        case .unknownAction(let name):
            "unknown system action '\(name)'"
        case .missingParameter(let action, let key):
            "\(action) needs the field \"\(key)\""
        case .invalidParameter(let action, let key, let value, let expected):
            "field \"\(key)\" (\(value)) of \(action) is not valid: expected \(expected)"
        case .unknownParameter(let action, let key):
            "unknown key \"\(key)\" for \(action)"
        }
    }

    // MARK: - Value conversions: nil means the wrong type or value; `expected` says what fits.

    typealias Conversion<Value> = (expected: String, convert: (JSONValue) -> Value?)

    static var string: Conversion<String> {
        ("a string", { if case .string(let text) = $0 { text } else { nil } })
    }
    static var nonEmptyString: Conversion<String> {
        ("a non-empty string", { if case .string(let text) = $0, !text.isEmpty { text } else { nil } })
    }
    static var number: Conversion<Double> {
        ("a number", { if case .number(let number) = $0 { number } else { nil } })
    }
    static var bool: Conversion<Bool> {
        ("true or false", { if case .bool(let flag) = $0 { flag } else { nil } })
    }
    static var integer: Conversion<Int> {
        ("a whole number", {
            if case .number(let number) = $0, number == number.rounded(), abs(number) < 1e15 { Int(number) } else { nil }
        })
    }
    static var array: Conversion<[JSONValue]> {
        ("an array", { if case .array(let items) = $0 { items } else { nil } })
    }
    static var object: Conversion<[String: JSONValue]> {
        ("an object", { if case .object(let members) = $0 { members } else { nil } })
    }
    static var parameter: Conversion<SystemActionParameter> {
        ("a string, number, boolean or array of strings", { value in
            switch value {
            case .string(let text): .string(text)
            case .number(let number): .number(number)
            case .bool(let flag): .bool(flag)
            case .array(let items): items.allSatisfy(\.isString) ? .strings(items.compactMap(\.stringValue)) : nil
            case .null, .object: nil
            }
        })
    }

    /// A verb that is one of the dictionary's keys, for the `soundtrack` and `effects` kinds.
    static func verb(of table: [String: Set<String>]) -> Conversion<String> {
        let verbs = table.keys.sorted()
        return (oneOf(verbs), { if case .string(let text) = $0, table[text] != nil { text } else { nil } })
    }

    static func oneOf(_ names: [String]) -> String {
        "one of " + names.joined(separator: ", ")
    }

    static func named<Value>(_ parse: @escaping (String) -> Value?, _ expected: String) -> Conversion<Value> {
        (expected, { if case .string(let text) = $0 { parse(text) } else { nil } })
    }
}
