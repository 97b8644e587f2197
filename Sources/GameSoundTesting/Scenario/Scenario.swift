// SPDX-License-Identifier: Zlib
import AudioSession
import GameSound

/// A timeline to render headlessly: the system's state at launch, the game's configuration, and
/// timed actions of the game and of the system.
///
/// Scenarios are usually JSON files in the format of GameSound's scenario specification, read with
/// ``parse(json:sounds:)-([UInt8],_)`` or ``load(path:sounds:)``; they can also be built in code.
/// ``ScenarioRunner`` renders one frame-exactly into a ``ScenarioRender``: the same scenario gives
/// the same audio and the same event log on every run.
///
/// ```swift
/// let scenario = try Scenario.load(path: "scenarios/phone-call-declined.json")
/// let render = try ScenarioRunner().render(scenario, assets: .folder("assets"))
/// #expect(render.containsInOrder(["phone.ring", "interruptionBegan", "contextCleared"]))
/// ```
public struct Scenario: Sendable, Hashable {
    /// The mixing rates a scenario may ask for, in hertz.
    public static let supportedSampleRates: [Int] = [22_050, 32_000, 44_100, 48_000, 88_200, 96_000]
    /// The longest scenario accepted, in seconds (an hour).
    public static let maximumDuration: Double = 3_600
    /// The most virtual voices a scenario may ask for (``virtualVoices``).
    public static let maximumVirtualVoices = 10_000
    /// The largest coordinate of a position or velocity a scenario may give, in the game's units (or
    /// units per second): a million, far beyond anything audible, and where a 32-bit float still
    /// places a sound to a tenth of a unit.
    public static let maximumCoordinate: Float = 1_000_000

    /// A name for people and file names, for example `"phone-call-declined"`.
    public var name: String
    /// One sentence on what the scenario shows (the optional JSON key `description`, a GameSound
    /// extension to the format used by the demo's scenario list).
    public var summary: String?
    /// The mixing rate in hertz; one of ``supportedSampleRates``. 48 000 by default.
    public var sampleRate: Int
    /// How long to render, in seconds: more than 0 and at most ``maximumDuration``.
    public var duration: Double
    /// The game's category policy.
    public var policy: GameSoundConfiguration.Policy
    /// Other audio, silent switch, screen lock and route at launch.
    public var launch: LaunchState
    /// The soundtrack started at launch (when the policy allows): an asset name or a file path,
    /// or nil for none. A file that omits the key gets `"theme"`; JSON `null` gives nil.
    public var soundtrack: String?
    /// The size of the effects voice pool, 1 to 255.
    public var voices: Int
    /// How many sounds beyond ``voices`` may play virtually (the JSON key `virtualVoices`, a GameSound
    /// extension; at most ``maximumVirtualVoices``): tracked in time, silent, and made real, where
    /// they have got to, when they outrank a real one (priority first, then loudness); the log says `voiceVirtualised`
    /// and `voiceRealised`. The game's default,
    /// `GameSoundConfiguration.defaultVirtualVoices` (512), when the file leaves it out,
    /// so that a scenario renders what a game with the default configuration hears; 0 makes a full
    /// pool steal or drop by priority at once.
    public var virtualVoices: Int
    /// What interruptions do to the OpenAL context.
    public var interruptionStrategy: GameSoundConfiguration.InterruptionStrategy
    /// The effects loaded before the first event (the JSON key `preload`, an array of names), or nil
    /// for the default: every effect a `fire` event names and every variant of ``sounds``. An
    /// explicit list, even an empty one, lets a scenario show what happens when the game fires an
    /// effect it has not loaded yet; it must hold the variants of ``sounds``.
    public var preloadedEffects: [String]?
    /// The seed of the runtime's random generator (the JSON key `seed`, 0 by default), which picks
    /// the variants, pitches and gains of ``sounds``: one seed gives byte-identical renders, another
    /// seed other choices.
    public var seed: UInt64
    /// Buses made or changed before the first event (the JSON object `buses`), by name.
    public var buses: [BusName: ScenarioBus]
    /// Rules that lower one bus while another has voices playing (the JSON array `ducking`), added
    /// in order before the first event.
    public var ducking: [DuckingRule]
    /// Named sounds with variants and random pitch and gain (the JSON object `sounds`), defined
    /// before the first event; a `fire` of such a name plays the definition.
    public var sounds: [String: SoundDefinition]
    /// How sounds placed in the world become two channels (the JSON key `spatialization`: `auto`,
    /// `hrtf` or `stereo`); `auto` by default, HRTF on headphones and plain panning on speakers.
    public var spatialization: Spatialization
    /// How sounds fade with distance (the JSON key `distanceModel`: `inverseClamped`,
    /// `linearClamped`, `exponentClamped` or `none`); `inverseClamped` by default.
    public var distanceModel: DistanceModel
    /// The timed events, in the order they happen.
    public var events: [ScenarioEvent]

