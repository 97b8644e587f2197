// SPDX-License-Identifier: Zlib
/// One voice of the pool as the model keeps it: what should sound. Its source, if it has one, is
/// the mirror's (``ALMirror/voices``); nothing here names OpenAL.
struct VoiceSlot: Equatable {
    var effect: String?
    /// What the game asked for last (the targets of any ramps).
    var options = PlayOptions()
    /// The bus it plays on, by number in the bus tree.
    var bus = 0
    var ramps = VoiceRamps()
    var pausedByGame = false
    /// A fade-out that stops the voice when it ends.
    var stopFade: Ramp<Float>?
    /// When to look whether the voice has finished (see ``RuntimeCore/scheduleEndCheck(_:at:)``).
    var endCheck = Int.max
    /// The defined sound it plays, if it plays one (``SoundDefinition``).
    var definition: String?
    /// Playing without a source (see RuntimeCore+Virtual), from `virtualOffset` (frames of its
    /// sound) at `virtualSince` (the ``MixModel/playingClock``).
    var isVirtual = false
    /// Where a real voice is in its sound, by the model (``VoiceClock``).
    var clock = VoiceClock()
    /// Restored paused on a fresh context: its next play is a new source's first (see
    /// ``RuntimeCore/freshStarts``).
    var restoredPaused = false
    var virtualOffset = 0.0
    var virtualSince = 0

    /// Its gain at `frame`, before its bus and any fade-out.
    @inline(__always)
    func gain(at frame: Int) -> Float { ramps.gain?.value(at: frame) ?? options.gain }
    /// Its pitch at `frame` (before any Doppler shift).
    @inline(__always)
    func pitch(at frame: Int) -> Float { ramps.pitch?.value(at: frame) ?? options.pitch }
    /// Its pan at `frame` (used when it has no position).
    @inline(__always)
    func pan(at frame: Int) -> Float { ramps.pan?.value(at: frame) ?? options.pan }
    /// Its place in the world at `frame`, nil when it is panned instead.
    @inline(__always)
    func position(at frame: Int) -> SIMDPosition? { ramps.position?.value(at: frame) ?? options.position }

    /// Where the voice should be put at `frame`: its world position, or its pan on a unit circle in
    /// front of the listener (distance 1 keeps the gain unchanged), relative to the listener.
    @inline(__always)
    func placement(at frame: Int) -> Placement {
        if let position = position(at: frame) { return Placement(relative: false, x: position.x, y: position.y, z: position.z) }
        let pan = pan(at: frame)
        return Placement(relative: true, x: pan, y: 0, z: -(1 - pan * pan).squareRoot())
    }

    /// Whether anything of its own moves: a ramp or a fade-out under way (or just arrived, not yet
    /// dropped by ``dropArrivedRamps(at:)``).
    var isMoving: Bool {
        ramps.gain != nil || ramps.pitch != nil || ramps.pan != nil || ramps.position != nil || stopFade != nil
    }

    /// Whether its fade-out has reached silence by `frame`: the voice ends.
    func hasFadedOut(at frame: Int) -> Bool { stopFade?.isFinished(at: frame) ?? false }

    /// Drops the ramps once every one has arrived before `frame` (their targets are the options).
    mutating func dropArrivedRamps(at frame: Int) {
        if ramps.settlesAt < frame { ramps = VoiceRamps() }
    }

    /// Clears what a finished voice leaves behind, for the slot's next sound.
    mutating func clearForReuse() {
        effect = nil
        stopFade = nil
        ramps = VoiceRamps()
    }
}
