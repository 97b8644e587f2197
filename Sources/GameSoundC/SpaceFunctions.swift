// SPDX-License-Identifier: Zlib
import GameSound

/// The C struct `gs_listener`: four `gs_vec3` (three floats each) — `position`, `at`, `up`,
/// `velocity` — 48 bytes, written field by field. `gamesound.h` asserts the size at compile time.
private enum CListener {
    static func write(_ listener: Listener, to memory: UnsafeMutableRawPointer) {
        let vectors = [listener.position, listener.at, listener.up, listener.velocity]
        for (index, vector) in vectors.enumerated() {
            for (component, value) in [vector.x, vector.y, vector.z].enumerated() {
                memory.storeBytes(of: value, toByteOffset: (index * 3 + component) * 4, as: Float.self)
            }
        }
    }
}

/// Runs a change of the listener.
private func changeListener(
    _ rt: OpaquePointer?, in function: String, _ change: (GameSoundRuntime) throws(GameSoundError) -> Void
) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        try withRuntime(rt, in: function) { (runtime) throws(GameSoundError) in try change(runtime) }
        return ResultCode.ok.rawValue
    }
}

/// Moves the listener to a place in the world over `seconds` (0: at once); its facing and speed stay.
/// Cheap enough to call every frame from the camera, without a ramp. Like every listener change at
/// once, it ends a move or turn under way, which jumps to where it was heading.
///
/// - Parameters:
///   - rt: The runtime.
///   - x: Right.
///   - y: Up.
///   - z: Towards the viewer (OpenAL's coordinates: the default facing is -z).
///   - seconds: How long the move takes, 0 or more.
/// - Returns: `GS_OK`, or `GS_ERR_INVALID_ARGUMENT` (a number that is NaN or infinite, negative or
///   non-finite seconds; nothing changes), `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`, `GS_ERR_STOPPED`.
@c public func gs_listener_set_position(_ rt: OpaquePointer?, _ x: Float, _ y: Float, _ z: Float, _ seconds: Double) -> Int32 {
    changeListener(rt, in: "gs_listener_set_position") { (runtime) throws(GameSoundError) in
        try runtime.setListener(position: SIMDPosition(x: x, y: y, z: z), over: seconds)
    }
}

/// Turns the listener over `seconds` (0: at once), the turn going round on the sphere (a half turn
/// goes round the head, not through it); its place and speed stay.
///
/// - Parameters:
///   - rt: The runtime.
///   - at_x: The direction it faces (need not be of length 1); default 0, 0, -1.
///   - at_y: See `at_x`.
///   - at_z: See `at_x`.
///   - up_x: The direction of the top of its head, not along `at`; default 0, 1, 0.
///   - up_y: See `up_x`.
///   - up_z: See `up_x`.
///   - seconds: How long the turn takes, 0 or more.
/// - Returns: `GS_OK`, or `GS_ERR_INVALID_ARGUMENT` (a number that is NaN or infinite, a zero
///   direction, `at` along `up` either way, bad seconds; nothing changes), `GS_ERR_NULL_POINTER`,
///   `GS_ERR_INVALID_HANDLE`, `GS_ERR_STOPPED`.
@c public func gs_listener_set_orientation(
    _ rt: OpaquePointer?, _ at_x: Float, _ at_y: Float, _ at_z: Float, _ up_x: Float, _ up_y: Float, _ up_z: Float,
    _ seconds: Double
) -> Int32 {
    changeListener(rt, in: "gs_listener_set_orientation") { (runtime) throws(GameSoundError) in
        try runtime.setListener(at: SIMDPosition(x: at_x, y: at_y, z: at_z), up: SIMDPosition(x: up_x, y: up_y, z: up_z),
                                over: seconds)
    }
}

/// Sets how fast the listener moves (heard as the Doppler shift of every placed sound) over
/// `seconds` (0: at once); its place and facing stay.
///
/// - Parameters:
///   - rt: The runtime.
///   - x: Units per second to the right.
///   - y: Units per second upwards.
///   - z: Units per second towards the viewer.
///   - seconds: How long the change takes, 0 or more.
/// - Returns: As `gs_listener_set_position`.
@c public func gs_listener_set_velocity(_ rt: OpaquePointer?, _ x: Float, _ y: Float, _ z: Float, _ seconds: Double) -> Int32 {
    changeListener(rt, in: "gs_listener_set_velocity") { (runtime) throws(GameSoundError) in
        try runtime.setListener(velocity: SIMDPosition(x: x, y: y, z: z), over: seconds)
    }
}

/// The listener as last set: where a move or turn under way is heading. Directions are written as
/// they were given (not made of length 1).
///
/// - Parameters:
///   - rt: The runtime.
///   - listener: A `gs_listener` to fill; unchanged on failure.
/// - Returns: `GS_OK`, or `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`.
@c public func gs_listener_get(_ rt: OpaquePointer?, _ listener: UnsafeMutableRawPointer?) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let function = "gs_listener_get"
        guard let listener else { throw .null("listener", in: function) }
        let entry = try RuntimeRegistry.shared.entry(for: rt, in: function)
        CListener.write(entry.runtime.listener, to: listener)
        return ResultCode.ok.rawValue
    }
}

