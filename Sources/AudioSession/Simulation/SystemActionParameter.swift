// SPDX-License-Identifier: Zlib
/// A parameter value of a ``SystemAction``, as found in a scenario's JSON.
public enum SystemActionParameter: Sendable, Hashable, CustomStringConvertible {
    /// A string, such as a category or port name.
    case string(String)
    /// A boolean, such as `notifyOthers`.
    case bool(Bool)
    /// A number, such as a volume.
    case number(Double)
    /// A list of strings, such as option names.
    case strings([String])

    /// The value as JSON would show it.
    public var description: String {
        switch self {
        case .string(let value): "\"\(value)\""
        case .bool(let value): String(value)
        case .number(let value): String(value)
        case .strings(let values): "[" + values.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        }
    }
}
