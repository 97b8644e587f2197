// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioSession
import GameSound
import GameSoundTesting

/// A whole storm: how the runtime is configured, and the steps thrown at it.
public struct StormSequence: Sendable, Hashable {
    /// The seed it was drawn from (0 for a storm written by hand).
    public var seed: UInt64
    /// The runtime's policy.
    public var policy: GameSoundConfiguration.Policy
    /// The runtime's interruption strategy.
    public var strategy: GameSoundConfiguration.InterruptionStrategy
    /// The size of the voice pool.
    public var voices: Int
    /// How many sounds beyond ``voices`` may play virtually: the game's default for storms drawn
    /// from an even seed, 0 (the opt-out, stealing by priority) for an odd one.
    public var virtualVoices: Int
    /// Whether another app's music plays when the game starts.
    public var musicAtLaunch: Bool
    /// The soundtrack at launch, if any.
    public var soundtrack: String?
    /// What happens, in order.
    public var steps: [StormStep]

    /// Creates a storm.
    public init(seed: UInt64, policy: GameSoundConfiguration.Policy, strategy: GameSoundConfiguration.InterruptionStrategy,
                voices: Int, virtualVoices: Int = GameSoundConfiguration.defaultVirtualVoices, musicAtLaunch: Bool,
                soundtrack: String?, steps: [StormStep]) {
        self.seed = seed
        self.policy = policy
        self.strategy = strategy
        self.voices = voices
        self.virtualVoices = virtualVoices
        self.musicAtLaunch = musicAtLaunch
        self.soundtrack = soundtrack
        self.steps = steps
    }

    /// Draws a storm of `length` steps from `seed`.
    ///
    /// - Parameters:
    ///   - seed: What the whole storm is drawn from.
    ///   - length: How many steps, at least and at most.
    ///   - environments: Whether `environment` calls are among the steps (on by default; off draws
    ///     another storm for the same seed, the one drawn before the runtime stopped the crash of
    ///     OpenAL Soft 1.19.1's reverb that these steps found, see docs/reliability.md).
    public static func random(seed: UInt64, length: ClosedRange<Int> = 20...60, environments: Bool = true) -> StormSequence {
        var random = SplitMix64(seed: seed)
        let policy = GameSoundConfiguration.Policy.allCases.randomElement(using: &random) ?? .effectsPlusSoundtrack
        let strategy = GameSoundConfiguration.InterruptionStrategy.allCases.randomElement(using: &random) ?? .suspendContext
        let count = Int.random(in: length, using: &random)
        let steps = (0..<count).map { _ in
            StormStep(action: randomAction(environments: environments, using: &random), framesAfter: Int.random(in: 256...4_096, using: &random))
        }
        return StormSequence(seed: seed, policy: policy, strategy: strategy, voices: Int.random(in: 2...12, using: &random),
                             virtualVoices: seed % 2 == 0 ? GameSoundConfiguration.defaultVirtualVoices : 0,
                             musicAtLaunch: Int.random(in: 0..<5, using: &random) == 0,
                             soundtrack: Bool.random(using: &random) ? StormAssets.tracks[0] : nil, steps: steps)
    }

    /// The buses a storm mutes and pauses: all but `master` and `effects`, which carry the probe.
    static let quietBuses = ["music", "ui", "voice", "ambience"]

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

    private static func randomAction(environments: Bool, using random: inout SplitMix64) -> StormAction {
        if Bool.random(using: &random) {
            return .system(systemActions.randomElement(using: &random) ?? .phoneRing)
        }
        let effect = StormAssets.effects.randomElement(using: &random) ?? "laser"
        let track = StormAssets.tracks.randomElement(using: &random) ?? "stormA"
        switch Int.random(in: 0..<28, using: &random) {
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
        case 18: return .stopLastVoiceFade(Double.random(in: 0.01...0.2, using: &random))
        case 19: return .busMute(quietBuses.randomElement(using: &random) ?? "music", Bool.random(using: &random))
        case 20: return .busPause(quietBuses.randomElement(using: &random) ?? "music", Bool.random(using: &random))
        case 21: return .playStream(track, loop: Int.random(in: 0..<3, using: &random) != 0)
        case 22: return .fireDefined(loop: Int.random(in: 0..<4, using: &random) == 0, priority: Int.random(in: 0...50, using: &random))
        default: return randomSpaceAction(effect: effect, environments: environments, using: &random)
        }
    }

