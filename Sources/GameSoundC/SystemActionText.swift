// SPDX-License-Identifier: Zlib
import AudioSession

/// Reads the text `gs_system_action` takes: an action name of the scenario vocabulary, then
/// optional `key=value` parameters separated by spaces.
///
/// `"phone.ring"`, `"route.plug port=headphones"`, `"volume.set value=0.5"`,
/// `"otherApp.activate category=playback options=mixWithOthers,duckOthers"`,
/// `"otherApp.deactivate notifyOthers=true"`. `options` is always a list (comma-separated),
/// `true`/`false` are yes/no values, numbers are numbers, anything else is a string.
enum SystemActionText {
    static func parse(_ text: String, in function: String) throws(CFailure) -> SystemAction {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard let name = words.first else { throw CFailure(.invalidArgument, "\(function): the action is empty") }
        var parameters: [String: SystemActionParameter] = [:]
        for word in words.dropFirst() {
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw CFailure(.invalidArgument, "\(function): '\(word)' is not key=value")
            }
            parameters[String(parts[0])] = parameter(key: String(parts[0]), value: String(parts[1]))
        }
        do throws(SystemActionParseError) {
            return try SystemAction(name: String(name), parameters: parameters)
        } catch {
            let code: ResultCode = if case .unknownAction = error { .unknownName } else { .invalidArgument }
            throw CFailure(code, "\(function): \(error.description)")
        }
    }

    private static func parameter(key: String, value: String) -> SystemActionParameter {
        if key == "options" { return .strings(value.split(separator: ",").map(String.init)) }
        if value == "true" || value == "false" { return .bool(value == "true") }
        if let number = Double(value) { return .number(number) }
        return .string(value)
    }
}
