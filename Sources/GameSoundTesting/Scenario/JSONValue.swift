import Foundation

/// A JSON value as `JSONSerialization` read it, with booleans told apart from numbers.
///
/// On Linux, Foundation hands back booleans as `NSNumber`s that also convert to numbers (and 0 and
/// 1 convert to booleans), so the distinction is made once, here, from the number's storage type.
enum JSONValue {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses a whole JSON document.
    static func parse(_ bytes: [UInt8]) throws(ScenarioError) -> JSONValue {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            throw ScenarioError(field: "", message: "not valid JSON: \((error as NSError).localizedDescription)")
        }
        return JSONValue(object)
    }

    init(_ object: Any) {
        switch object {
        case let text as String:
            self = .string(text)
        case let number as NSNumber:
            // JSONSerialization stores JSON true/false as a char-typed number, every other number as an int or double.
            self = String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.doubleValue)
        case let array as [Any]:
            self = .array(array.map(JSONValue.init))
        case let dictionary as [String: Any]:
            self = .object(dictionary.mapValues(JSONValue.init))
        default:
            self = .null
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