    /// Creates a scenario; call ``validate(sounds:)`` (the runner does) before trusting it.
    ///
    /// - Parameters:
    ///   - name: A name for people and file names.
    ///   - sampleRate: The mixing rate in hertz.
    ///   - duration: How long to render, in seconds.
    ///   - policy: The game's category policy.
    ///   - launch: The system's state at launch.
    ///   - soundtrack: The launch soundtrack's asset name or path, or nil for none.
    ///   - voices: The effects voice pool's size.
    ///   - virtualVoices: How many sounds beyond `voices` may play virtually.
    ///   - interruptionStrategy: What interruptions do to the OpenAL context.
    ///   - preloadedEffects: The effects loaded before the first event, or nil for every fired one.
    ///   - seed: The seed of the runtime's random generator.
    ///   - buses: Buses made or changed before the first event.
    ///   - ducking: Ducking rules added before the first event.
    ///   - sounds: Named sounds defined before the first event.
    ///   - spatialization: How placed sounds become two channels.
    ///   - distanceModel: How sounds fade with distance.
    ///   - events: The timed events, in order.
    public init(name: String, sampleRate: Int = 48_000, duration: Double,
                policy: GameSoundConfiguration.Policy = .effectsPlusSoundtrackIfNoOtherAudio,
                launch: LaunchState = .init(), soundtrack: String? = "theme", voices: Int = 32,
                virtualVoices: Int = GameSoundConfiguration.defaultVirtualVoices,
                interruptionStrategy: GameSoundConfiguration.InterruptionStrategy = .suspendContext,
                preloadedEffects: [String]? = nil, seed: UInt64 = 0, buses: [BusName: ScenarioBus] = [:],
                ducking: [DuckingRule] = [], sounds: [String: SoundDefinition] = [:], spatialization: Spatialization = .auto,
                distanceModel: DistanceModel = .inverseClamped, events: [ScenarioEvent] = []) {
        self.name = name
        self.sampleRate = sampleRate
        self.duration = duration
        self.policy = policy
        self.launch = launch
        self.soundtrack = soundtrack
        self.voices = voices
        self.virtualVoices = virtualVoices
        self.interruptionStrategy = interruptionStrategy
        self.preloadedEffects = preloadedEffects
        self.seed = seed
        self.buses = buses
        self.ducking = ducking
        self.sounds = sounds
        self.spatialization = spatialization
        self.distanceModel = distanceModel
        self.events = events
    }

    /// The audio frame at which something `time` seconds into the scenario happens: `round(time × sampleRate)`.
    ///
    /// - Parameter time: Seconds from the start.
    /// - Returns: The frame index.
    public func frame(of time: Double) -> Int {
        Int((time * Double(sampleRate)).rounded())
    }

    /// The number of frames a render of the whole scenario holds.
    public var frameCount: Int { frame(of: duration) }

    /// The effect and sound names the events fire, each once, in order of first use.
    public var firedSounds: [String] {
        var seen: Set<String> = []
        return events.compactMap { event in
            guard case .fire(let name, _, _, _, _, _, _, _, _, _, _, _) = event.kind, seen.insert(name).inserted else { return nil }
            return name
        }
    }

    /// The effects loaded before the first event: ``preloadedEffects`` when given; else every effect
    /// a `fire` names, a defined sound standing for its variants, then the variants of the
    /// ``sounds`` no event fires (a sound's variants must be loaded for it to be defined).
    public var launchEffects: [String] {
        if let preloadedEffects { return preloadedEffects }
        var seen: Set<String> = []
        let fired = firedSounds.flatMap { name in sounds[name]?.variants ?? [name] }
        let defined = sounds.keys.sorted().flatMap { sounds[$0]?.variants ?? [] }
        return (fired + defined).filter { seen.insert($0).inserted }
    }

    /// Every effect name the scenario uses (loaded at launch, fired, preloaded, unloaded or a
    /// variant of a defined sound), each once, in order of first mention.
    public var usedEffects: [String] {
        var seen: Set<String> = []
        let variants = sounds.keys.sorted().flatMap { sounds[$0]?.variants ?? [] }
        return (launchEffects + events.compactMap(\.effectName) + variants).filter { seen.insert($0).inserted }
    }
}
