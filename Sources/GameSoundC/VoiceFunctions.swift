// SPDX-License-Identifier: Zlib
import GameSound

/// The C values of `gs_voice_state`: `GS_VOICE_PLAYING`, `GS_VOICE_PAUSED`, `GS_VOICE_ENDED`.
/// Part of the ABI; `GS_VOICE_ENDED` is also what a voice call returns for a voice that has ended.
extension VoiceState {
    var cValue: Int32 {
        switch self {
        case .playing: 1
        case .paused: 2
        case .ended: ResultCode.voiceEnded.rawValue
        }
    }
}

/// The handle behind a voice id from C. Ids are never negative (the runtime's number takes at most
/// 15 bits above bit 48), so a negative one was never returned by `gs_effect_play`. The runtime
/// refuses an id another runtime made (`foreignVoice`, `GS_ERR_INVALID_ARGUMENT`), and one whose
/// runtime bits are zero, which no runtime makes, with it.
func voiceHandle(_ id: Int64, in function: String) throws(CFailure) -> Voice {
    guard id >= 0 else { throw CFailure(.invalidArgument, "\(function): voice \(id) is negative") }
    return Voice(id: id)
}

/// Runs a change on a live voice: `GS_OK` when it was made, `GS_VOICE_ENDED` when the voice had
/// ended and nothing changed, or a negative code.
private func changeVoice(
    _ rt: OpaquePointer?, _ voice: Int64, in function: String,
    _ change: (GameSoundRuntime, Voice) throws(GameSoundError) -> Bool
) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let voice = try voiceHandle(voice, in: function)
        let live = try withRuntime(rt, in: function) { (runtime) throws(GameSoundError) in try change(runtime, voice) }
        return live ? ResultCode.ok.rawValue : ResultCode.voiceEnded.rawValue
    }
}

/// Moves a playing voice's own gain to `gain` over `seconds` (0: at once).
///
/// - Parameters:
///   - rt: The runtime.
///   - voice: An id `gs_effect_play` or `gs_effect_play_on` returned.
///   - gain: 0 or more; 1 is the sound as recorded. The bus volumes multiply it.
///   - seconds: How long the change takes, 0 or more.
/// - Returns: `GS_OK`, `GS_VOICE_ENDED` (the voice had ended; nothing changed), or
///   `GS_ERR_INVALID_ARGUMENT` (a value out of range, a negative id, another runtime's voice),
///   `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`, `GS_ERR_STOPPED`.
@c public func gs_voice_set_gain(_ rt: OpaquePointer?, _ voice: Int64, _ gain: Float, _ seconds: Double) -> Int32 {
    changeVoice(rt, voice, in: "gs_voice_set_gain") { (runtime, voice) throws(GameSoundError) in
        try runtime.setVoice(voice, gain: gain, over: seconds)
    }
}

/// Moves a playing voice's pitch to `pitch` over `seconds` (0: at once).
///
/// - Parameters:
///   - rt: The runtime.
///   - voice: A voice id.
///   - pitch: More than 0; 1 unchanged, 2 an octave up.
///   - seconds: How long the change takes, 0 or more.
/// - Returns: As `gs_voice_set_gain`.
@c public func gs_voice_set_pitch(_ rt: OpaquePointer?, _ voice: Int64, _ pitch: Float, _ seconds: Double) -> Int32 {
    changeVoice(rt, voice, in: "gs_voice_set_pitch") { (runtime, voice) throws(GameSoundError) in
        try runtime.setVoice(voice, pitch: pitch, over: seconds)
    }
}

/// Moves a playing voice's pan to `pan` over `seconds` (0: at once). Mono sounds without a position.
///
/// - Parameters:
///   - rt: The runtime.
///   - voice: A voice id.
///   - pan: -1 (left) to 1 (right).
///   - seconds: How long the change takes, 0 or more.
/// - Returns: As `gs_voice_set_gain`.
@c public func gs_voice_set_pan(_ rt: OpaquePointer?, _ voice: Int64, _ pan: Float, _ seconds: Double) -> Int32 {
    changeVoice(rt, voice, in: "gs_voice_set_pan") { (runtime, voice) throws(GameSoundError) in
        try runtime.setVoice(voice, pan: pan, over: seconds)
    }
}

/// Moves a playing voice to a place in the game world over `seconds` (0: at once). A voice that had a
/// pan rather than a position jumps there; from then on positions ramp. Mono sounds.
///
/// - Parameters:
///   - rt: The runtime.
///   - voice: A voice id.
///   - x: Right of the listener.
///   - y: Above the listener.
///   - z: Towards the player (behind the listener); negative is in front.
///   - seconds: How long the move takes, 0 or more.
/// - Returns: As `gs_voice_set_gain`.
@c public func gs_voice_set_position(
    _ rt: OpaquePointer?, _ voice: Int64, _ x: Float, _ y: Float, _ z: Float, _ seconds: Double
) -> Int32 {
    changeVoice(rt, voice, in: "gs_voice_set_position") { (runtime, voice) throws(GameSoundError) in
        try runtime.setVoice(voice, position: SIMDPosition(x: x, y: y, z: z), over: seconds)
    }
}

