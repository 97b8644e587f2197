// SPDX-License-Identifier: Zlib
import GameSound

/// Reading the space layer: the top-level `spatialization` and `distanceModel`, and `move`,
/// `listener` and `environment` events. (`position`, `velocity`, `reverbSend` and `occlusion` on a
/// fire are read with the fire's other options.)
extension ScenarioParser {
    static let moveKeys: Set<String> = ["at", "move", "position", "velocity", "over"]
    static let listenerEventKeys: Set<String> = ["at", "listener", "over"]
    static let listenerKeys: Set<String> = ["position", "orientation", "velocity"]
    static let orientationKeys: Set<String> = ["at", "up"]
    static let environmentKeys: Set<String> = ["at", "environment", "over"]

    /// `"spatialization": "auto" | "hrtf" | "stereo"` and `"distanceModel": NAME`.
    func space(from fields: FieldReader, into scenario: inout Scenario) throws(ScenarioError) {
        scenario.spatialization = try fields.optional("spatialization", as: Self.named(Spatialization.init(rawValue:),
                                                                                         Self.oneOf(Spatialization.allCases.map(\.rawValue))))
            ?? scenario.spatialization
        scenario.distanceModel = try fields.optional("distanceModel", as: Self.named(DistanceModel.init(rawValue:),
                                                                                       Self.oneOf(DistanceModel.allCases.map(\.rawValue))))
            ?? scenario.distanceModel
    }

    /// `{"move": LABEL, "position": [X, Y, Z], "velocity"?: [X, Y, Z], "over"?: S}`.
    func moveEvent(fields: FieldReader) throws(ScenarioError) -> ScenarioEvent.Kind {
        try fields.rejectUnknown(allowed: Self.moveKeys, in: "a move event")
        return .move(voice: try fields.required("move", as: Self.nonEmptyString), position: try fields.required("position", as: Self.position),
                     velocity: try fields.optional("velocity", as: Self.position), over: try fields.optional("over", as: Self.number))
    }

    /// `{"listener": {"position"?, "orientation"?: {"at", "up"}, "velocity"?}, "over"?: S}`.
    func listenerEvent(fields: FieldReader) throws(ScenarioError) -> ScenarioEvent.Kind {
        try fields.rejectUnknown(allowed: Self.listenerEventKeys, in: "a listener event")
        let members = try fields.required("listener", as: Self.object)
        let listener = FieldReader(fields: members, prefix: "listener.", eventIndex: fields.eventIndex, event: fields.event)
        if members["over"] != nil {
            throw listener.failure("over", "\"over\" goes beside \"listener\", not inside it: {\"listener\": {…}, \"over\": S}")
        }
        try listener.rejectUnknown(allowed: Self.listenerKeys, in: "\"listener\"")
        var orientation: ListenerOrientation?
        if let facing = try listener.optional("orientation", as: Self.object) {
            let turn = FieldReader(fields: facing, prefix: "listener.orientation.", eventIndex: fields.eventIndex, event: fields.event)
            try turn.rejectUnknown(allowed: Self.orientationKeys, in: "\"listener.orientation\"")
            orientation = ListenerOrientation(at: try turn.required("at", as: Self.position), up: try turn.required("up", as: Self.position))
        }
        return .listener(position: try listener.optional("position", as: Self.position), orientation: orientation,
                         velocity: try listener.optional("velocity", as: Self.position), over: try fields.optional("over", as: Self.number))
    }

    /// `{"environment": PRESET, "over"?: S}`.
    func environmentEvent(fields: FieldReader) throws(ScenarioError) -> ScenarioEvent.Kind {
        try fields.rejectUnknown(allowed: Self.environmentKeys, in: "an environment event")
        let environment = try fields.required("environment", as: Self.named(Environment.init(rawValue:),
                                                                            Self.oneOf(Environment.allCases.map(\.rawValue))))
        return .environment(environment, over: try fields.optional("over", as: Self.number))
    }
}
