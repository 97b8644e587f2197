// SPDX-License-Identifier: Zlib
import CGameSoundABI
import GameSound

/// Decodes a WAV, FLAC, Ogg Vorbis or Opus file and keeps it ready to play under `name`.
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

/// Plays a loaded effect once on a voice of the pool, on the effects bus.
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
        return try play(name, options: PlayOptions(gain: gain, pitch: pitch, pan: pan), on: rt, in: function)
    }
}

/// Fills a `gs_play_options` with the defaults, for the size in its `struct_size` (the inline
/// `gs_play_options_init` of gamesound.h sets it, then calls this): gain 1, pitch 1, centred, once,
/// priority 0, no position, still, reference distance 1, no maximum distance (0), rolloff 1, no
/// occlusion, the bus's reverb send (`GS_REVERB_SEND_BUS_DEFAULT`).
///
/// - Parameter options: The struct to fill; NULL, or a `struct_size` below the first version's, only
///   records `GS_ERR_NULL_POINTER` or `GS_ERR_INVALID_ARGUMENT` as the last error.
@c public func gs_play_options_defaults(_ options: UnsafeMutablePointer<gs_play_options>?) {
    gs_play_options.writeDefaults(to: options, named: "options", in: "gs_play_options_defaults")
}

/// Plays a loaded effect on a bus, with every option of the Swift API's `PlayOptions`.
///
/// - Parameters:
///   - rt: The runtime.
///   - name: The effect's name.
///   - bus: The bus to play on (`"effects"`, `"ui"`, a bus the game made); NULL for `"effects"`.
///   - options: A `gs_play_options` filled by `gs_play_options_init`; NULL for the defaults.
/// - Returns: The voice id (0 or more), or `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`,
///   `GS_ERR_UNKNOWN_NAME` (no such effect or bus), `GS_ERR_INVALID_ARGUMENT`, `GS_ERR_STOPPED`,
///   or `GS_ERR_DROPPED` when it was not played (an interruption, the bus's voice limit; the
///   reason is in `gs_last_error`).
@c public func gs_effect_play_on(
    _ rt: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ bus: UnsafePointer<CChar>?, _ options: UnsafePointer<gs_play_options>?
) -> Int64 {
    cCall(onFailure: { Int64($0.code.rawValue) }) { () throws(CFailure) -> Int64 in
        let function = "gs_effect_play_on"
        let name = try string(name, named: "name", in: function)
        let bus = try bus.map { (pointer) throws(CFailure) in BusName(try string(pointer, named: "bus", in: function)) }
        let fields = try options.map { (options) throws(CFailure) in try gs_play_options.read(from: options, in: function) } ?? .defaults
        return try play(name, options: fields.playOptions(bus: bus ?? .effects), on: rt, in: function)
    }
}

/// Plays `name` and returns its voice id; a drop is a `GS_ERR_DROPPED` failure naming the reason.
private func play(_ name: String, options: PlayOptions, on rt: OpaquePointer?, in function: String) throws(CFailure) -> Int64 {
    let outcome = try withRuntime(rt, in: function) { (runtime) throws(GameSoundError) in
        try runtime.play(name, options: options)
    }
    switch outcome {
    case .played(let voice, _):
        return voice.id
    case .dropped(let reason):
        throw CFailure(dropped: reason, "\(function): '\(name)' was not played")
    }
}

/// Stops one voice; a voice that already finished, or was reused for another sound, is left alone.
///
/// - Parameters:
///   - rt: The runtime.
///   - voice: An id `gs_effect_play` returned.
/// - Returns: `GS_OK` (also for a voice that had already ended), or `GS_ERR_INVALID_ARGUMENT` for a
///   negative id or one another runtime made, `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`,
///   `GS_ERR_STOPPED`.
@c public func gs_voice_stop(_ rt: OpaquePointer?, _ voice: Int64) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let function = "gs_voice_stop"
        let voice = try voiceHandle(voice, in: function)
        _ = try withRuntime(rt, in: function) { (runtime) throws(GameSoundError) in try runtime.stop(voice) }
        return ResultCode.ok.rawValue
    }
}
