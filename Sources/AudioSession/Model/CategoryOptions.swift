// SPDX-License-Identifier: Zlib
/// Adjustments to a ``Category``: mixing, ducking and which routes it may use.
///
/// Not every option fits every category; ``CategoryRules`` says which combinations are valid,
/// and ``AudioSession/setCategory(_:mode:policy:options:)`` rejects the others with
/// ``AudioSessionError/badParam``.
public struct CategoryOptions: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The bits of the set.
    public let rawValue: UInt32

    /// Creates a set from its bits.
    ///
    /// - Parameter rawValue: The bits, one per option.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Play along with other apps' audio instead of stopping it.
    public static let mixWithOthers = CategoryOptions(rawValue: 1 << 0)
    /// Lower other apps' audio while this session is active; implies ``mixWithOthers``, and reading
    /// the options back shows both.
    public static let duckOthers = CategoryOptions(rawValue: 1 << 1)
    /// Pause spoken-audio apps (podcasts) but mix with other audio; implies ``mixWithOthers``.
    public static let interruptSpokenAudioAndMixWithOthers = CategoryOptions(rawValue: 1 << 2)
    /// Allow Bluetooth hands-free (HFP) devices for input and output.
    public static let allowBluetooth = CategoryOptions(rawValue: 1 << 3)
    /// Allow high-quality Bluetooth (A2DP) output with `playAndRecord`.
    public static let allowBluetoothA2DP = CategoryOptions(rawValue: 1 << 4)
    /// Allow AirPlay output with `playAndRecord`.
    public static let allowAirPlay = CategoryOptions(rawValue: 1 << 5)
    /// Route `playAndRecord` output to the speaker instead of the receiver.
    public static let defaultToSpeaker = CategoryOptions(rawValue: 1 << 6)
    /// Keep recording and playing when the player mutes the built-in microphone in the system's
    /// controls, instead of being interrupted.
    public static let overrideMutedMicrophoneInterruption = CategoryOptions(rawValue: 1 << 7)
    /// Allow high-quality Bluetooth recording (AirPods-class devices) with `record` and `playAndRecord`.
    public static let bluetoothHighQualityRecording = CategoryOptions(rawValue: 1 << 8)

    /// Every option with its name, in the order names are printed.
    public static let named: [(name: String, option: CategoryOptions)] = [
        ("mixWithOthers", .mixWithOthers),
        ("duckOthers", .duckOthers),
        ("interruptSpokenAudioAndMixWithOthers", .interruptSpokenAudioAndMixWithOthers),
        ("allowBluetooth", .allowBluetooth),
        ("allowBluetoothA2DP", .allowBluetoothA2DP),
        ("allowAirPlay", .allowAirPlay),
        ("defaultToSpeaker", .defaultToSpeaker),
        ("overrideMutedMicrophoneInterruption", .overrideMutedMicrophoneInterruption),
        ("bluetoothHighQualityRecording", .bluetoothHighQualityRecording),
    ]

    /// Parses one option from its name.
    ///
    /// - Parameter name: A spelling such as `"mixWithOthers"` (case-sensitive).
    /// - Returns: `nil` when the name is not an option.
    public init?(name: String) {
        guard let entry = Self.named.first(where: { $0.name == name }) else { return nil }
        self = entry.option
    }

    /// Parses a set of options from their names.
    ///
    /// - Parameter names: Option names such as `["mixWithOthers", "duckOthers"]`; duplicates are allowed.
    /// - Returns: `nil` when any name is not an option.
    public init?(names: [String]) {
        var options: CategoryOptions = []
        for name in names {
            guard let option = CategoryOptions(name: name) else { return nil }
            options.insert(option)
        }
        self = options
    }

    /// The names of the options in the set, in a fixed order.
    public var names: [String] {
        Self.named.filter { contains($0.option) }.map(\.name)
    }

    /// The names in brackets, for example `[mixWithOthers, duckOthers]`, or `[]` when empty.
    public var description: String {
        "[" + names.joined(separator: ", ") + "]"
    }
}
