import AudioAnalysis
import AudioSession
import GameSound

/// A whole storm: how the runtime is configured, and the steps thrown at it.
struct StormSequence: Sendable, Hashable {
    var seed: UInt64
    var policy: GameSoundConfiguration.Policy
    var strategy: GameSoundConfiguration.InterruptionStrategy
    var voices: Int
    var musicAtLaunch: Bool
    var soundtrack: String?
    var steps: [StormStep]

    /// Draws a storm of `length` steps from `seed`.
    static func random(seed: UInt64, length: ClosedRange<Int> = 20...60) -> StormSequence {
        var random = SplitMix64(seed: seed)
        let policy = GameSoundConfiguration.Policy.allCases.randomElement(using: &random) ?? .effectsPlusSoundtrack
        let strategy = GameSoundConfiguration.InterruptionStrategy.allCases.randomElement(using: &random) ?? .suspendContext
        let count = Int.random(in: length, using: &random)
        let steps = (0..<count).map { _ in
            StormStep(action: randomAction(using: &random), framesAfter: Int.random(in: 256...4_096, using: &random))
        }
        return StormSequence(seed: seed, policy: policy, strategy: strategy, voices: Int.random(in: 2...12, using: &random),
                             musicAtLaunch: Int.random(in: 0..<5, using: &random) == 0,
                             soundtrack: Bool.random(using: &random) ? StormAssets.tracks[0] : nil, steps: steps)
    }

    static let systemActions: [SystemAction] = [
        .phoneRing, .phoneDecline, .phoneAccept, .phoneHangUp, .alarmFire, .alarmDismiss, .musicPlay, .musicPause,
        .otherAppActivate(category: .soloAmbient, options: []), .otherAppActivate(category: .ambient, options: []),
        .otherAppActivate(category: .playback, options: .mixWithOthers), .otherAppActivate(category: .playback, options: []),
        .otherAppActivate(category: .playback, options: .duckOthers),
        .otherAppDeactivate(notifyOthers: true), .otherAppDeactivate(notifyOthers: false),
        .silentSwitchOn, .silentSwitchOff, .screenLock, .screenUnlock,
        .routePlug(port: .headphones), .routeUnplug(port: .headphones),
        .routePlug(port: .bluetoothA2DP), .routeUnplug(port: .bluetoothA2DP),
        .mediaServicesLose, .mediaServicesReset, .appBackground, .appForeground, .volumeSet(0.3), .volumeSet(1),
    ]

    private static func randomAction(using random: inout SplitMix64) -> StormAction {
        if Bool.random(using: &random) {
            return .system(systemActions.randomElement(using: &random) ?? .phoneRing)
        }
        let effect = StormAssets.effects.randomElement(using: &random) ?? "laser"
        let track = StormAssets.tracks.randomElement(using: &random) ?? "stormA"
        switch Int.random(in: 0..<19, using: &random) {
        case 0, 1, 2: return .fire(effect, loop: Int.random(in: 0..<4, using: &random) == 0,
                                   priority: Int.random(in: 0...50, using: &random))
        case 3: return .fireProbe
        case 4: return .stopLastVoice
        case 5: return .stopAllEffects
        case 6: return .playSoundtrack(Bool.random(using: &random) ? track : nil)
        case 7: return .pauseSoundtrack
        case 8: return .resumeSoundtrack
        case 9: return .stopSoundtrack(fade: Bool.random(using: &random) ? 0 : 0.05)
        case 10: return .crossfade(track, duration: Double.random(in: 0.01...0.5, using: &random))
        case 11: return .preload(effect)
        case 12: return .unload(effect)
        case 13: return .effectsVolume(Float.random(in: 0.25...1, using: &random))
        case 14: return .busVolume(["music", "effects", "ui", "voice", "ambience"].randomElement(using: &random) ?? "music",
                                   Float.random(in: 0.25...1, using: &random), over: Bool.random(using: &random) ? 0 : 0.1)
        case 15: return .setLastVoiceGain(Float.random(in: 0.25...1, using: &random), over: Bool.random(using: &random) ? 0 : 0.05)
        case 16: return .pauseLastVoice
        case 17: return .resumeLastVoice
        default: return .stopLastVoiceFade(Double.random(in: 0.01...0.2, using: &random))
        }
    }
}
