// SPDX-License-Identifier: Zlib
/// Why a scenario is malformed: which event (if any), which field, and what is wrong with it.
///
/// Every check of ``Scenario``'s parsing and of ``Scenario/validate(sounds:)``
/// reports the first problem it finds as one of these, and nothing is rendered for a scenario
/// that fails. Its ``description`` is the sentence to show a person, for example
/// `event 3 ("system": "phone.rnig"): unknown system action 'phone.rnig'`, or for a file that is not
/// JSON, `boss.json:3:5: expected ',' or '}' (not valid JSON)`.
public struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The index of the faulty event in the `events` array, counting from 0; nil for a problem
    /// outside the events (a top-level key, the `launch` object, or the JSON itself).
    public var eventIndex: Int?
    /// The faulty field as the file spells it, for example `"at"`, `"port"` or `"launch.route"`;
    /// `""` when the file is not a JSON object at all.
    public var field: String
    /// What is wrong, without the event prefix, for example `unknown system action 'phone.rnig'`.
    public var message: String
    /// The event's kind and subject as the file spells them, for example `"system": "phone.rnig"`,
    /// when the event got far enough to have one.
    public var event: String?
    /// Where the file stops being JSON, for a syntax error: the file (when it was read from one),
    /// the line and the column, from 1.
    public var location: (file: String?, line: Int, column: Int)? {
        get { line.map { (file, $0, column ?? 1) } }
        set {
            file = newValue?.file
            line = newValue?.line
            column = newValue?.column
        }
    }
    private var file: String?
    private var line: Int?
    private var column: Int?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - eventIndex: The faulty event's index from 0, or nil outside the events.
    ///   - field: The faulty field's name.
    ///   - message: What is wrong with it.
    ///   - event: The event's kind and subject, such as `"fire": "laser"`, if known.
    public init(eventIndex: Int? = nil, field: String, message: String, event: String? = nil) {
        self.eventIndex = eventIndex
        self.field = field
        self.message = message
        self.event = event
    }

    /// The full sentence: `event N (kind): message` for an event, otherwise the message alone.
    public var description: String {
        if let location {
            return "\(location.file ?? "<json>"):\(location.line):\(location.column): \(message)"
        }
        guard let eventIndex else { return message }
        let subject = event.map { " (\($0))" } ?? ""
        return "event \(eventIndex)\(subject): \(message)"
    }
}
