// SPDX-License-Identifier: Zlib
import AudioFiles

/// Reading scenarios from JSON files in the format of GameSound's scenario specification.
extension Scenario {
    /// Reads a scenario from JSON bytes and checks it strictly.
    ///
    /// The order of keys does not matter; every key must be known, every value of the right type.
    /// Events are checked in order, and the first problem is reported.
    ///
    /// - Parameters:
    ///   - json: The bytes of a UTF-8 JSON document.
    ///   - sounds: The effect names that exist, to reject an unknown `fire`; nil to skip that check
    ///     (``ScenarioRunner`` checks against its assets anyway).
    /// - Returns: The scenario.
    /// - Throws: ``ScenarioError`` naming the event's index (from 0) and the bad field: invalid JSON,
    ///   an unknown key, action, port, category, option, policy, sound, bus or voice label, a value
    ///   of the wrong type, a missing `duration` or `at`, an event out of order, negative or past the
    ///   duration, an unsupported sample rate or a duration that is not in (0, 3600], a negative
    ///   volume or ramp, a range whose low end is above its high end, a loop in the buses' parents,
    ///   and everything else ``validate(sounds:)`` rejects.
    public static func parse(json: [UInt8], sounds: Set<String>? = nil) throws(ScenarioError) -> Scenario {
        let parser = ScenarioParser(sounds: sounds)
        return try parser.scenario(from: JSONValue.parse(json))
    }

    /// Reads a scenario from a JSON string and checks it strictly.
    ///
    /// - Parameters:
    ///   - json: The JSON document.
    ///   - sounds: The effect names that exist, or nil to skip that check.
    /// - Returns: The scenario.
    /// - Throws: ``ScenarioError``, as ``parse(json:sounds:)-([UInt8],_)`` does.
    public static func parse(json: String, sounds: Set<String>? = nil) throws(ScenarioError) -> Scenario {
        try parse(json: Array(json.utf8), sounds: sounds)
    }

    /// Reads a scenario file and checks it strictly.
    ///
    /// - Parameters:
    ///   - path: The JSON file's path.
    ///   - sounds: The effect names that exist, or nil to skip that check.
    /// - Returns: The scenario.
    /// - Throws: ``ScenarioError`` with an empty field when the file cannot be read, otherwise as
    ///   ``parse(json:sounds:)-([UInt8],_)`` does.
    public static func load(path: String, sounds: Set<String>? = nil) throws(ScenarioError) -> Scenario {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path: path)
        } catch {
            throw ScenarioError(field: "", message: "cannot read the scenario: \(error)")
        }
        do {
            return try parse(json: bytes, sounds: sounds)
        } catch {
            var located = error
            if let location = error.location { located.location = (path, location.line, location.column) }
            throw located
        }
    }
}
