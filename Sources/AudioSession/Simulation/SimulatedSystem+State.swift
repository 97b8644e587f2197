// SPDX-License-Identifier: Zlib
/// What the simulated system shows of itself: the state of its peers, switches, route and app.
extension SimulatedSystem {
    /// The phone: idle, ringing or in a call.
    public var phoneState: PhoneState { read { $0.phone } }
    /// Whether a call rings.
    public var isPhoneRinging: Bool { phoneState == .ringing }
    /// Whether a call is in progress.
    public var inCall: Bool { phoneState == .inCall }
    /// Whether an alarm rings.
    public var isAlarmRinging: Bool { read { $0.isAlarmRinging } }
    /// Whether the music player is audible now.
    public var isMusicPlaying: Bool { read { $0.music.isPlaying } }
    /// Whether the music player wants to play but something (a session, a call) holds it.
    public var isMusicWaitingToResume: Bool { read { $0.music.intends && !$0.music.holders.isEmpty } }
    /// Whether the other app's session is active (playing or held).
    public var isOtherAppActive: Bool { read { $0.otherApp.intends } }
    /// Whether the other app is audible now.
    public var isOtherAppPlaying: Bool { read { $0.otherApp.isPlaying } }
    /// The other app's category (meaningful while it is active).
    public var otherAppCategory: Category { read { $0.otherApp.category } }
    /// The other app's options (meaningful while it is active).
    public var otherAppOptions: CategoryOptions { read { $0.otherApp.options } }
    /// Whether some peer plays now (the phone and alarm included).
    public var isOtherAudioPlaying: Bool { read { $0.isOtherAudioPlaying } }
    /// Whether a peer with non-mixable audio plays now (the phone and alarm included).
    public var secondaryAudioShouldBeSilencedHint: Bool { read { $0.secondaryAudioHint } }
    /// Whether playing peers are lowered because an active session uses `duckOthers`.
    public var areOthersDucked: Bool {
        read { state in
            (state.music.isPlaying || state.otherApp.isPlaying)
                && state.activeSessionIDs.contains { state.sessions[$0]?.options.contains(.duckOthers) == true }
        }
    }
    /// Whether the silent switch is on (a simulation extension: iOS apps cannot read it).
    public var silentSwitchOn: Bool { read { $0.silentSwitchOn } }
    /// Whether the screen is locked.
    public var screenLocked: Bool { read { $0.screenLocked } }
    /// The app's lifecycle state.
    public var appState: AppState { read { $0.appState } }
    /// Whether media services are up.
    public var mediaServicesAvailable: Bool { read { $0.mediaServicesAvailable } }
    /// The output volume, 0 to 1.
    public var outputVolume: Double { read { $0.outputVolume } }
    /// The devices plugged in, oldest first (built-in ports are not listed).
    public var pluggedPorts: [Port] { read { $0.pluggedPorts } }
    /// The route a plain playback session would use now: the newest plugged output, or the speaker.
    public var currentRoute: RouteDescription {
        read { $0.route(for: SessionRecord<Interrupter>(deliver: { _ in })) }
    }
}
