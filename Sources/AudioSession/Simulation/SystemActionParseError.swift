// SPDX-License-Identifier: Zlib
/// Why a system action could not be built from its name and parameters; names the bad field.
public enum SystemActionParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The action name is not in the vocabulary.
    case unknownAction(String)
    /// A required parameter is missing.
    case missingParameter(action: String, key: String)
    /// A parameter has the wrong type or a value that is not allowed; `expected` says what fits.
    case invalidParameter(action: String, key: String, value: SystemActionParameter, expected: String)
    /// A parameter the action does not take.
    case unknownParameter(action: String, key: String)

    /// The field at fault: `"system"` for an unknown action, otherwise the parameter's key.
    public var field: String {
        switch self {
        case .unknownAction: "system"
        case .missingParameter(_, let key), .invalidParameter(_, let key, _, _), .unknownParameter(_, let key): key
        }
    }

    /// A sentence naming the action and the field.
    public var description: String {
        switch self {
        case .unknownAction(let name):
            "unknown system action \"\(name)\""
        case .missingParameter(let action, let key):
            "\(action): missing \"\(key)\""
        case .invalidParameter(let action, let key, let value, let expected):
            "\(action): invalid \"\(key)\" \(value), expected \(expected)"
        case .unknownParameter(let action, let key):
            "\(action): unknown key \"\(key)\""
        }
    }
}