/// Sets how fast a voice moves, for the Doppler shift, at once (a velocity does not ramp). It counts
/// while the voice has a place in the world (`has_position`, or `gs_voice_set_position`).
///
/// - Parameters:
///   - rt: The runtime.
///   - voice: A voice id.
///   - x: Units per second to the right.
///   - y: Units per second upwards.
///   - z: Units per second towards the player; negative is away, ahead.
/// - Returns: `GS_OK`, `GS_VOICE_ENDED` (the voice had ended; nothing changed), or
///   `GS_ERR_INVALID_ARGUMENT` (a number that is NaN or infinite, a stream's voice, a negative id,
///   another runtime's voice), `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`, `GS_ERR_STOPPED`.
@c public func gs_voice_set_velocity(_ rt: OpaquePointer?, _ voice: Int64, _ x: Float, _ y: Float, _ z: Float) -> Int32 {
    changeVoice(rt, voice, in: "gs_voice_set_velocity") { (runtime, voice) throws(GameSoundError) in
        try runtime.setVoice(voice, velocity: SIMDPosition(x: x, y: y, z: z))
    }
}

/// Sets how much is between a voice and the listener, at once: its direct sound loses up to half
/// its level and most of its highs.
///
/// - Parameters:
///   - rt: The runtime.
///   - voice: A voice id.
///   - occlusion: 0 (nothing in the way) to 1 (a thick wall).
/// - Returns: As `gs_voice_set_velocity`; `GS_ERR_INVALID_ARGUMENT` for an occlusion outside 0...1.
@c public func gs_voice_set_occlusion(_ rt: OpaquePointer?, _ voice: Int64, _ occlusion: Float) -> Int32 {
    changeVoice(rt, voice, in: "gs_voice_set_occlusion") { (runtime, voice) throws(GameSoundError) in
        try runtime.setVoice(voice, occlusion: occlusion)
    }
}

/// Sets how much of a voice goes to the environment's reverb, at once, in place of its bus's default
/// (0.3 on effects and voice, 0 on music, ui and ambience). Called right after the play, before the
/// next `gs_render`, it holds from the sound's first frame.
///
/// - Parameters:
///   - rt: The runtime.
///   - voice: A voice id.
///   - send: 0 (dry) to 1 (all of it).
/// - Returns: As `gs_voice_set_velocity`; `GS_ERR_INVALID_ARGUMENT` for a send outside 0...1.
@c public func gs_voice_set_reverb_send(_ rt: OpaquePointer?, _ voice: Int64, _ send: Float) -> Int32 {
    changeVoice(rt, voice, in: "gs_voice_set_reverb_send") { (runtime, voice) throws(GameSoundError) in
        try runtime.setVoice(voice, reverbSend: send)
    }
}

/// Pauses a voice where it is.
///
/// - Parameters:
///   - rt: The runtime.
///   - voice: A voice id.
/// - Returns: `GS_OK`, `GS_VOICE_ENDED`, or `GS_ERR_INVALID_ARGUMENT` (a negative id, another
///   runtime's voice), `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`, `GS_ERR_STOPPED`.
@c public func gs_voice_pause(_ rt: OpaquePointer?, _ voice: Int64) -> Int32 {
    changeVoice(rt, voice, in: "gs_voice_pause") { (runtime, voice) throws(GameSoundError) in try runtime.pause(voice) }
}

/// Resumes a paused voice from where it was; it stays silent while a bus above it is paused.
///
/// - Parameters:
///   - rt: The runtime.
///   - voice: A voice id.
/// - Returns: As `gs_voice_pause`.
@c public func gs_voice_resume(_ rt: OpaquePointer?, _ voice: Int64) -> Int32 {
    changeVoice(rt, voice, in: "gs_voice_resume") { (runtime, voice) throws(GameSoundError) in try runtime.resume(voice) }
}

/// Fades a voice out over `seconds`, then stops it (0: stops it at once). Its state stays
/// `GS_VOICE_PLAYING` until the fade ends.
///
/// - Parameters:
///   - rt: The runtime.
///   - voice: A voice id.
///   - seconds: The fade's length, 0 or more.
/// - Returns: `GS_OK`, `GS_VOICE_ENDED`, or `GS_ERR_INVALID_ARGUMENT` (a negative or non-finite time,
///   a negative id, another runtime's voice), `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`,
///   `GS_ERR_OPENAL`, `GS_ERR_STOPPED`.
@c public func gs_voice_stop_fade(_ rt: OpaquePointer?, _ voice: Int64, _ seconds: Double) -> Int32 {
    changeVoice(rt, voice, in: "gs_voice_stop_fade") { (runtime, voice) throws(GameSoundError) in
        try runtime.stop(voice, fade: seconds)
    }
}

/// Where a voice stands.
///
/// - Parameters:
///   - rt: The runtime.
///   - voice: A voice id.
/// - Returns: `GS_VOICE_PLAYING` (also during an interruption, when it sounds again after),
///   `GS_VOICE_PAUSED` (by the game or a paused bus), `GS_VOICE_ENDED` (finished, stopped or stolen),
///   or `GS_ERR_INVALID_ARGUMENT` (a negative id, another runtime's voice), `GS_ERR_NULL_POINTER`,
///   `GS_ERR_INVALID_HANDLE`, `GS_ERR_STOPPED`.
@c public func gs_voice_state(_ rt: OpaquePointer?, _ voice: Int64) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let function = "gs_voice_state"
        let voice = try voiceHandle(voice, in: function)
        return try withRuntime(rt, in: function) { (runtime) throws(GameSoundError) in try runtime.state(of: voice) }.cValue
    }
}
