/// A handle to one playing effect, returned by ``GameSoundRuntime/play(_:options:)``.
///
/// A handle stays valid until its voice is reused for another sound; after that, calls with the old
/// handle are ignored (they never stop somebody else's sound).
public struct Voice: Sendable, Hashable, CustomStringConvertible {
    /// The pool slot.
    public let slot: Int
    /// Which use of the slot this is.
    public let generation: Int

    /// A single number for the handle, for logs and the C API: `generation << 16 | slot`.
    public var id: Int64 { Int64(generation) << 16 | Int64(slot) }

    /// Rebuilds a handle from ``id``.
    public init(id: Int64) {
        self.slot = Int(id & 0xFFFF)
        self.generation = Int(id >> 16)
    }

    init(slot: Int, generation: Int) {
        self.slot = slot
        self.generation = generation
    }

    /// The handle as `voice slot.generation`, for logs.
    public var description: String { "voice \(slot).\(generation)" }
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

    /// Creates options; the defaults play the sound once, centred, unchanged.
    public init(gain: Float = 1, pitch: Float = 1, pan: Float = 0, position: SIMDPosition? = nil,
                loop: Bool = false, priority: Int = 0) {
        self.gain = gain
        self.pitch = pitch
        self.pan = pan
        self.position = position
        self.loop = loop
        self.priority = priority
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
}
