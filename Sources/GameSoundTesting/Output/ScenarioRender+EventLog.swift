import GameSound

/// The event log as JSON Lines, in the format of GameSound's scenario specification.
extension ScenarioRender {
    /// The event log as JSON Lines: one object per event, one event per line, in order.
    ///
    /// Each object starts with `frame`, `time`, `source` and `event`, followed by the event's
    /// details in their own order, for example
    /// `{"frame":48000,"time":1.0,"source":"system","event":"phone.ring"}`. Whole numbers are written
    /// as integers, other numbers as decimals, booleans as `true`/`false`, lists as arrays of strings;
    /// a non-finite number (which no event should carry) becomes `null`. Every line ends with `\n`.
    ///
    /// - Returns: The whole log; empty when there are no events.
    public func eventLogJSONLines() -> String {
        events.map { Self.jsonLine($0) + "\n" }.joined()
    }

    /// One event as a single-line JSON object.
    static func jsonLine(_ event: GameSoundEvent) -> String {
        var members = [
            ("frame", String(event.frame)), ("time", json(event.time)),
            ("source", json(event.origin.rawValue)), ("event", json(event.name)),
        ]
        for detail in event.details { members.append((detail.key, json(detail.value))) }
        return "{" + members.map { json($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    static func json(_ value: GameSoundEvent.Value) -> String {
        switch value {
        case .string(let text): json(text)
        case .integer(let number): String(number)
        case .number(let number): json(number)
        case .bool(let flag): flag ? "true" : "false"
        case .strings(let texts): "[" + texts.map(json).joined(separator: ",") + "]"
        }
    }

    static func json(_ number: Double) -> String {
        number.isFinite ? "\(number)" : "null"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func json(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
