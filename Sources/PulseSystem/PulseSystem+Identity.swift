// SPDX-License-Identifier: Zlib
import Glibc

extension PulseSystem {
    /// Makes the connections this process opens later, and so their streams, carry the game's name
    /// and icon, as the desktop's mixer (pavucontrol, GNOME or KDE settings, `wpctl`) shows them.
    ///
    /// libpulse reads `PULSE_PROP_key=value` (adds the property unless the client set it) and
    /// `PULSE_PROP_OVERRIDE_key=value` (replaces it) from the environment into every connection,
    /// and the server gives a stream its client's properties that the stream does not set itself.
    /// OpenAL Soft names its connection after the program's file, so the name goes in as
    /// `PULSE_PROP_OVERRIDE_application.name`; the icon, which OpenAL Soft does not set, as
    /// `PULSE_PROP_application.icon_name`. Each is set only when nothing in the environment names
    /// that property already (`PULSE_PROP`, `PULSE_PROP_OVERRIDE` or the per-key variables): the
    /// player's or the game's own choice wins, and the first call's stays for the process. Call it
    /// before OpenAL Soft opens its output and before other threads start: it changes the environment.
    ///
    /// - Returns: the environment variables this call set, as `NAME=value`.
    @discardableResult
    public static func advertiseApplication(name: String?, iconName: String?) -> [String] {
        var set: [String] = []
        if let name, !name.isEmpty, !environmentNames("application.name"),
           setenv("PULSE_PROP_OVERRIDE_application.name", name, 0) == 0 {
            set.append("PULSE_PROP_OVERRIDE_application.name=\(name)")
        }
        if let iconName, !iconName.isEmpty, !environmentNames("application.icon_name"),
           setenv("PULSE_PROP_application.icon_name", iconName, 0) == 0 {
            set.append("PULSE_PROP_application.icon_name=\(iconName)")
        }
        return set
    }

    /// Whether a libpulse property variable of the environment already gives `key`.
    private static func environmentNames(_ key: String) -> Bool {
        if getenv("PULSE_PROP_\(key)") != nil || getenv("PULSE_PROP_OVERRIDE_\(key)") != nil { return true }
        return ["PULSE_PROP", "PULSE_PROP_OVERRIDE"].contains { variable in
            guard let value = getenv(variable) else { return false }
            return String(cString: value).contains("\(key)=")
        }
    }
}
