// SPDX-License-Identifier: Zlib
import AudioSession
import Testing

/// The category table of the spec, written out again independently so that a changed rule fails here.
private struct Row: Sendable, CustomTestStringConvertible {
    let category: Category
    let silenced: Bool
    let mixesByDefault: Bool
    let input: Bool
    let output: Bool
    var testDescription: String { category.name }
}

private let rows: [Row] = [
    Row(category: .ambient, silenced: true, mixesByDefault: true, input: false, output: true),
    Row(category: .soloAmbient, silenced: true, mixesByDefault: false, input: false, output: true),
    Row(category: .playback, silenced: false, mixesByDefault: false, input: false, output: true),
    Row(category: .record, silenced: false, mixesByDefault: false, input: true, output: false),
    Row(category: .playAndRecord, silenced: false, mixesByDefault: false, input: true, output: true),
    Row(category: .multiRoute, silenced: false, mixesByDefault: false, input: true, output: true),
    Row(category: .audioProcessing, silenced: false, mixesByDefault: false, input: false, output: false),
]

private let everyCategory = Set(Category.allCases)

/// Options set with a category, and what the session reads back.
private struct ReadBack: Sendable, CustomTestStringConvertible {
    let category: Category
    let options: CategoryOptions
    let readBack: CategoryOptions
    init(_ category: Category, _ options: CategoryOptions, _ readBack: CategoryOptions) {
        (self.category, self.options, self.readBack) = (category, options, readBack)
    }
    var testDescription: String { "\(category.name) \(options) → \(readBack)" }
}

/// The spec's option table (section 2), one row per option, written out again independently.
private let optionTable: [String: Set<Category>] = [
    "mixWithOthers": everyCategory,
    "interruptSpokenAudioAndMixWithOthers": everyCategory,
    "overrideMutedMicrophoneInterruption": everyCategory.subtracting([.ambient]),
    "duckOthers": [.playback, .playAndRecord, .multiRoute],
    "allowBluetooth": [.record, .playAndRecord],
    "bluetoothHighQualityRecording": [.record, .playAndRecord],
    "allowBluetoothA2DP": [.playAndRecord],
    "allowAirPlay": [.playAndRecord],
    "defaultToSpeaker": [.playAndRecord],
]

/// The spec's mode table (section 2); `gameChat` has no row: an app may never set it.
private let modeTable: [Mode: Set<Category>] = [
    .default: everyCategory,
    .measurement: everyCategory,
    .moviePlayback: [.playback, .playAndRecord, .multiRoute],
    .shortFormVideo: [.playback],
    .spokenAudio: [.playback],
    .voicePrompt: [.playback],
    .videoChat: [.playAndRecord],
    .voiceChat: [.playAndRecord],
    .videoRecording: [.playAndRecord, .record],
]

@Suite("Categories")
struct CategoryTableTests {
    @Test("a new session is inactive soloAmbient with mode default and no options")
    func defaults() {
        let fixture = Fixture()
        #expect(fixture.session.category == .soloAmbient)
        #expect(fixture.session.mode == .default)
        #expect(fixture.session.categoryOptions == [])
        #expect(!fixture.session.isActive)
        #expect(!fixture.session.isInterrupted)
    }

    @Test("the silent switch silences exactly ambient and soloAmbient", arguments: rows)
    fileprivate func silentSwitch(row: Row) throws {
        let fixture = Fixture(LaunchState(silentSwitch: true))
        try fixture.session.setCategory(row.category)
        #expect(fixture.session.outputSilenceCause == (row.silenced ? .silentSwitch : nil))
        fixture.perform(.silentSwitchOff)
        #expect(fixture.session.outputSilenceCause == nil)
    }

    @Test("the screen lock silences exactly ambient and soloAmbient", arguments: rows)
    fileprivate func screenLock(row: Row) throws {
        let fixture = Fixture()
        try fixture.session.setCategory(row.category)
        fixture.perform(.screenLock)
        #expect(fixture.session.outputSilenceCause == (row.silenced ? .screenLocked : nil))
        fixture.perform(.screenUnlock)
        #expect(fixture.session.outputSilenceCause == nil)
    }

