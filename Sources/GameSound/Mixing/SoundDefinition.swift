// SPDX-License-Identifier: Zlib
/// A named sound a game plays by name, with variety: several files picked at random, a random
/// pitch and gain, and limits on how often and how many at once.
///
/// Define it once with ``GameSoundRuntime/defineSound(_:_:)``, then play it like any effect with
/// ``GameSoundRuntime/play(_:options:)``: a definition takes precedence over a loaded effect of the
/// same name. The options' gain and pitch multiply the random ones; the options' bus and priority
/// are used unless the definition sets its own. Randomness comes from the runtime's one seeded
/// generator (``GameSoundConfiguration/seed``).
public struct SoundDefinition: Sendable, Hashable {
    /// What to do when ``maxInstances`` voices of the sound already play.
    public enum WhenFull: String, Sendable, Hashable {
        /// Stop the oldest of them (its `voiceEnded` says `stolen`) and play.
        case stealOldest
        /// Play nothing; the log says `voiceRefused` with reason `maxInstances`.
        case refuse
    }

    /// Loaded effects to pick from, at random; at least one.
    public var variants: [String]
    /// The range the pitch is drawn from; `1...1` keeps it.
    public var pitch: ClosedRange<Float>
    /// The range the gain is drawn from; `1...1` keeps it.
    public var gain: ClosedRange<Float>
    /// Never the same variant twice in a row (when there are two or more).
    public var avoidRepeat: Bool
    /// The shortest time between two starts, in seconds; a play sooner is refused (`voiceRefused`,
    /// reason `cooldown`). 0: no cooldown.
    public var cooldown: Double
    /// At most this many voices of the sound at once; nil: no limit.
    public var maxInstances: Int?
    /// What happens at ``maxInstances``.
    public var whenFull: WhenFull
    /// The bus it plays on, when set; else the play options' bus.
    public var bus: BusName?

    /// Creates a definition; only the variants are required.
    public init(variants: [String], pitch: ClosedRange<Float> = 1...1, gain: ClosedRange<Float> = 1...1,
                avoidRepeat: Bool = false, cooldown: Double = 0, maxInstances: Int? = nil, whenFull: WhenFull = .stealOldest,
                bus: BusName? = nil) {
        self.variants = variants
        self.pitch = pitch
        self.gain = gain
        self.avoidRepeat = avoidRepeat
        self.cooldown = cooldown
        self.maxInstances = maxInstances
        self.whenFull = whenFull
        self.bus = bus
    }
}
