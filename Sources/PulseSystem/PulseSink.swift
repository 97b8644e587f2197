// SPDX-License-Identifier: Zlib
import AudioSession

/// An output device (a "sink") as the server reports it: what the session's route is made of.
struct PulseSink: Sendable, Hashable {
    var index: UInt32
    var name: String
    /// `device.bus` (`usb`, `bluetooth`, `pci`...), when known.
    var bus: String?
    /// `device.form_factor` (`headphone`, `headset`, `speaker`...), when known.
    var formFactor: String?
    /// The active port's name (`analog-output-headphones`...), when the sink has ports.
    var activePort: String?
    /// Each port's availability: true available, false unavailable, nil unknown.
    var portAvailability: [String: Bool?] = [:]
    var sampleRate: Double
    /// The sink's own latency, in seconds.
    var latency: Double
    /// The average channel volume, 0 to 1 (can exceed 1 when amplified; clamped by the reader).
    var volume: Double

    /// Whether a sink of this name stands in for "no device": `auto_null`, the null sink that
    /// module-always-sink creates while no other sink exists (pipewire-pulse always loads it; on
    /// PulseAudio it is part of desktop setups) and removes as soon as another appears.
    static func isPlaceholder(_ name: String) -> Bool { name == "auto_null" }

    /// The default sink's name when pipewire-pulse names none: neither the one it was told
    /// (`set-default-sink`) nor one it would choose itself is among its sinks (yet).
    static let unnamedDefault = "@DEFAULT_SINK@"

    /// Whether the active port is known to be unplugged.
    var activePortUnavailable: Bool {
        guard let activePort, let known = portAvailability[activePort] else { return false }
        return known == false
    }

    /// The closest iOS port for this device and its active port.
    var port: Port {
        let portName = activePort?.lowercased() ?? ""
        if bus == "bluetooth" {
            return portName.contains("headset") || portName.contains("hfp") ? .bluetoothHFP : .bluetoothA2DP
        }
        if portName.contains("hdmi") { return .HDMI }
        if portName.contains("headphone") || formFactor == "headphone" || formFactor == "headset" { return .headphones }
        if portName.contains("lineout") || portName.contains("line-out") { return .lineOut }
        if bus == "usb" { return .usbAudio }
        return .builtInSpeaker
    }

    /// What a route change compares: the device and its active port's state.
    var routeKey: String {
        "\(name)|\(activePort ?? "")|\(activePortUnavailable)"
    }
}