    @Test("in the background only the playback family keeps sounding", arguments: rows)
    fileprivate func background(row: Row) throws {
        let fixture = Fixture()
        let keeper = AudioSession(system: fixture.system)
        try keeper.setCategory(.playback)
        try keeper.setActive(true)
        keeper.setAudioIORunning(true)
        try fixture.session.setCategory(row.category)
        fixture.perform(.appBackground)
        #expect(fixture.system.appState == .background)
        #expect(fixture.session.outputSilenceCause == (row.silenced ? .background : nil))
    }

    @Test("only a category that mixes by default lets the music play on", arguments: rows)
    fileprivate func mixesByDefault(row: Row) {
        let fixture = Fixture(LaunchState(otherAudio: .music))
        fixture.activate(row.category)
        #expect(fixture.system.isMusicPlaying == row.mixesByDefault)
        #expect(CategoryRules.isMixable(row.category, options: []) == row.mixesByDefault)
    }

    @Test("the route has inputs and outputs as the category says", arguments: rows)
    fileprivate func inputOutput(row: Row) throws {
        let fixture = Fixture()
        try fixture.session.setCategory(row.category)
        #expect(!fixture.session.currentRoute.inputs.isEmpty == row.input)
        #expect(!fixture.session.currentRoute.outputs.isEmpty == row.output)
    }

    @Test("mixWithOthers is accepted by every category, as devices accept it", arguments: rows)
    fileprivate func mixWithOthers(row: Row) throws {
        let fixture = Fixture()
        try fixture.session.setCategory(row.category, options: .mixWithOthers)
        #expect(fixture.session.categoryOptions == .mixWithOthers)
        #expect(CategoryRules.isMixable(row.category, options: .mixWithOthers))
    }

    @Test("option table, cell by cell: each option is accepted exactly by the categories of its row",
          arguments: CategoryOptions.named.map(\.name), Category.allCases)
    func optionCell(optionName: String, category: Category) throws {
        let option = try #require(CategoryOptions(name: optionName))
        let accepted = try #require(optionTable[optionName], "the spec's option table has no row for \(optionName)")
        let fixture = Fixture()
        if accepted.contains(category) {
            #expect(throws: Never.self) { try fixture.session.setCategory(category, options: option) }
            #expect(fixture.session.categoryOptions.isSuperset(of: option))
        } else {
            expectRefusal(.badParam, fixture) { () throws(AudioSessionError) in
                try fixture.session.setCategory(category, options: option)
            }
        }
    }

    @Test("the option table has a row for every option and no other")
    func optionTableIsComplete() {
        #expect(Set(optionTable.keys) == Set(CategoryOptions.named.map(\.name)))
        #expect(Set(CategoryRules.optionCategories.flatMap(\.option.names)) == Set(optionTable.keys))
    }

    @Test("mode table, cell by cell: each mode is accepted exactly by the categories of its row",
          arguments: Mode.allCases, Category.allCases)
    func modeCell(mode: Mode, category: Category) {
        let fixture = Fixture()
        if modeTable[mode, default: []].contains(category) {
            #expect(throws: Never.self) { try fixture.session.setCategory(category, mode: mode) }
            #expect(fixture.session.mode == mode)
        } else {
            expectRefusal(.badParam, fixture) { () throws(AudioSessionError) in
                try fixture.session.setCategory(category, mode: mode)
            }
        }
    }

    @Test("route-sharing policy: default everywhere, the long-form ones with playback only, independent never",
          arguments: RouteSharingPolicy.allCases, Category.allCases)
    func routeSharingPolicyCell(policy: RouteSharingPolicy, category: Category) {
        let accepted: Set<Category> =
            switch policy {
            case .default: Set(Category.allCases)
            case .longFormAudio, .longFormVideo: [.playback]
            case .independent: []
            }
        let fixture = Fixture()
        if accepted.contains(category) {
            #expect(throws: Never.self) { try fixture.session.setCategory(category, policy: policy) }
            #expect(fixture.session.routeSharingPolicy == policy)
        } else {
            expectRefusal(.badParam, fixture) { () throws(AudioSessionError) in
                try fixture.session.setCategory(category, policy: policy)
            }
            #expect(fixture.session.routeSharingPolicy == .default)
        }
    }

