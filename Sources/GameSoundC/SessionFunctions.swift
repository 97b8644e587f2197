// SPDX-License-Identifier: Zlib
import AudioSession
import GameSound

/// Makes something happen to the simulated device: a call, the silent switch, a plug.
///
/// On the desktop (`gs_system_kind` says `GS_SYSTEM_DESKTOP`) only what the desktop has no signal
/// for is simulated on top of it: `silentSwitch.on`/`.off` and `screen.lock`/`.unlock`. Everything
/// the desktop reports itself (calls, alarms, music, other apps, plugs, media services, the volume)
/// and the app's lifecycle are refused with `GS_ERR_REFUSED`, and nothing changes.
///
/// - Parameters:
///   - rt: The runtime.
///   - action: A name of the scenario vocabulary (`"phone.ring"`, `"silentSwitch.on"`, ...),
///     then optional `key=value` parameters: `"route.plug port=headphones"`.
/// - Returns: `GS_OK`, or `GS_ERR_UNKNOWN_NAME` for an unknown action, `GS_ERR_INVALID_ARGUMENT`
///   for a missing or bad parameter, `GS_ERR_REFUSED` when it makes no sense now (declining a call
///   that is not ringing; nothing changes), `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`.
@c public func gs_system_action(_ rt: OpaquePointer?, _ action: UnsafePointer<CChar>?) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let function = "gs_system_action"
        let text = try string(action, named: "action", in: function)
        let parsed = try SystemActionText.parse(text, in: function)
        let entry = try RuntimeRegistry.shared.entry(for: rt, in: function)
        do throws(SystemActionError) {
            try entry.runtime.perform(parsed)
        } catch {
            throw CFailure(error, in: function)
        }
        return ResultCode.ok.rawValue
    }
}

/// Which system a runtime lives in.
///
/// - Parameter rt: The runtime.
/// - Returns: `GS_SYSTEM_SIMULATED` or `GS_SYSTEM_DESKTOP` (never `GS_SYSTEM_AUTO`: the choice it
///   made), or `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`.
@c public func gs_system_kind(_ rt: OpaquePointer?) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let entry = try RuntimeRegistry.shared.entry(for: rt, in: "gs_system_kind")
        return SystemChoice.kind(of: entry.runtime.system).rawValue
    }
}

/// The sample rate and I/O buffer the session was granted (`sampleRate`, `ioBufferDuration`): on the
/// desktop, what the output really runs at, read back from OpenAL Soft's device once the server set
/// up its stream; on the simulated system, the simulated grant.
///
/// - Parameters:
///   - rt: The runtime.
///   - sampleRate: Where to write the rate in hertz; unchanged on failure.
///   - ioBufferDuration: Where to write one I/O buffer in seconds; unchanged on failure.
/// - Returns: `GS_OK`, or `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`.
@c public func gs_session_io_configuration(_ rt: OpaquePointer?, _ sampleRate: UnsafeMutablePointer<Double>?,
                                           _ ioBufferDuration: UnsafeMutablePointer<Double>?) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let function = "gs_session_io_configuration"
        guard let sampleRate else { throw .null("sample_rate", in: function) }
        guard let ioBufferDuration else { throw .null("io_buffer_duration", in: function) }
        let entry = try RuntimeRegistry.shared.entry(for: rt, in: function)
        let status = entry.runtime.session.status
        sampleRate.pointee = status.sampleRate
        ioBufferDuration.pointee = status.ioBufferDuration
        return ResultCode.ok.rawValue
    }
}

/// Reads a yes/no fact of a runtime as 1 or 0, or a negative code.
private func flag(_ rt: OpaquePointer?, in function: String, _ read: (GameSoundRuntime) -> Bool) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let entry = try RuntimeRegistry.shared.entry(for: rt, in: function)
        return read(entry.runtime) ? 1 : 0
    }
}

/// Whether the runtime's audio session is active.
///
/// - Parameter rt: The runtime.
/// - Returns: 1 or 0, or `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`.
@c public func gs_session_is_active(_ rt: OpaquePointer?) -> Int32 {
    flag(rt, in: "gs_session_is_active") { $0.session.isActive }
}

/// Whether the session is interrupted (a call or an alarm; the output is silent).
///
/// - Parameter rt: The runtime.
/// - Returns: 1 or 0, or `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`.
@c public func gs_session_is_interrupted(_ rt: OpaquePointer?) -> Int32 {
    flag(rt, in: "gs_session_is_interrupted") { $0.session.isInterrupted }
}

/// Whether another app's `duckOthers` session lowers the game's whole output now (12 dB).
///
/// - Parameter rt: The runtime.
/// - Returns: 1 or 0, or `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`.
@c public func gs_output_is_ducked(_ rt: OpaquePointer?) -> Int32 {
    flag(rt, in: "gs_output_is_ducked") { $0.isDucked }
}

/// Whether other audio (the player's music, another app) is playing.
///
/// - Parameter rt: The runtime.
/// - Returns: 1 or 0, or `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`.
@c public func gs_session_other_audio_playing(_ rt: OpaquePointer?) -> Int32 {
    flag(rt, in: "gs_session_other_audio_playing") { $0.session.isOtherAudioPlaying }
}

/// Whether the system hints that secondary audio (a soundtrack) should be silenced.
///
/// - Parameter rt: The runtime.
/// - Returns: 1 or 0, or `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`.
@c public func gs_session_secondary_hint(_ rt: OpaquePointer?) -> Int32 {
    flag(rt, in: "gs_session_secondary_hint") { $0.session.secondaryAudioShouldBeSilencedHint }
}

/// Whether the system silences the output now (silent switch, screen lock, background).
///
/// - Parameter rt: The runtime.
/// - Returns: 1 or 0, or `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`.
@c public func gs_output_is_silenced(_ rt: OpaquePointer?) -> Int32 {
    flag(rt, in: "gs_output_is_silenced") { $0.silenceCause != nil }
}

/// The session's category name: `"ambient"`, `"soloAmbient"`, `"playback"`, ...
///
/// - Parameter rt: The runtime.
/// - Returns: A string that lives as long as the process, or NULL on failure
///   (`GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`).
@c public func gs_session_category(_ rt: OpaquePointer?) -> UnsafePointer<CChar>? {
    cCall(onFailure: { _ in nil }) { () throws(CFailure) -> UnsafePointer<CChar>? in
        let entry = try RuntimeRegistry.shared.entry(for: rt, in: "gs_session_category")
        return entry.runtime.session.category.staticName.cString
    }
}
