// SPDX-License-Identifier: Zlib
/// One entry of the runtime's event log: what happened, at which audio frame, and why.
///
/// The names and details follow the event-log format of GameSound's scenarios (JSON Lines), so a
/// game's own tests can assert on the order of events, for example that `interruptionBegan` comes
/// before `contextCleared`.
public struct GameSoundEvent: Sendable, Hashable, CustomStringConvertible {
    /// Who caused the event.
    public enum Origin: String, Sendable, Hashable {
        /// The simulated (or real) system: a phone call, a switch, a plug.
        case system
        /// The audio session: notifications and activation.
        case session
        /// The OpenAL engine: contexts and output.
        case engine
        /// The game: effects and soundtrack calls.
        case game
    }

    /// A detail's value.
    public enum Value: Sendable, Hashable, CustomStringConvertible {
        /// A string.
        case string(String)
        /// A whole number.
        case integer(Int)
        /// A real number.
        case number(Double)
        /// A yes/no value.
        case bool(Bool)
        /// A list of strings.
        case strings([String])

        /// The value as plain text, the way the event log prints it: `true`, `256`, `[a,b]`.
        public var description: String {
            switch self {
            case .string(let value): value
            case .integer(let value): String(value)
            case .number(let value): String(value)
            case .bool(let value): String(value)
            case .strings(let values): "[" + values.joined(separator: ",") + "]"
            }
        }
    }

    /// The audio frame at which it happened (frames rendered since the runtime started).
    public var frame: Int
    /// The time in seconds, `frame / sampleRate`.
    public var time: Double
    /// Who caused it.
    public var origin: Origin
    /// The event's name, for example `"interruptionBegan"`.
    public var name: String
    /// Its details in a fixed order, for example `[("reason", .string("default"))]`.
    public var details: [Detail]

    /// A named detail of an event.
    public struct Detail: Sendable, Hashable {
        /// The detail's key, for example `"position"`.
        public var key: String
        /// Its value.
        public var value: Value

        /// Creates a detail.
        public init(_ key: String, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// Creates an event.
    public init(frame: Int, time: Double, origin: Origin, name: String, details: [Detail] = []) {
        self.frame = frame
        self.time = time
        self.origin = origin
        self.name = name
        self.details = details
    }

    /// The value of the detail named `key`, if present.
    public subscript(key: String) -> Value? {
        details.first { $0.key == key }?.value
    }

    /// One line for logs and test failures: `[frame] origin name key=value ...`, for example
    /// `[48000] session interruptionBegan reason=default wasSuspended=false`.
    public var description: String {
        let rest = details.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        return "[\(frame)] \(origin.rawValue) \(name)" + (rest.isEmpty ? "" : " " + rest)
    }
}