    @Test("options read back with what they imply: duckOthers and interruptSpokenAudio bring mixWithOthers, ambient reads as mixable",
          arguments: [
              ReadBack(.playback, .duckOthers, [.mixWithOthers, .duckOthers]),
              ReadBack(.playAndRecord, .duckOthers, [.mixWithOthers, .duckOthers]),
              ReadBack(.soloAmbient, .interruptSpokenAudioAndMixWithOthers, [.mixWithOthers, .interruptSpokenAudioAndMixWithOthers]),
              ReadBack(.ambient, [], .mixWithOthers),
              ReadBack(.soloAmbient, [], []),
              ReadBack(.playback, .mixWithOthers, .mixWithOthers),
          ])
    fileprivate func impliedOptions(cell: ReadBack) throws {
        let fixture = Fixture()
        try fixture.session.setCategory(cell.category, options: cell.options)
        #expect(fixture.session.categoryOptions == cell.readBack)
    }

    @Test("an invalid option combination is badParam and changes nothing, even while active")
    func invalidCombination() throws {
        let fixture = Fixture(LaunchState(otherAudio: .music))
        fixture.activate(.playback, options: .duckOthers)
        expectRefusal(.badParam, fixture) { () throws(AudioSessionError) in
            try fixture.session.setCategory(.playback, options: [.mixWithOthers, .defaultToSpeaker])
        }
        #expect(fixture.session.categoryOptions == [.mixWithOthers, .duckOthers])
    }

    @Test("any mixing option makes a non-mixable category mixable", arguments: [
        CategoryOptions.mixWithOthers, .duckOthers, .interruptSpokenAudioAndMixWithOthers,
    ])
    func mixingOptions(option: CategoryOptions) {
        let fixture = Fixture(LaunchState(otherAudio: .music))
        fixture.activate(.playback, options: option)
        #expect(fixture.system.isMusicPlaying)
    }

    @Test("setting a category without options clears the options set before")
    func categoryClearsOptions() throws {
        let fixture = Fixture()
        try fixture.session.setCategory(.playback, options: [.mixWithOthers])
        try fixture.session.setCategory(.playback)
        #expect(fixture.session.categoryOptions == [])
    }

    @Test("a category change while active posts categoryChange with the previous route")
    func categoryChangeWhileActive() throws {
        let fixture = Fixture()
        fixture.activate(.soloAmbient)
        try fixture.session.setCategory(.playAndRecord)
        #expect(fixture.recorder.take() == [
            .routeChanged(reason: .categoryChange, previous: RouteDescription(outputs: [.builtInSpeaker]))
        ])
        #expect(fixture.session.currentRoute == RouteDescription(inputs: [.builtInMic], outputs: [.builtInReceiver]))
        #expect(fixture.session.category == .playAndRecord)
    }

    @Test("a category change while inactive posts nothing and setting the same category again posts nothing")
    func categoryChangeWhileInactive() throws {
        let fixture = Fixture()
        try fixture.session.setCategory(.ambient)
        fixture.activate(.ambient)
        #expect(fixture.recorder.all.isEmpty)
    }

    @Test("changing an active mixable session to non-mixable stops the music at once")
    func becomingNonMixableWhileActive() throws {
        let fixture = Fixture(LaunchState(otherAudio: .music))
        fixture.activate(.ambient)
        #expect(fixture.system.isMusicPlaying)
        try fixture.session.setCategory(.soloAmbient)
        #expect(!fixture.system.isMusicPlaying)
    }

    @Test("names parse back to the same category, option and port")
    func nameRoundTrips() {
        for category in Category.allCases { #expect(Category(name: category.name) == category) }
        for mode in Mode.allCases { #expect(Mode(name: mode.name) == mode) }
        for port in Port.allCases { #expect(Port(name: port.name) == port) }
        for (name, option) in CategoryOptions.named { #expect(CategoryOptions(name: name) == option) }
        #expect(CategoryOptions(names: ["duckOthers", "mixWithOthers"])?.names == ["mixWithOthers", "duckOthers"])
        #expect(CategoryOptions(names: ["mixWithOthers", "loud"]) == nil)
        #expect(Category(name: "SoloAmbient") == nil)
        #expect(Category.soloAmbient.description == "soloAmbient")
        #expect(RouteChangeReason.oldDeviceUnavailable.name == "oldDeviceUnavailable")
    }
}
