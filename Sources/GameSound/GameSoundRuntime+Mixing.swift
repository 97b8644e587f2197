// SPDX-License-Identifier: Zlib
/// Mixing: buses, ducking rules, and control of a voice while it plays.
///
/// Every runtime has a tree of buses: ``BusName/master`` at the root and ``BusName/music``,
/// ``BusName/effects``, ``BusName/ui``, ``BusName/voice`` and ``BusName/ambience`` below it. A
/// sound plays on one bus (``PlayOptions/bus``; effects by default, the soundtrack on music), and
/// what you hear of it is its own gain times the volume of every bus from its own up to the master.
/// All of it is kept through interruptions, with either strategy, and media-services resets: after
/// the recovery every bus, duck, ramp and voice sounds as it would have.
extension GameSoundRuntime {
    // MARK: - Buses

    /// Creates a bus, or changes one that exists.
    ///
    /// - Parameters:
    ///   - name: The bus.
    ///   - parent: The bus it feeds; nil keeps an existing bus's parent, or puts a new one under the master.
    ///   - volume: Its volume (linear, 1 unchanged); nil keeps it. It is set at once: use
    ///     ``setBusVolume(_:_:over:)`` to ramp.
    ///   - limit: At most this many voices play directly on it; when it is full a new sound takes the
    ///     voice of a lower- or equal-priority sound on the same bus, or is dropped with reason
    ///     ``DropReason/busVoiceLimit``. `.some(nil)` removes a limit; nil keeps it.
    ///   - reserve: This many voices of the pool are kept for it: other buses neither take them
    ///     while free nor steal them; nil keeps it.
    /// - Throws: ``GameSoundError/unknownBus(_:)`` for an unknown parent, ``GameSoundError/invalidBus(_:)``
    ///   when the new parent would make a loop or the bus is the master, ``GameSoundError/invalidArgument(_:)``
    ///   for a negative volume or reserve or a limit below 1. Nothing changes when it throws.
    public func configureBus(_ name: BusName, parent: BusName? = nil, volume: Float? = nil, limit: Int?? = nil,
                             reserve: Int? = nil) throws(GameSoundError) {
        try core.with { (core) throws(GameSoundError) in
            try core.configureBus(name, parent: parent, volume: volume, limit: limit, reserve: reserve)
        }
    }

    /// Moves a bus's volume to `volume` over `seconds`, linearly, with no zipper noise (the gains
    /// move every 256-frame block and OpenAL Soft smooths each step). Logs `busVolumeChanged`.
    ///
    /// - Throws: ``GameSoundError/unknownBus(_:)``, ``GameSoundError/invalidArgument(_:)`` for a
    ///   negative or non-finite volume or time.
    public func setBusVolume(_ bus: BusName, _ volume: Float, over seconds: Double = 0) throws(GameSoundError) {
        try core.command { (core) throws(GameSoundError) in try core.setBusVolume(bus, volume, over: seconds) }
    }

    /// Mutes or unmutes a bus and everything below it: exact silence for those sounds only; they
    /// play on unheard and keep their places. Logs `busMuted` or `busUnmuted`.
    public func setBusMuted(_ bus: BusName, _ muted: Bool) throws(GameSoundError) {
        try core.command { (core) throws(GameSoundError) in try core.setBusMuted(bus, muted) }
    }

    /// Pauses or resumes every voice on a bus and below it, the soundtrack too when it is under the
    /// bus; each keeps its place. A game's pause menu pauses ``BusName/effects`` and
    /// ``BusName/music`` while ``BusName/ui`` plays on. Logs `busPaused` or `busResumed`.
    public func setBusPaused(_ bus: BusName, _ paused: Bool) throws(GameSoundError) {
        try core.command { (core) throws(GameSoundError) in try core.setBusPaused(bus, paused) }
    }

    /// A bus's volume as last asked for (the target of a ramp under way), or nil for an unknown bus.
    public func busVolume(_ bus: BusName) -> Float? {
        // A lookup: unknownBus is the answer nil.
        core.query { core in (try? core.model.buses.index(of: bus)).map { core.model.buses.buses[$0].volume.to } }
    }

    /// Every bus's name, the master first, then in the order they were made.
    public var busNames: [BusName] { core.query { $0.model.buses.buses.map(\.name) } }

