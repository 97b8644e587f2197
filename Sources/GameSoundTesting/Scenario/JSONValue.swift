// SPDX-License-Identifier: Zlib
/// A JSON value, with booleans told apart from numbers.
enum JSONValue: Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses a whole JSON document.
    ///
    /// - Throws: ``ScenarioError`` whose message says the line and column where the document stops
    ///   being JSON and what was expected there.
    static func parse(_ bytes: [UInt8]) throws(ScenarioError) -> JSONValue {
        do {
            return try JSONReader.parse(bytes)
        } catch {
            var failure = ScenarioError(field: "", message: "expected \(error.expected) (not valid JSON)")
            failure.location = (nil, error.line, error.column)
            throw failure
        }
    }

    /// How an error message names the value's type, for example `a string`.
    var typeName: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as it would appear in the file, shortened, for error messages.
    var shortText: String {
        switch self {
        case .string(let text): "\"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag): String(flag)
        case .null: "null"
        case .array: "[…]"
        case .object: "{…}"
        }
    }
}

extension JSONValue {
    var isNull: Bool { if case .null = self { true } else { false } }
    var isString: Bool { stringValue != nil }
    var stringValue: String? { if case .string(let text) = self { text } else { nil } }
}
