/// A handle to one playing effect, returned by ``GameSoundRuntime/play(_:options:)``.
///
/// Through it a game changes the voice while it plays (``GameSoundRuntime/setVoice(_:gain:pitch:pan:position:velocity:occlusion:reverbSend:over:)``),
/// pauses, resumes or stops it, and asks how it is (``GameSoundRuntime/state(of:)``). A handle stays
/// valid until its voice ends; after that, calls with it change nothing and say so, even once the
/// pool's slot plays another sound: each use of a slot has its own generation.
public struct Voice: Sendable, Hashable, CustomStringConvertible {
    /// The pool slot.
    public let slot: Int
    /// Which use of the slot this is.
    public let generation: Int
    /// Which runtime of the process made the handle (1 to 32 767); a handle from another runtime is refused.
    public let runtime: Int

    /// A single number for the handle, for the C API: `runtime << 48 | generation << 16 | slot`.
    /// The event log names a voice by the lower 48 bits, which do not depend on how many runtimes
    /// the process made before.
    public var id: Int64 { Int64(runtime) << 48 | localID }

    /// The handle without its runtime: `generation << 16 | slot`, as the event log writes it.
    public var localID: Int64 { Int64(generation & 0xFFFF_FFFF) << 16 | Int64(slot) }

    /// Rebuilds a handle from ``id``.
    public init(id: Int64) {
        self.slot = Int(id & 0xFFFF)
        self.generation = Int((id >> 16) & 0xFFFF_FFFF)
        self.runtime = Int((id >> 48) & 0xFFFF)
    }

    init(slot: Int, generation: Int, runtime: Int) {
        self.slot = slot
        self.generation = generation
        self.runtime = runtime
    }

    /// The handle as `voice slot.generation`, for logs.
    public var description: String { "voice \(slot).\(generation)" }
}

/// Where a voice stands, as ``GameSoundRuntime/state(of:)`` reports it.
public enum VoiceState: String, Sendable, Hashable {
    /// Sounding (or about to, once an interruption ends).
    case playing
    /// Paused by the game, or by a paused bus above it; it keeps its place.
    case paused
    /// Finished, stopped or stolen: the handle no longer refers to anything.
    case ended
}

/// Why a voice ended, as the `voiceEnded` event's `reason` says.
public enum VoiceEndReason: String, Sendable, Hashable {
    /// It played to its end.
    case finished
    /// The game stopped it (or stopped every effect, or unloaded its sound).
    case stopped
    /// A new sound took its slot because the pool, or its bus's limit, was full.
    case stolen
}

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
        for (name, vector) in [("position", position), ("velocity", velocity)] {
            if let vector, !vector.isFinite { throw .invalidArgument("a \(name) must be three finite numbers") }
        }
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

/// A point in the game world, in OpenAL's coordinates.
public struct SIMDPosition: Sendable, Hashable {
    /// Right of the listener.
    public var x: Float
    /// Above the listener.
    public var y: Float
    /// Behind the listener (towards the player's back); negative is in front.
    public var z: Float

    /// Creates a position.
    public init(x: Float, y: Float, z: Float) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// Whether all three numbers are finite (no NaN, no infinity).
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

    /// The distance from the origin.
    public var length: Float { (x * x + y * y + z * z).squareRoot() }
}

/// What became of a request to play an effect.
public enum PlayOutcome: Sendable, Hashable {
    /// It plays on `voice`; `stole` is the sound whose voice it took, if the pool was full.
    case played(Voice, stole: Voice?)
    /// It was not played, and why.
    case dropped(DropReason)

    /// The voice, when it played.
    public var voice: Voice? {
        if case .played(let voice, _) = self { voice } else { nil }
    }
}

/// Why an effect was not played.
public enum DropReason: String, Sendable, Hashable {
    /// The session is interrupted (a call, an alarm): no sound may start, and a one-shot effect is
    /// not worth keeping for later.
    case interrupted
    /// Media services are lost; the runtime is waiting for the reset.
    case mediaServicesLost
    /// Every voice is busy with a sound of higher priority.
    case allVoicesOutrank
    /// The session is not active (for example activation failed in the background).
    case sessionInactive
    /// The output device stopped working (unplugged, its sound server gone) and no other could be
    /// opened yet; the runtime keeps trying and plays again as soon as one opens.
    case noOutputDevice
    /// The bus's voice limit is reached and every voice on it outranks the new sound.
    case busVoiceLimit
    /// A defined sound played again before its cooldown ran out (``SoundDefinition/cooldown``).
    case cooldown
    /// A defined sound already plays on as many voices as it may (``SoundDefinition/maxInstances``).
    case maxInstances
}