    /// A call of the space layer, each with its scenario word: a placed fire (twice as often as the
    /// others), a move of the last voice, the listener, and the environment when `environments`.
    private static func randomSpaceAction(effect: String, environments: Bool, using random: inout SplitMix64) -> StormAction {
        func maybe<Value>(_ value: () -> Value) -> Value? { Bool.random(using: &random) ? value() : nil }
        switch Int.random(in: 0..<(environments ? 5 : 4), using: &random) {
        case 0, 1:
            let placement = StormPlacement(position: randomVector(within: 30, using: &random),
                                           velocity: maybe { randomVector(within: 40, using: &random) },
                                           reverbSend: maybe { Float.random(in: 0...1, using: &random) },
                                           occlusion: maybe { Float.random(in: 0...1, using: &random) })
            return .fireInSpace(effect, loop: Int.random(in: 0..<4, using: &random) == 0,
                                priority: Int.random(in: 0...50, using: &random), placement)
        case 2:
            return .moveLastVoice(to: randomVector(within: 30, using: &random), velocity: maybe { randomVector(within: 40, using: &random) },
                                  over: randomRamp(upTo: 0.5, using: &random))
        case 3:
            var position = maybe { randomVector(within: 10, using: &random) }
            let orientation = maybe { orientations.randomElement(using: &random) ?? orientations[0] }
            let velocity = maybe { randomVector(within: 20, using: &random) }
            if position == nil, orientation == nil, velocity == nil { position = randomVector(within: 10, using: &random) }
            return .listener(position: position, orientation: orientation, velocity: velocity, over: randomRamp(upTo: 0.5, using: &random))
        default:
            return .environment(Environment.allCases.randomElement(using: &random) ?? .hall, over: randomRamp(upTo: 1, using: &random))
        }
    }

    /// Ways the listener may face: ahead, behind, to each side, looking up and down, and tilted.
    static let orientations: [ListenerOrientation] = {
        func facing(_ at: [Float], up: [Float]) -> ListenerOrientation {
            ListenerOrientation(at: SIMDPosition(x: at[0], y: at[1], z: at[2]), up: SIMDPosition(x: up[0], y: up[1], z: up[2]))
        }
        return [facing([0, 0, -1], up: [0, 1, 0]), facing([0, 0, 1], up: [0, 1, 0]), facing([1, 0, 0], up: [0, 1, 0]),
                facing([-1, 0, 0], up: [0, 1, 0]), facing([0, 1, 0], up: [0, 0, 1]), facing([0, -1, 0], up: [0, 0, -1]),
                facing([1, 0, -1], up: [1, 1, 0])]
    }()

    /// A point or speed with each number a multiple of 0.5 within ±`bound`, so a printed scenario reads well.
    private static func randomVector(within bound: Int, using random: inout SplitMix64) -> SIMDPosition {
        func number() -> Float { Float(Int.random(in: -2 * bound...2 * bound, using: &random)) / 2 }
        return SIMDPosition(x: number(), y: number(), z: number())
    }

    /// At once half the time, else a ramp of up to `seconds`.
    private static func randomRamp(upTo seconds: Double, using random: inout SplitMix64) -> Double {
        Bool.random(using: &random) ? 0 : Double.random(in: 0.01...seconds, using: &random)
    }
}

extension StormSequence {
    /// The step whose frames hold `frame` (`steps.count` past the last one).
    func step(at frame: Int) -> Int {
        var end = 0
        for (index, step) in steps.enumerated() {
            end += step.framesAfter
            if frame < end { return index }
        }
        return steps.count
    }
}
