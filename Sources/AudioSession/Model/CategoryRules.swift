// SPDX-License-Identifier: Zlib
/// The category, option, mode and route-sharing tables of the audio-session contract, kept as data
/// in one place.
///
/// Every rule about which category mixes, which is silenced, and which options, modes and
/// route-sharing policies go with which category is read from the tables below; nothing else in
/// the module restates them. The option and mode tables are laid out the way the contract lists
/// them (one row per option or mode, naming the categories that accept it), so each row can be
/// checked against the contract cell by cell.
public enum CategoryRules {
    /// The options that make a session mixable.
    private static let mixing: CategoryOptions = [.mixWithOthers, .duckOthers, .interruptSpokenAudioAndMixWithOthers]
    private static let everyCategory = Set(Category.allCases)
    private static let playbackFamily: Set<Category> = [.playback, .playAndRecord, .multiRoute]

    /// Which categories accept each option, one row per option.
    ///
    /// `mixWithOthers` and `interruptSpokenAudioAndMixWithOthers` go with every category and
    /// `overrideMutedMicrophoneInterruption` with all but ambient, as devices accept them; the
    /// other rows follow the documentation.
    public static let optionCategories: [(option: CategoryOptions, categories: Set<Category>)] = [
        (.mixWithOthers, everyCategory),
        (.interruptSpokenAudioAndMixWithOthers, everyCategory),
        (.overrideMutedMicrophoneInterruption, everyCategory.subtracting([.ambient])),
        (.duckOthers, playbackFamily),
        (.allowBluetooth, [.record, .playAndRecord]),
        (.bluetoothHighQualityRecording, [.record, .playAndRecord]),
        (.allowBluetoothA2DP, [.playAndRecord]),
        (.allowAirPlay, [.playAndRecord]),
        (.defaultToSpeaker, [.playAndRecord]),
    ]

    /// Options that bring another with them: reading the options back shows both.
    public static let impliedOptions: [(option: CategoryOptions, implies: CategoryOptions)] = [
        (.duckOthers, .mixWithOthers),
        (.interruptSpokenAudioAndMixWithOthers, .mixWithOthers),
    ]

    /// Which categories accept each mode an app may set. `default` goes with every category;
    /// `gameChat` is absent because only the system sets it.
    public static let modeCategories: [Mode: Set<Category>] = [
        .default: everyCategory,
        .measurement: everyCategory,
        .moviePlayback: playbackFamily,
        .shortFormVideo: [.playback],
        .spokenAudio: [.playback],
        .voicePrompt: [.playback],
        .videoChat: [.playAndRecord],
        .voiceChat: [.playAndRecord],
        .videoRecording: [.playAndRecord, .record],
    ]

    /// Which categories may set each route-sharing policy; `independent` is absent because only
    /// the system uses it.
    public static let routeSharingPolicies: [RouteSharingPolicy: Set<Category>] = [
        .default: everyCategory,
        .longFormAudio: [.playback],
        .longFormVideo: [.playback],
    ]

    /// One row per category.
    public static let table: [Category: CategoryTraits] = [
        .ambient: traits(.ambient, silenced: true, mixes: true, input: false, output: true, background: false),
        .soloAmbient: traits(.soloAmbient, silenced: true, mixes: false, input: false, output: true, background: false),
        .playback: traits(.playback, silenced: false, mixes: false, input: false, output: true, background: true),
        .record: traits(.record, silenced: false, mixes: false, input: true, output: false, background: true),
        .playAndRecord: traits(.playAndRecord, silenced: false, mixes: false, input: true, output: true, background: true),
        .multiRoute: traits(.multiRoute, silenced: false, mixes: false, input: true, output: true, background: true),
        .audioProcessing: traits(.audioProcessing, silenced: nil, mixes: false, input: false, output: false, background: false),
    ]

    /// A row of ``table``, with the options and modes read from the option and mode tables.
    private static func traits(
        _ category: Category, silenced: Bool?, mixes: Bool, input: Bool, output: Bool, background: Bool
    ) -> CategoryTraits {
        let options = optionCategories.filter { $0.categories.contains(category) }
            .reduce(into: CategoryOptions()) { $0.formUnion($1.option) }
        let modes = Set(modeCategories.filter { $0.value.contains(category) }.keys)
        return CategoryTraits(
            silencedBySwitchAndLock: silenced, mixesByDefault: mixes, hasInput: input, hasOutput: output,
            allowedOptions: options, allowedModes: modes, keepsRunningInBackground: background)
    }

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

    /// Whether a combination of category, mode, route-sharing policy and options is one an app may set.
    ///
    /// `gameChat` and the `independent` policy are refused for every category: the system sets
    /// them, never the app.
    ///
    /// - Parameters:
    ///   - category: The category.
    ///   - mode: The mode.
    ///   - policy: The route-sharing policy.
    ///   - options: The options.
    /// - Returns: `true` when the combination is valid.
    public static func isValid(
        _ category: Category, mode: Mode, policy: RouteSharingPolicy = .default, options: CategoryOptions
    ) -> Bool {
        let traits = traits(of: category)
        return traits.allowedModes.contains(mode) && traits.allowedOptions.isSuperset(of: options)
            && routeSharingPolicies[policy]?.contains(category) == true
    }

    /// The options a session reads back after setting `options` with `category`: the ones asked
    /// for, plus those they imply, plus `mixWithOthers` for ambient (which always mixes).
    ///
    /// - Parameters:
    ///   - category: The category.
    ///   - options: The options asked for.
    /// - Returns: The options in effect.
    public static func effectiveOptions(_ category: Category, _ options: CategoryOptions) -> CategoryOptions {
        var effective = options
        for (option, implied) in impliedOptions where options.contains(option) {
            effective.formUnion(implied)
        }
        if traits(of: category).mixesByDefault { effective.insert(.mixWithOthers) }
        return effective
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
