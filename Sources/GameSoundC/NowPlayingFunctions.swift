// SPDX-License-Identifier: Zlib
import GameSound

/// Publishes the soundtrack's title for the system's media controls, or withdraws it (NULL).
///
/// On the desktop the game then appears as an MPRIS player (`org.mpris.MediaPlayer2.gamesound.instance<pid>`):
/// `Play`, `Pause` and `PlayPause` from media keys, a headset's button or `playerctl` resume and
/// pause the soundtrack, and `Next` reaches the game as a `remoteCommand` event
/// (`{"command":"nextTrack"}`). Playing with `GS_POLICY_MEDIA_PLAYBACK`, the game is the Now
/// Playing session: its output unplugged interrupts it (reason `routeDisconnected`).
///
/// - Parameters:
///   - rt: The runtime.
///   - title: The title to show, or NULL to withdraw the game from the media controls.
/// - Returns: `GS_OK`, or `GS_ERR_INVALID_ARGUMENT` (not UTF-8), `GS_ERR_NULL_POINTER` (rt),
///   `GS_ERR_INVALID_HANDLE`, `GS_ERR_STOPPED`.
@c public func gs_now_playing_set(_ rt: OpaquePointer?, _ title: UnsafePointer<CChar>?) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let function = "gs_now_playing_set"
        let text = try title.map { (pointer) throws(CFailure) in try string(pointer, named: "title", in: function) }
        try withRuntime(rt, in: function) { (runtime) throws(GameSoundError) in try runtime.setNowPlaying(title: text) }
        return ResultCode.ok.rawValue
    }
}
