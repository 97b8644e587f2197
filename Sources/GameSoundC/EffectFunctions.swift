import GameSound

/// Decodes a WAV or Ogg Vorbis file and keeps it ready to play under `name`.
///
/// - Parameters:
///   - rt: The runtime.
///   - name: The name to play it by; loading a name again replaces the sound.
///   - path: The file.
/// - Returns: `GS_OK`, or `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`, `GS_ERR_DECODING`,
///   `GS_ERR_STOPPED`.
@c public func gs_effect_load(_ rt: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ path: UnsafePointer<CChar>?) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let function = "gs_effect_load"
        let name = try string(name, named: "name", in: function)
        let path = try string(path, named: "path", in: function)
        try withRuntime(rt, in: function) { (runtime) throws(GameSoundError) in try runtime.preload(name, path: path) }
        return ResultCode.ok.rawValue
    }
}

/// Decodes every `.wav` and `.ogg` file of a folder, each under its file name without extension.
///
/// - Parameters:
///   - rt: The runtime.
///   - folder: The folder (not searched recursively).
/// - Returns: How many effects loaded (files that fail to decode are skipped), or `GS_ERR_NULL_POINTER`,
///   `GS_ERR_INVALID_HANDLE`, `GS_ERR_IO` when the folder cannot be listed, `GS_ERR_STOPPED`.
@c public func gs_effect_load_folder(_ rt: OpaquePointer?, _ folder: UnsafePointer<CChar>?) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let function = "gs_effect_load_folder"
        let folder = try string(folder, named: "folder", in: function)
        let report = try withRuntime(rt, in: function) { (runtime) throws(GameSoundError) in
            try runtime.preloadBank(folder: folder)
        }
        return Int32(clamping: report.loaded.count)
    }
}

/// Plays a loaded effect once on a voice of the pool.
///
/// - Parameters:
///   - rt: The runtime.
///   - name: The effect's name.
///   - gain: Volume, 1 unchanged; 0 or more.
///   - pitch: Speed and pitch, 1 unchanged; more than 0.
///   - pan: -1 (left) to 1 (right); mono effects only.
/// - Returns: The voice id (0 or more), or `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`,
///   `GS_ERR_UNKNOWN_NAME`, `GS_ERR_INVALID_ARGUMENT`, `GS_ERR_STOPPED`, or `GS_ERR_DROPPED` when the
///   effect was not played (during an interruption, for example; `gs_last_error` says why).
@c public func gs_effect_play(
    _ rt: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ gain: Float, _ pitch: Float, _ pan: Float
) -> Int64 {
    cCall(onFailure: { Int64($0.code.rawValue) }) { () throws(CFailure) -> Int64 in
        let function = "gs_effect_play"
        let name = try string(name, named: "name", in: function)
        let options = PlayOptions(gain: gain, pitch: pitch, pan: pan)
        let outcome = try withRuntime(rt, in: function) { (runtime) throws(GameSoundError) in
            try runtime.play(name, options: options)
        }
        switch outcome {
        case .played(let voice, _):
            return voice.id
        case .dropped(let reason):
            throw CFailure(.dropped, "\(function): '\(name)' was not played (\(reason.rawValue))")
        }
    }
}

/// Stops one voice; a voice that already finished, or was reused for another sound, is left alone.
///
/// - Parameters:
///   - rt: The runtime.
///   - voice: An id `gs_effect_play` returned.
/// - Returns: `GS_OK`, or `GS_ERR_INVALID_ARGUMENT` for a negative id, `GS_ERR_NULL_POINTER`,
///   `GS_ERR_INVALID_HANDLE`, `GS_ERR_STOPPED`.
@c public func gs_voice_stop(_ rt: OpaquePointer?, _ voice: Int64) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let function = "gs_voice_stop"
        guard voice >= 0 else { throw CFailure(.invalidArgument, "\(function): voice \(voice) is negative") }
        _ = try withRuntime(rt, in: function) { (runtime) throws(GameSoundError) in try runtime.stop(Voice(id: voice)) }
        return ResultCode.ok.rawValue
    }
}