/// Chooses how every placed sound fades with distance. Each sound's `reference_distance`,
/// `max_distance` and `rolloff` (`gs_play_options`) shape the curve.
///
/// - Parameters:
///   - rt: The runtime.
///   - model: `GS_DISTANCE_INVERSE_CLAMPED` (the default), `GS_DISTANCE_LINEAR_CLAMPED`,
///     `GS_DISTANCE_EXPONENT_CLAMPED` or `GS_DISTANCE_NONE`.
/// - Returns: `GS_OK`, or `GS_ERR_INVALID_ARGUMENT` (no `GS_DISTANCE_` value; nothing changes),
///   `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`, `GS_ERR_STOPPED`.
@c public func gs_set_distance_model(_ rt: OpaquePointer?, _ model: Int32) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let function = "gs_set_distance_model"
        guard let distanceModel = DistanceModel(cValue: model) else {
            throw CFailure(.invalidArgument, "\(function): \(model) is not a GS_DISTANCE_ value")
        }
        try withRuntime(rt, in: function) { (runtime) throws(GameSoundError) in try runtime.setDistanceModel(distanceModel) }
        return ResultCode.ok.rawValue
    }
}

/// Sets how strong the Doppler shift is and how fast sound travels, in the game's units.
///
/// - Parameters:
///   - rt: The runtime.
///   - factor: 1 natural (the default), 0 none, 2 twice as strong; 0 or more.
///   - speed_of_sound: Units per second, more than 0; 343.3 (the default) for metres.
/// - Returns: `GS_OK`, or `GS_ERR_INVALID_ARGUMENT` (a negative factor, a speed not above 0, a number
///   that is NaN or infinite; nothing changes), `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`,
///   `GS_ERR_STOPPED`.
@c public func gs_set_doppler(_ rt: OpaquePointer?, _ factor: Float, _ speed_of_sound: Float) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        try withRuntime(rt, in: "gs_set_doppler") { (runtime) throws(GameSoundError) in
            try runtime.setDoppler(factor: factor, speedOfSound: speed_of_sound)
        }
        return ResultCode.ok.rawValue
    }
}

/// Puts the listener in another acoustic space, crossfading the reverb over `seconds` (0: at once).
/// Every sound sends to it by its reverb send (its bus's default, or `gs_voice_set_reverb_send`).
/// Events: `environmentChanged` (`{"environment":"hall","from":"none","over":0.5}`); where the
/// device has no EFX, `environmentUnavailable` once, and everything plays dry.
///
/// - Parameters:
///   - rt: The runtime.
///   - environment: `GS_ENV_NONE` (dry, the default), `GS_ENV_GENERIC`, `GS_ENV_ROOM`, `GS_ENV_HALL`,
///     `GS_ENV_HANGAR`, `GS_ENV_CORRIDOR`, `GS_ENV_CAVE` or `GS_ENV_UNDERWATER`.
///   - seconds: How long the crossfade takes, 0 or more.
/// - Returns: `GS_OK`, or `GS_ERR_INVALID_ARGUMENT` (no `GS_ENV_` value, negative or non-finite seconds;
///   nothing changes), `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`, `GS_ERR_STOPPED`.
@c public func gs_environment_set(_ rt: OpaquePointer?, _ environment: Int32, _ seconds: Double) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let function = "gs_environment_set"
        guard let new = Environment(cValue: environment) else {
            throw CFailure(.invalidArgument, "\(function): \(environment) is not a GS_ENV_ value")
        }
        try withRuntime(rt, in: function) { (runtime) throws(GameSoundError) in try runtime.setEnvironment(new, over: seconds) }
        return ResultCode.ok.rawValue
    }
}

/// The environment as last set.
///
/// - Parameter rt: The runtime.
/// - Returns: A `GS_ENV_` value (0 or more), or `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`.
@c public func gs_environment_get(_ rt: OpaquePointer?) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        try RuntimeRegistry.shared.entry(for: rt, in: "gs_environment_get").runtime.environment.cValue
    }
}

/// Whether placed sounds are rendered with HRTF now, as the output device reports it: what OpenAL
/// Soft granted, not what was asked. `gs_config.spatialization` and the route decide when it is asked
/// for (with `GS_SPATIALIZATION_AUTO`, on headphones); at a sample rate no HRTF set has, it stays 0.
/// The event `spatializationChanged` (`{"mode":"hrtf","hrtf":...}` or `{"mode":"stereo"}`) says each switch.
///
/// - Parameter rt: The runtime.
/// - Returns: 1 or 0, or `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`.
@c public func gs_hrtf_active(_ rt: OpaquePointer?) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        try RuntimeRegistry.shared.entry(for: rt, in: "gs_hrtf_active").runtime.isHRTFActive ? 1 : 0
    }
}
