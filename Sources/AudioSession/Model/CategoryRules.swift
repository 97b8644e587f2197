/// The category, option and mode tables of the audio-session contract, kept as data in one place.
///
/// Every rule about which category mixes, which is silenced, and which options and modes go
/// with which category is read from ``table``; nothing else in the module restates them.
public enum CategoryRules {
    private static let mixing: CategoryOptions = [.mixWithOthers, .duckOthers, .interruptSpokenAudioAndMixWithOthers]

    /// One row per category.
    public static let table: [Category: CategoryTraits] = [
        .ambient: CategoryTraits(
            silencedBySwitchAndLock: true, mixesByDefault: true, hasInput: false, hasOutput: true,
            allowedOptions: [.mixWithOthers], allowedModes: [.default], keepsRunningInBackground: false),
        .soloAmbient: CategoryTraits(
            silencedBySwitchAndLock: true, mixesByDefault: false, hasInput: false, hasOutput: true,
            allowedOptions: [], allowedModes: [.default], keepsRunningInBackground: false),
        .playback: CategoryTraits(
            silencedBySwitchAndLock: false, mixesByDefault: false, hasInput: false, hasOutput: true,
            allowedOptions: mixing,
            allowedModes: [.default, .measurement, .moviePlayback, .spokenAudio, .voicePrompt],
            keepsRunningInBackground: true),
        .record: CategoryTraits(
            silencedBySwitchAndLock: false, mixesByDefault: false, hasInput: true, hasOutput: false,
            allowedOptions: [.allowBluetooth], allowedModes: [.default, .measurement, .videoRecording],
            keepsRunningInBackground: true),
        .playAndRecord: CategoryTraits(
            silencedBySwitchAndLock: false, mixesByDefault: false, hasInput: true, hasOutput: true,
            allowedOptions: mixing.union([.allowBluetooth, .allowBluetoothA2DP, .allowAirPlay, .defaultToSpeaker]),
            allowedModes: [.default, .measurement, .videoChat, .videoRecording, .voiceChat, .voicePrompt],
            keepsRunningInBackground: true),
        .multiRoute: CategoryTraits(
            silencedBySwitchAndLock: false, mixesByDefault: false, hasInput: true, hasOutput: true,
            allowedOptions: mixing, allowedModes: [.default], keepsRunningInBackground: true),
        .audioProcessing: CategoryTraits(
            silencedBySwitchAndLock: nil, mixesByDefault: false, hasInput: false, hasOutput: false,
            allowedOptions: [], allowedModes: [.default], keepsRunningInBackground: false),
    ]

    /// The row of the table for a category.
    ///
    /// - Parameter category: The category to look up.
    /// - Returns: Its traits.
    public static func traits(of category: Category) -> CategoryTraits {
        guard let traits = table[category] else {
            preconditionFailure("CategoryRules.table has no row for \(category)")
        }
        return traits
    }

    /// Whether a combination of category, mode and options is one an app may set.
    ///
    /// `gameChat` is refused for every category: the system sets it, never the app.
    ///
    /// - Parameters:
    ///   - category: The category.
    ///   - mode: The mode.
    ///   - options: The options.
    /// - Returns: `true` when the combination is valid.
    public static func isValid(_ category: Category, mode: Mode, options: CategoryOptions) -> Bool {
        let traits = traits(of: category)
        return traits.allowedModes.contains(mode) && traits.allowedOptions.isSuperset(of: options)
    }

    /// Whether a session with this category and options lets other audio play on when it becomes active.
    ///
    /// - Parameters:
    ///   - category: The category.
    ///   - options: The options; any of the mixing options (`mixWithOthers`, `duckOthers`,
    ///     `interruptSpokenAudioAndMixWithOthers`) makes a session mixable.
    /// - Returns: `true` for a mixable session, `false` for one that silences other audio.
    public static func isMixable(_ category: Category, options: CategoryOptions) -> Bool {
        traits(of: category).mixesByDefault || !options.isDisjoint(with: mixing)
    }
}
