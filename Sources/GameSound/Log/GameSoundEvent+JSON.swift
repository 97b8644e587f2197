// SPDX-License-Identifier: Zlib
extension GameSoundEvent {
    /// The event as one line of the event log's JSON Lines format, without the newline:
    /// `frame`, `time`, `source` and `event` first, then the details in their own order, for example
    /// `{"frame":48000,"time":1.0,"source":"system","event":"phone.ring"}`.
    ///
    /// Whole numbers are integers, other numbers decimals, booleans `true`/`false`, lists arrays of
    /// strings; a non-finite number (which no event should carry) becomes `null`.
    public var jsonLine: String {
        let head = [("frame", String(frame)), ("time", Self.json(time)), ("source", Self.json(origin.rawValue)),
                    ("event", Self.json(name))]
        return Self.object(head + details.map { ($0.key, Self.json($0.value)) })
    }

    /// The event's details alone as a JSON object, for example `{"reason":"default"}`; `{}` when none.
    public var detailsJSON: String {
        Self.object(details.map { ($0.key, Self.json($0.value)) })
    }

    private static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { json($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    private static func json(_ value: Value) -> String {
        switch value {
        case .string(let text): json(text)
        case .integer(let number): String(number)
        case .number(let number): json(number)
        case .bool(let flag): flag ? "true" : "false"
        case .strings(let texts): "[" + texts.map(json).joined(separator: ",") + "]"
        }
    }

    private static func json(_ number: Double) -> String {
        number.isFinite ? "\(number)" : "null"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    private static func json(_ text: String) -> String {
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
