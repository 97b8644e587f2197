import AudioSession
import Testing

/// The category table of the spec, written out again independently so that a changed rule fails here.
private struct Row: Sendable, CustomTestStringConvertible {
    let category: Category
    let silenced: Bool
    let mixesByDefault: Bool
    let input: Bool
    let output: Bool
    let mixWithOthersAllowed: Bool
    var testDescription: String { category.name }
}

private let rows: [Row] = [
    Row(category: .ambient, silenced: true, mixesByDefault: true, input: false, output: true, mixWithOthersAllowed: true),
    Row(category: .soloAmbient, silenced: true, mixesByDefault: false, input: false, output: true, mixWithOthersAllowed: false),
    Row(category: .playback, silenced: false, mixesByDefault: false, input: false, output: true, mixWithOthersAllowed: true),
    Row(category: .record, silenced: false, mixesByDefault: false, input: true, output: false, mixWithOthersAllowed: false),
    Row(category: .playAndRecord, silenced: false, mixesByDefault: false, input: true, output: true, mixWithOthersAllowed: true),
    Row(category: .multiRoute, silenced: false, mixesByDefault: false, input: true, output: true, mixWithOthersAllowed: true),
    Row(category: .audioProcessing, silenced: false, mixesByDefault: false, input: false, output: false, mixWithOthersAllowed: false),
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

    @Test("mixWithOthers is accepted only where the table allows it", arguments: rows)
    fileprivate func mixWithOthers(row: Row) {
        let fixture = Fixture()
        if row.mixWithOthersAllowed {
            #expect(throws: Never.self) { try fixture.session.setCategory(row.category, options: .mixWithOthers) }
            #expect(fixture.session.categoryOptions == .mixWithOthers)
        } else {
            expectRefusal(.badParam, fixture) { () throws(AudioSessionError) in
                try fixture.session.setCategory(row.category, options: .mixWithOthers)
            }
        }
    }

    @Test(
        "each option is valid only with the categories the spec lists",
        arguments: CategoryOptions.named.map(\.name), Category.allCases)
    func optionValidity(optionName: String, category: Category) throws {
        let option = try #require(CategoryOptions(name: optionName))
        let allowed: Set<Category> =
            switch optionName {
            case "mixWithOthers": [.ambient, .playback, .playAndRecord, .multiRoute]
            case "duckOthers", "interruptSpokenAudioAndMixWithOthers": [.playback, .playAndRecord, .multiRoute]
            case "allowBluetooth": [.record, .playAndRecord]
            default: [.playAndRecord]
            }
        let fixture = Fixture()
        if allowed.contains(category) {
            #expect(throws: Never.self) { try fixture.session.setCategory(category, options: option) }
        } else {
            expectRefusal(.badParam, fixture) { () throws(AudioSessionError) in
                try fixture.session.setCategory(category, options: option)
            }
        }
    }

    @Test("each mode is valid only with the categories Apple documents", arguments: Mode.allCases, Category.allCases)
    func modeValidity(mode: Mode, category: Category) {
        let allowed: Set<Category> =
            switch mode {
            case .default: Set(Category.allCases)
            case .gameChat: []
            case .measurement: [.playback, .record, .playAndRecord]
            case .moviePlayback, .spokenAudio: [.playback]
            case .voicePrompt: [.playback, .playAndRecord]
            case .videoChat, .voiceChat: [.playAndRecord]
            case .videoRecording: [.record, .playAndRecord]
            }
        let fixture = Fixture()
        if allowed.contains(category) {
            #expect(throws: Never.self) { try fixture.session.setCategory(category, mode: mode) }
            #expect(fixture.session.mode == mode)
        } else {
            expectRefusal(.badParam, fixture) { () throws(AudioSessionError) in
                try fixture.session.setCategory(category, mode: mode)
            }
        }
    }

    @Test("an invalid option combination is badParam and changes nothing, even while active")
    func invalidCombination() throws {
        let fixture = Fixture(LaunchState(otherAudio: .music))
        fixture.activate(.playback, options: .duckOthers)
        expectRefusal(.badParam, fixture) { () throws(AudioSessionError) in
            try fixture.session.setCategory(.playback, options: [.mixWithOthers, .defaultToSpeaker])
        }
        #expect(fixture.session.categoryOptions == .duckOthers)
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
