// SPDX-License-Identifier: Zlib
/// The C type of an event callback, `gs_event_callback` in `gamesound.h`.
///
/// GameSound calls it with the event-log name of each event (`"interruptionBegan"`, ...), the audio
/// frame it happened at, its details as a JSON object (`{"reason":"default"}`), and the pointer
/// given to `gs_set_event_callback`. The strings are valid only during the call.
public typealias gs_event_callback = @convention(c) (
    _ name: UnsafePointer<CChar>?, _ frame: Int64, _ details_json: UnsafePointer<CChar>?,
    _ user_data: UnsafeMutableRawPointer?
) -> Void
