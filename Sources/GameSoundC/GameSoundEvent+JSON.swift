import GameSound

extension GameSoundEvent {
    /// The event's details as one JSON object, keys in the event's own order, for example
    /// `{"reason":"default"}`; `{}` when it has none.
    var detailsJSON: String {
        let members = details.map { JSONText.string($0.key) + ":" + JSONText.value($0.value) }
        return "{" + members.joined(separator: ",") + "}"
    }
}

/// Writes JSON text for the few value kinds events carry.
enum JSONText {
    static func value(_ value: GameSoundEvent.Value) -> String {
        switch value {
        case .string(let text): string(text)
        case .integer(let number): String(number)
        case .number(let number): number.isFinite ? String(number) : "null"
        case .bool(let flag): flag ? "true" : "false"
        case .strings(let texts): "[" + texts.map(string).joined(separator: ",") + "]"
        }
    }

    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
