// SPDX-License-Identifier: Zlib
import GameSound

/// Reading the mixing layer: the top-level `buses`, `ducking` and `sounds`, and `bus` and `stream` events.
extension ScenarioParser {
    static let busKeys: Set<String> = ["parent", "volume", "reserve", "limit"]
    static let streamKeys: Set<String> = ["at", "stream", "voice", "bus", "loop", "gain"]
    static let duckingKeys: Set<String> = ["bus", "ducks", "db", "attack", "release"]
    static let soundKeys: Set<String> = ["variants", "pitch", "gain", "avoidRepeat", "cooldown", "maxInstances"]

    /// `"buses": {NAME: {"parent"?, "volume"?, "reserve"?, "limit"?}}`.
    func buses(from members: [String: JSONValue]) throws(ScenarioError) -> [BusName: ScenarioBus] {
        var buses: [BusName: ScenarioBus] = [:]
        for name in members.keys.sorted() {
            let fields = try Self.members(of: members[name] ?? .null, field: "buses.\(name)", allowed: Self.busKeys,
                                          in: "a bus of \"buses\"")
            buses[BusName(name)] = ScenarioBus(
                parent: try fields.optional("parent", as: Self.nonEmptyString).map { BusName($0) },
                volume: try fields.optional("volume", as: Self.number).map(Float.init),
                reserve: try fields.optional("reserve", as: Self.integer), limit: try fields.optional("limit", as: Self.integer))
        }
        return buses
    }

    /// `"ducking": [{"bus", "ducks", "db", "attack"?, "release"?}]`.
    func ducking(from items: [JSONValue]) throws(ScenarioError) -> [DuckingRule] {
        var rules: [DuckingRule] = []
        for (index, item) in items.enumerated() {
            let fields = try Self.members(of: item, field: "ducking[\(index)]", allowed: Self.duckingKeys, in: "a ducking rule")
            var rule = DuckingRule(bus: BusName(try fields.required("bus", as: Self.nonEmptyString)),
                                   ducks: BusName(try fields.required("ducks", as: Self.nonEmptyString)),
                                   by: Float(try fields.required("db", as: Self.number)))
            rule.attack = try fields.optional("attack", as: Self.number) ?? rule.attack
            rule.release = try fields.optional("release", as: Self.number) ?? rule.release
            rules.append(rule)
        }
        return rules
    }

    /// `"sounds": {NAME: {"variants", "pitch"?, "gain"?, "avoidRepeat"?, "cooldown"?, "maxInstances"?}}`.
    func sounds(from members: [String: JSONValue]) throws(ScenarioError) -> [String: SoundDefinition] {
        var sounds: [String: SoundDefinition] = [:]
        for name in members.keys.sorted() {
            let fields = try Self.members(of: members[name] ?? .null, field: "sounds.\(name)", allowed: Self.soundKeys,
                                          in: "a sound of \"sounds\"")
            let variants = try fields.required("variants", as: Self.names)
            var definition = SoundDefinition(variants: variants)
            definition.pitch = try fields.optional("pitch", as: Self.range) ?? definition.pitch
            definition.gain = try fields.optional("gain", as: Self.range) ?? definition.gain
            definition.avoidRepeat = try fields.optional("avoidRepeat", as: Self.bool) ?? definition.avoidRepeat
            definition.cooldown = try fields.optional("cooldown", as: Self.number) ?? definition.cooldown
            definition.maxInstances = try fields.optional("maxInstances", as: Self.integer)
            sounds[name] = definition
        }
        return sounds
    }

    /// `{"bus": NAME, "volume": V, "over"?}`, `{"bus": NAME, "mute": B}` or `{"bus": NAME, "paused": B}`.
    func busEvent(fields: FieldReader) throws(ScenarioError) -> ScenarioEvent.Kind {
        let bus = BusName(try fields.required("bus", as: Self.nonEmptyString))
        let given = BusCommand.keys.filter { fields.fields[$0] != nil }
        guard let key = given.first else {
            throw fields.failure("volume", "a bus event needs one of " + BusCommand.keys.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        if given.count > 1 {
            throw fields.failure(given[1], "a bus event does one thing; \"\(given[1])\" cannot go with \"\(key)\"")
        }
        try fields.rejectUnknown(allowed: Set(["at", "bus", key] + (key == "volume" ? ["over"] : [])), in: "a bus \"\(key)\" event")
        switch key {
        case "volume":
            return .bus(bus, .volume(Float(try fields.required("volume", as: Self.number)), over: try fields.optional("over", as: Self.number)))
        case "mute":
            return .bus(bus, .mute(try fields.required("mute", as: Self.bool)))
        default:
            return .bus(bus, .paused(try fields.required("paused", as: Self.bool)))
        }
    }

    /// `{"stream": ASSET, "voice": LABEL, "bus"?, "loop"?, "gain"?}`.
    func streamEvent(fields: FieldReader) throws(ScenarioError) -> ScenarioEvent.Kind {
        try fields.rejectUnknown(allowed: Self.streamKeys, in: "a stream event")
        return .stream(try fields.required("stream", as: Self.nonEmptyString), voice: try fields.required("voice", as: Self.nonEmptyString),
                       bus: try fields.optional("bus", as: Self.nonEmptyString).map { BusName($0) },
                       loop: try fields.optional("loop", as: Self.bool), gain: try fields.optional("gain", as: Self.number).map(Float.init))
    }

    /// The fields of a member of `buses` or `sounds`, or of an item of `ducking`, with unknown keys rejected.
    private static func members(of value: JSONValue, field: String, allowed: Set<String>,
                                in place: String) throws(ScenarioError) -> FieldReader {
        guard case .object(let object) = value else {
            throw ScenarioError(field: field, message: "field \"\(field)\" must be an object, not \(value.typeName)")
        }
        let fields = FieldReader(fields: object, prefix: field + ".", eventIndex: nil, event: nil)
        try fields.rejectUnknown(allowed: allowed, in: place)
        return fields
    }

    // MARK: - Value conversions

    /// A non-empty array of non-empty strings.
    static var names: Conversion<[String]> {
        ("a non-empty array of effect names", { value in
            guard case .array(let items) = value, !items.isEmpty else { return nil }
            let names = items.compactMap { item in item.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
            return names.count == items.count ? names : nil
        })
    }

    /// `[LO, HI]`: two numbers, the lower first.
    static var range: Conversion<ClosedRange<Float>> {
        ("two numbers [LO, HI] with LO ≤ HI", { value in
            guard case .array(let items) = value, items.count == 2, case .number(let low) = items[0],
                  case .number(let high) = items[1], Float(low) <= Float(high) else { return nil }
            return Float(low)...Float(high)
        })
    }

    /// `[X, Y, Z]`: three numbers.
    static var position: Conversion<SIMDPosition> {
        ("three numbers [x, y, z]", { value in
            guard case .array(let items) = value, items.count == 3, case .number(let x) = items[0],
                  case .number(let y) = items[1], case .number(let z) = items[2] else { return nil }
            return SIMDPosition(x: Float(x), y: Float(y), z: Float(z))
        })
    }
}
