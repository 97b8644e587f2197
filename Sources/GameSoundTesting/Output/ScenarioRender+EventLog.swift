// SPDX-License-Identifier: Zlib
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
        events.map { $0.jsonLine + "\n" }.joined()
    }
}
