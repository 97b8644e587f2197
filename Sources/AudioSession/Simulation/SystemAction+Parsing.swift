// SPDX-License-Identifier: Zlib
extension SystemAction {
    /// The names of every action without parameters, mapped to the action.
    private static let plainActions: [String: SystemAction] = Dictionary(
        uniqueKeysWithValues: [
            SystemAction.phoneRing, .phoneDecline, .phoneAccept, .phoneHangUp, .alarmFire, .alarmDismiss,
            .musicPlay, .musicPause, .silentSwitchOn, .silentSwitchOff, .screenLock, .screenUnlock,
            .mediaServicesLose, .mediaServicesReset, .appBackground, .appForeground,
        ].map { ($0.name, $0) })

    /// Builds an action from a scenario's `system` name and the event's other keys.
    ///
    /// `otherApp.activate` needs `"category"` and takes `"options"` (a list of option names,
    /// default none); `otherApp.deactivate` takes `"notifyOthers"` (default `false`);
    /// `route.plug` and `route.unplug` need `"port"`; `volume.set` needs `"value"`;
    /// `session.overrideOutput` needs `"port"` (`"speaker"` or `"none"`).
    ///
    /// - Parameters:
    ///   - name: The action's name, for example `"phone.ring"`.
    ///   - parameters: The action's parameters; any key the action does not take is an error.
    /// - Throws: ``SystemActionParseError`` naming the bad field.
    public init(name: String, parameters: [String: SystemActionParameter] = [:]) throws(SystemActionParseError) {
        var reader = ParameterReader(action: name, parameters: parameters)
        if let plain = Self.plainActions[name] {
            self = plain
        } else {
            switch name {
            case "otherApp.activate":
                let category = try reader.required("category", expected: "a category name") { value in
                    if case .string(let text) = value { Category(name: text) } else { nil }
                }
                let options = try reader.optional("options", expected: "a list of option names") { value in
                    if case .strings(let names) = value { CategoryOptions(names: names) } else { nil }
                }
                self = .otherAppActivate(category: category, options: options ?? [])
            case "otherApp.deactivate":
                let notify = try reader.optional("notifyOthers", expected: "true or false") { value in
                    if case .bool(let flag) = value { flag } else { nil }
                }
                self = .otherAppDeactivate(notifyOthers: notify ?? false)
            case "route.plug", "route.unplug":
                let port = try reader.required("port", expected: "a port name") { value in
                    if case .string(let text) = value { Port(name: text) } else { nil }
                }
                self = name == "route.plug" ? .routePlug(port: port) : .routeUnplug(port: port)
            case "session.overrideOutput":
                let port = try reader.required("port", expected: "\"speaker\" or \"none\"") { value in
                    if case .string(let text) = value { OutputPortOverride(name: text) } else { nil }
                }
                self = .sessionOverrideOutput(port: port)
            case "volume.set":
                let volume = try reader.required("value", expected: "a number from 0 to 1") { value in
                    if case .number(let number) = value, (0...1).contains(number) { number } else { nil }
                }
                self = .volumeSet(volume)
            default:
                throw .unknownAction(name)
            }
        }
        try reader.rejectUnread()
    }
}

/// Reads an action's parameters, remembering which were read so that extra keys are reported.
private struct ParameterReader {
    let action: String
    var remaining: [String: SystemActionParameter]

    init(action: String, parameters: [String: SystemActionParameter]) {
        self.action = action
        self.remaining = parameters
    }

    mutating func optional<Value>(
        _ key: String, expected: String, _ convert: (SystemActionParameter) -> Value?
    ) throws(SystemActionParseError) -> Value? {
        guard let value = remaining.removeValue(forKey: key) else { return nil }
        guard let converted = convert(value) else {
            throw .invalidParameter(action: action, key: key, value: value, expected: expected)
        }
        return converted
    }

    mutating func required<Value>(
        _ key: String, expected: String, _ convert: (SystemActionParameter) -> Value?
    ) throws(SystemActionParseError) -> Value {
        guard let value = try optional(key, expected: expected, convert) else {
            throw .missingParameter(action: action, key: key)
        }
        return value
    }

    func rejectUnread() throws(SystemActionParseError) {
        if let key = remaining.keys.sorted().first {
            throw .unknownParameter(action: action, key: key)
        }
    }
}
