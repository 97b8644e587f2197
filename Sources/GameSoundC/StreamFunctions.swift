// SPDX-License-Identifier: Zlib
import GameSound

/// Streams a WAV, FLAC, Ogg Vorbis or Opus file on a bus, besides the effects and the soundtrack: an ambience
/// bed, a long line of dialogue. Any number can play at once; each reads its file a few buffers
/// ahead. A looping stream honours the file's loop points (`LOOPSTART`/`LOOPLENGTH` comments, a WAV
/// `smpl` loop). It keeps its place through interruptions and media-services resets.
///
/// The voice id works with `gs_voice_set_gain`, `gs_voice_pause`, `gs_voice_resume`,
/// `gs_voice_stop`, `gs_voice_stop_fade` and `gs_voice_state`; a stream's pitch and place cannot
/// change (`gs_voice_set_pitch`, `_pan`, `_position` answer `GS_ERR_INVALID_ARGUMENT`).
///
/// - Parameters:
///   - rt: The runtime.
///   - path: The file.
///   - bus: The bus to play on; NULL for `"ambience"`.
///   - loop: Non-zero to play again and again (from the loop start) until stopped.
///   - gain: Its own gain, 0 or more; the bus volumes multiply it.
/// - Returns: The voice id (0 or more), or `GS_ERR_NULL_POINTER` (`rt`, `path`), `GS_ERR_INVALID_HANDLE`,
///   `GS_ERR_DECODING` (the file is missing or not a sound GameSound reads; nothing starts),
///   `GS_ERR_UNKNOWN_NAME` (the bus), `GS_ERR_INVALID_ARGUMENT` (a negative or non-finite gain,
///   invalid UTF-8), `GS_ERR_STOPPED`.
@c public func gs_stream_play(
    _ rt: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ bus: UnsafePointer<CChar>?, _ loop: Int32, _ gain: Float
) -> Int64 {
    cCall(onFailure: { Int64($0.code.rawValue) }) { () throws(CFailure) -> Int64 in
        let function = "gs_stream_play"
        let path = try string(path, named: "path", in: function)
        let bus = try bus.map { (pointer) throws(CFailure) in BusName(try string(pointer, named: "bus", in: function)) }
        let voice = try withRuntime(rt, in: function) { (runtime) throws(GameSoundError) in
            try runtime.playStream(path, bus: bus ?? .ambience, loop: loop != 0, gain: gain)
        }
        return voice.id
    }
}

/// The frame of its file a stream plays now (for subtitles, say), counted from the file's start; a
/// looped stream counts from the start again after each jump back. During an interruption: where it
/// will go on from.
///
/// - Parameters:
///   - rt: The runtime.
///   - voice: An id `gs_stream_play` returned.
///   - frame: Where to write the frame; unchanged unless the result is `GS_OK`.
/// - Returns: `GS_OK`, `GS_VOICE_ENDED` (the stream had ended; not a failure, nothing is written), or
///   `GS_ERR_INVALID_ARGUMENT` (an effect's voice, a negative id, another runtime's voice),
///   `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`, `GS_ERR_STOPPED`.
@c public func gs_stream_position(_ rt: OpaquePointer?, _ voice: Int64, _ frame: UnsafeMutablePointer<Int64>?) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let function = "gs_stream_position"
        let handle = try voiceHandle(voice, in: function)
        guard let frame else { throw .null("frame", in: function) }
        // The runtime answers nil both for an ended stream and for an effect's voice: the voice's
        // state tells them apart (an effect's voice that has ended is just ended).
        let (position, state) = try withRuntime(rt, in: function) { (runtime) throws(GameSoundError) in
            let position = try runtime.position(of: handle)
            return (position, position == nil ? try runtime.state(of: handle) : nil)
        }
        if let position {
            frame.pointee = Int64(position)
            return ResultCode.ok.rawValue
        }
        guard state == .ended else { throw CFailure(.invalidArgument, "\(function): voice \(voice) is an effect's, not a stream's") }
        return ResultCode.voiceEnded.rawValue
    }
}
