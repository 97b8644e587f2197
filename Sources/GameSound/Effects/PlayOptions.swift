// SPDX-License-Identifier: Zlib
/// How to play an effect.
public struct PlayOptions: Sendable, Hashable {
    /// Volume, 1 unchanged.
    public var gain: Float
    /// Speed and pitch, 1 unchanged, 2 an octave up.
    public var pitch: Float
    /// Stereo placement from -1 (left) to 1 (right); ignored when ``position`` is set. Mono sounds only.
    public var pan: Float
    /// A position in the game world (x right, y up, z towards the player), for mono sounds.
    public var position: SIMDPosition?
    /// Play again and again until stopped.
    public var loop: Bool
    /// Higher wins when the pool is full: a sound only takes the voice of one with lower or equal priority.
    public var priority: Int
    /// The bus the sound plays on; ``BusName/effects`` unless told otherwise.
    public var bus: BusName
    /// How fast the sound moves, in the game's units per second (with ``position``): heard as the
    /// Doppler shift. nil: still.
    public var velocity: SIMDPosition?
    /// The distance at which the sound is heard at its own gain; nearer is no louder (1 by default).
    public var referenceDistance: Float
    /// The distance beyond which the sound gets no quieter (unlimited by default).
    public var maxDistance: Float
    /// How fast the sound fades with distance; 0 never fades, 1 is natural (the default).
    public var rolloff: Float
    /// How much of the sound goes to the environment's reverb, 0...1; nil takes its bus's default
    /// (0.3 for effects and voice, 0 for music, ui and ambience).
    public var reverbSend: Float?
    /// How much is between the sound and the listener, 0 (nothing) to 1 (a thick wall): lowers the
    /// direct sound and its highs.
    public var occlusion: Float

    /// Creates options; the defaults play the sound once, centred, unchanged.
    public init(gain: Float = 1, pitch: Float = 1, pan: Float = 0, position: SIMDPosition? = nil,
                loop: Bool = false, priority: Int = 0, bus: BusName = .effects, velocity: SIMDPosition? = nil,
                referenceDistance: Float = 1, maxDistance: Float = .greatestFiniteMagnitude, rolloff: Float = 1,
                reverbSend: Float? = nil, occlusion: Float = 0) {
        self.gain = gain
        self.pitch = pitch
        self.pan = pan
        self.position = position
        self.loop = loop
        self.priority = priority
        self.bus = bus
        self.velocity = velocity
        self.referenceDistance = referenceDistance
        self.maxDistance = maxDistance
        self.rolloff = rolloff
        self.reverbSend = reverbSend
        self.occlusion = occlusion
    }

    /// Checks every value; the message names the first that is out of range.
    func validate() throws(GameSoundError) {
        guard gain.isFinite, gain >= 0, pitch.isFinite, pitch > 0, pan.isFinite, (-1...1).contains(pan) else {
            throw .invalidArgument("gain must be ≥ 0, pitch > 0 and pan within -1...1")
        }
        if let position, !position.isFinite { throw .invalidArgument("a position must be three finite numbers") }
        if let velocity, !velocity.isFinite { throw .invalidArgument("a velocity must be three finite numbers") }
        guard referenceDistance.isFinite, referenceDistance > 0, maxDistance >= referenceDistance, !maxDistance.isNaN,
              rolloff.isFinite, rolloff >= 0 else {
            throw .invalidArgument("the reference distance must be > 0, the maximum distance at least that, and the rolloff ≥ 0")
        }
        if let reverbSend, !(reverbSend.isFinite && (0...1).contains(reverbSend)) {
            throw .invalidArgument("reverbSend must be within 0...1")
        }
        guard occlusion.isFinite, (0...1).contains(occlusion) else { throw .invalidArgument("occlusion must be within 0...1") }
    }
}