    /// Every bus as it stands, in the order of ``busNames``.
    public var buses: [BusStatus] { core.query { $0.busStatuses } }

    /// Adds a rule that lowers one bus while another has voices playing (see ``DuckingRule``).
    ///
    /// - Throws: ``GameSoundError/unknownBus(_:)``; ``GameSoundError/invalidBus(_:)`` when the ducked
    ///   bus plays through the one that ducks it; ``GameSoundError/invalidArgument(_:)`` for a
    ///   negative depth or time.
    public func addDuckingRule(_ rule: DuckingRule) throws(GameSoundError) {
        try core.with { (core) throws(GameSoundError) in try core.addDuckingRule(rule) }
    }

    // MARK: - Voices

    /// Changes a voice while it plays: each value given moves from where it is now to the new one
    /// over `seconds` (at once for 0); the others stay.
    ///
    /// A voice placed with a pan that is given a position jumps there; from then on positions ramp.
    ///
    /// - Parameters:
    ///   - voice: A handle from ``play(_:options:)``.
    ///   - gain: The voice's own gain, ≥ 0.
    ///   - pitch: Speed and pitch, > 0.
    ///   - pan: -1 (left) to 1 (right), for a voice without a position.
    ///   - position: A place in the world (finite numbers).
    ///   - velocity: How fast it moves (for the Doppler shift), at once.
    ///   - occlusion: How much is between it and the listener, 0...1, at once.
    ///   - reverbSend: How much goes to the environment's reverb, 0...1, at once.
    ///   - seconds: How long the change of gain, pitch, pan or position takes.
    /// - Returns: false when the voice has ended (finished, stopped or stolen): nothing changed.
    /// - Throws: ``GameSoundError/invalidArgument(_:)`` for a value out of range (nothing changes),
    ///   ``GameSoundError/foreignVoice(_:)`` for another runtime's handle, ``GameSoundError/stopped``.
    @discardableResult
    public func setVoice(_ voice: Voice, gain: Float? = nil, pitch: Float? = nil, pan: Float? = nil,
                         position: SIMDPosition? = nil, velocity: SIMDPosition? = nil, occlusion: Float? = nil,
                         reverbSend: Float? = nil, over seconds: Double = 0) throws(GameSoundError) -> Bool {
        try core.command { (core) throws(GameSoundError) in
            try core.setVoice(voice, gain: gain, pitch: pitch, pan: pan, position: position, velocity: velocity,
                              occlusion: occlusion, reverbSend: reverbSend, over: seconds)
        }
    }

    /// Pauses a voice where it is. - Returns: false when the voice has ended.
    @discardableResult
    public func pause(_ voice: Voice) throws(GameSoundError) -> Bool {
        try core.command { (core) throws(GameSoundError) in try core.setVoicePaused(voice, true) }
    }

    /// Resumes a paused voice from where it was (it stays silent while its bus is paused).
    /// - Returns: false when the voice has ended.
    @discardableResult
    public func resume(_ voice: Voice) throws(GameSoundError) -> Bool {
        try core.command { (core) throws(GameSoundError) in try core.setVoicePaused(voice, false) }
    }

    /// Fades a voice out over `fade` seconds, then stops it (`voiceEnded`, reason `stopped`, when
    /// the fade ends). - Returns: false when the voice has ended.
    @discardableResult
    public func stop(_ voice: Voice, fade: Double) throws(GameSoundError) -> Bool {
        try core.command { (core) throws(GameSoundError) in try core.stopVoice(voice, fade: fade) }
    }

    /// Whether a voice plays, is paused, or has ended. A game can chain sounds on it, or follow the
    /// `voiceEnded` events, which come within one update of the end.
    ///
    /// - Throws: ``GameSoundError/foreignVoice(_:)`` for another runtime's handle, ``GameSoundError/stopped``.
    public func state(of voice: Voice) throws(GameSoundError) -> VoiceState {
        try core.query { (core) throws(GameSoundError) in try core.state(of: voice) }
    }

    // MARK: - Sound definitions

