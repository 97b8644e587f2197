// SPDX-License-Identifier: Zlib
/// Space: where the listener is, how sounds fade with distance and shift with speed, HRTF on
/// headphones, and the environment's reverb. Everything here is kept through interruptions (either
/// strategy) and media-services resets.
extension GameSoundRuntime {
    /// Moves or turns the listener; each value given moves there over `seconds` (at once for 0),
    /// the others stay. Cheap enough to call every frame from the camera, without a ramp.
    ///
    /// - Parameters:
    ///   - position: Where the listener stands.
    ///   - at: The direction it faces (need not be of length 1).
    ///   - up: The direction of the top of its head; not along `at`.
    ///   - velocity: Its speed, for the Doppler shift.
    ///   - seconds: How long the move takes; a turn goes round on the sphere.
    /// - Throws: ``GameSoundError/invalidArgument(_:)`` for a NaN or infinite number, a zero
    ///   direction, or `at` along `up`; nothing changes then. ``GameSoundError/stopped``.
    public func setListener(position: SIMDPosition? = nil, at: SIMDPosition? = nil, up: SIMDPosition? = nil,
                            velocity: SIMDPosition? = nil, over seconds: Double = 0) throws(GameSoundError) {
        try core.command { (core) throws(GameSoundError) in
            try core.setListener(position: position, at: at, up: up, velocity: velocity, over: seconds)
        }
    }

    /// The listener as last set (where a ramp under way is heading).
    public var listener: Listener { core.query { $0.model.listener } }

    /// Chooses how every sound fades with distance (each sound's reference distance, maximum
    /// distance and rolloff shape it; see ``PlayOptions``).
    public func setDistanceModel(_ model: DistanceModel) throws(GameSoundError) {
        try core.command { (core) throws(GameSoundError) in try core.setDistanceModel(model) }
    }

    /// Sets how strong the Doppler shift is (1 natural, 0 none) and the speed of sound in the game's
    /// units per second (343.3: metres).
    public func setDoppler(factor: Float, speedOfSound: Float = 343.3) throws(GameSoundError) {
        try core.command { (core) throws(GameSoundError) in try core.setDoppler(factor: factor, speedOfSound: speedOfSound) }
    }

    /// Puts the listener in another acoustic space, crossfading the reverb over `seconds`. Logs
    /// `environmentChanged`. Where the device has no EFX the log says `environmentUnavailable` once
    /// and everything plays dry.
    public func setEnvironment(_ environment: Environment, over seconds: Double = 0) throws(GameSoundError) {
        try commandInRealTime { (core) throws(GameSoundError) in try core.setEnvironment(environment, over: seconds) }
    }

    /// The environment as last set.
    public var environment: Environment { core.query { $0.model.environment } }

    /// Whether sounds are rendered with HRTF now, as the output device reports it: what OpenAL Soft
    /// granted, not what was asked.
    ///
    /// ``GameSoundConfiguration/spatialization`` and the route decide when HRTF is asked for (the
    /// log says `spatializationChanged` each time it switches); the device may still mix without it,
    /// for example at a sample rate no HRTF set is recorded at, and then this is false (and the
    /// runtime logs a warning with the code `hrtf.unavailable`). False while no device is open.
    public var isHRTFActive: Bool { core.query { $0.mirror.rendersHRTF } }
}
