// SPDX-License-Identifier: Zlib
/// An audio input or output device.
public enum Port: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The loudspeaker built into the device.
    case builtInSpeaker
    /// The earpiece speaker held against the ear during calls.
    case builtInReceiver
    /// Wired headphones.
    case headphones
    /// High-quality Bluetooth output (music headphones, speakers).
    case bluetoothA2DP
    /// Bluetooth hands-free (headsets used for calls): output and input.
    case bluetoothHFP
    /// An HDMI display or receiver.
    case HDMI
    /// A line-level output such as a dock connector.
    case lineOut
    /// A USB audio interface.
    case usbAudio
    /// The microphone built into the device.
    case builtInMic
    /// The microphone of a wired headset.
    case headsetMic

    /// The port's name as the spec spells it, for example `"builtInSpeaker"`.
    public var name: String { rawValue }

    /// The same as ``name``.
    public var description: String { rawValue }

    /// Parses a port from its ``name``.
    ///
    /// - Parameter name: A spelling such as `"headphones"` (case-sensitive).
    /// - Returns: `nil` when the name is not a port.
    public init?(name: String) {
        self.init(rawValue: name)
    }

    /// Whether the port carries output.
    public var isOutput: Bool {
        switch self {
        case .builtInMic, .headsetMic: false
        default: true
        }
    }

    /// Whether the port carries input.
    public var isInput: Bool {
        switch self {
        case .builtInMic, .headsetMic, .bluetoothHFP: true
        default: false
        }
    }

    /// Whether the port can be plugged in and pulled out (built-in ports are always there).
    public var isPluggable: Bool {
        switch self {
        case .builtInSpeaker, .builtInReceiver, .builtInMic: false
        default: true
        }
    }
}