    /// Defines a named sound with variants, random pitch and gain, a cooldown and an instance limit
    /// (see ``SoundDefinition``); ``play(_:options:)`` then plays it by name. Defining a name again
    /// replaces the definition; voices already playing carry on.
    ///
    /// The log says `voiceStarted` (with `voice`, `sound` and the `variant` picked) when it plays,
    /// and `voiceRefused` (with `reason`: `cooldown` or `maxInstances`) when it does not.
    ///
    /// - Throws: ``GameSoundError/unknownEffect(_:)`` for a variant that is not loaded,
    ///   ``GameSoundError/unknownBus(_:)``, ``GameSoundError/invalidArgument(_:)`` for no variants, a
    ///   pitch range not above 0, a negative gain or cooldown, or `maxInstances` below 1.
    public func defineSound(_ name: String, _ definition: SoundDefinition) throws(GameSoundError) {
        try core.with { (core) throws(GameSoundError) in try core.defineSound(name, definition) }
    }

    // MARK: - Streams

    /// Streams a WAV, FLAC, Ogg Vorbis or Opus file on a bus: an ambience bed, a long line of dialogue, a second
    /// piece of music. Any number can play at once, besides the soundtrack; each reads its file a
    /// few buffers ahead, so memory does not grow with its length. A looping stream honours the
    /// file's loop points (`LOOPSTART`/`LOOPLENGTH` comments, a WAV `smpl` loop): the intro plays
    /// once, then the loop repeats.
    ///
    /// The handle works with the voice calls: ``setVoice(_:gain:pitch:pan:position:velocity:occlusion:reverbSend:over:)`` (gain
    /// only), ``pause(_:)``, ``resume(_:)``, ``stop(_:)``, ``stop(_:fade:)``, ``state(of:)``. A
    /// stream keeps its place through interruptions and media-services resets. The log says
    /// `voiceStarted` (with `stream` true) and, at its end, `voiceEnded`.
    ///
    /// The file is opened and its headers read (a fraction of a millisecond from a warm disk) on
    /// the calling thread before the runtime's lock is taken, so a missing or unreadable file fails
    /// the call, and other threads' calls do not wait for the disk. Its first blocks decode on
    /// GameSound's decoding thread: in real time nobody waits for them, and the runtime's update
    /// thread makes the player as soon as they are there (the stream's position counts from then);
    /// headless, the call waits for them and the next render makes the player. The call makes no
    /// OpenAL call either way.
    ///
    /// - Parameters:
    ///   - path: A WAV (any encoding ``preload(_:path:)`` takes), FLAC, Ogg Vorbis or Opus file.
    ///   - bus: Its bus; ``BusName/ambience`` by default.
    ///   - loop: Play again and again (from the loop start) until stopped; true by default.
    ///   - gain: Its own gain.
    /// - Returns: The stream's voice handle.
    /// - Throws: ``GameSoundError/decoding(_:)`` when the file is missing or not a sound GameSound
    ///   reads (nothing starts), ``GameSoundError/unknownBus(_:)``, ``GameSoundError/invalidArgument(_:)``,
    ///   ``GameSoundError/stopped``.
    @discardableResult
    public func playStream(_ path: String, bus: BusName = .ambience, loop: Bool = true, gain: Float = 1) throws(GameSoundError) -> Voice {
        // The file is opened here, on the caller's thread, before the runtime's lock: what a game's
        // other threads and the audio thread wait for does not include a disk and a decoder's setup.
        try RuntimeCore.validateStreamGain(gain)
        let file = try OpenedStreamFile.open(path: path, loop: loop, startFrame: 0, framesPerBlock: AudioStream.framesPerBuffer)
        // Its first blocks decode on the decoding queue. In real time nobody waits for them: the
        // update thread makes the player once they are there. Headless, the caller waits for them
        // here rather than the next render under the lock.
        if configuration.output == .headless { file.decoding.waitUntilFull() }
        return try core.command { (core) throws(GameSoundError) in try core.playStream(path, bus: bus, loop: loop, gain: gain, opened: file) }
    }

    /// The frame of its file a stream plays now (for subtitles, say), counted from the file's start
    /// (a looped stream counts from the start again after each jump back); nil for an effect's
    /// voice or a stream that has ended. During an interruption: where it will go on from.
    public func position(of voice: Voice) throws(GameSoundError) -> Int? {
        try core.query { (core) throws(GameSoundError) in try core.streamPosition(voice) }
    }
}
