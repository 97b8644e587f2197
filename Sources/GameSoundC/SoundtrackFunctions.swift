// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#endif
import GameSound

/// Plays a WAV, FLAC, Ogg Vorbis or Opus file as the soundtrack, streamed from disk.
///
/// It is heard only when the policy and the system allow; until then the request is kept. The
/// runtime opens the file when the track starts: a file that exists but does not decode is
/// reported by a `soundtrackFailed` event, not by this result.
///
/// - Parameters:
///   - rt: The runtime.
///   - path: The file, or NULL to restart the current soundtrack.
///   - loop: Non-zero to loop without a gap.
/// - Returns: `GS_OK`, or `GS_ERR_INVALID_HANDLE`, `GS_ERR_NULL_POINTER`, `GS_ERR_IO` (no readable file there),
///   `GS_ERR_NO_SOUNDTRACK` (NULL path and none set), `GS_ERR_STOPPED`.
@c public func gs_soundtrack_play(_ rt: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ loop: Int32) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let function = "gs_soundtrack_play"
        let track = try path.map { (pointer) throws(CFailure) in try string(pointer, named: "path", in: function) }
        _ = try RuntimeRegistry.shared.entry(for: rt, in: function)
        if let track, access(track, R_OK) != 0 {
            throw CFailure(.io, "\(function): cannot read the file \(track)")
        }
        try withRuntime(rt, in: function) { (runtime) throws(GameSoundError) in
            try runtime.playSoundtrack(track, loop: loop != 0)
        }
        return ResultCode.ok.rawValue
    }
}

/// Pauses the soundtrack, keeping its position.
///
/// - Parameter rt: The runtime.
/// - Returns: `GS_OK`, or `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`, `GS_ERR_STOPPED`.
@c public func gs_soundtrack_pause(_ rt: OpaquePointer?) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        try withRuntime(rt, in: "gs_soundtrack_pause") { (runtime) throws(GameSoundError) in try runtime.pauseSoundtrack() }
        return ResultCode.ok.rawValue
    }
}

/// Resumes a paused soundtrack where it stopped.
///
/// - Parameter rt: The runtime.
/// - Returns: `GS_OK`, or `GS_ERR_NO_SOUNDTRACK`, `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`, `GS_ERR_STOPPED`.
@c public func gs_soundtrack_resume(_ rt: OpaquePointer?) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        try withRuntime(rt, in: "gs_soundtrack_resume") { (runtime) throws(GameSoundError) in try runtime.resumeSoundtrack() }
        return ResultCode.ok.rawValue
    }
}

/// Stops the soundtrack; the next play starts from the top.
///
/// - Parameter rt: The runtime.
/// - Returns: `GS_OK`, or `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`, `GS_ERR_STOPPED`.
@c public func gs_soundtrack_stop(_ rt: OpaquePointer?) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        try withRuntime(rt, in: "gs_soundtrack_stop") { (runtime) throws(GameSoundError) in try runtime.stopSoundtrack() }
        return ResultCode.ok.rawValue
    }
}
