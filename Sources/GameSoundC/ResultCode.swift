// SPDX-License-Identifier: Zlib
/// The result codes of the C API, one `GS_ERR_...` constant of `gamesound.h` each.
///
/// Zero is success; every failure is negative so that functions returning a count or a voice id
/// can return either. One code is positive and not a failure: ``voiceEnded``, a voice call that
/// found its voice gone and changed nothing. The raw values are part of the ABI: never renumber a
/// case, only add new ones.
enum ResultCode: Int32, Sendable, CaseIterable {
    /// `GS_OK`: the call succeeded.
    case ok = 0
    /// `GS_ERR_NULL_POINTER`: a required pointer argument was NULL.
    case nullPointer = -1
    /// `GS_ERR_INVALID_HANDLE`: the runtime handle is not one that `gs_runtime_create` returned, or
    /// it was destroyed.
    case invalidHandle = -2
    /// `GS_ERR_INVALID_ARGUMENT`: a value is out of range (a negative frame count, a bad policy, a loop
    /// in the bus tree, another runtime's voice id).
    case invalidArgument = -3
    /// `GS_ERR_UNKNOWN_NAME`: no effect, bus, system action or parameter has that name.
    case unknownName = -4
    /// `GS_ERR_DECODING`: a sound file is missing, unreadable or not a WAV, FLAC, Ogg Vorbis or Opus file GameSound reads.
    case decoding = -5
    /// `GS_ERR_WRONG_OUTPUT`: the call needs the other output mode (`gs_render` on a real-time runtime).
    case wrongOutput = -6
    /// `GS_ERR_OPENAL`: OpenAL refused (no output device, for example).
    case openAL = -7
    /// `GS_ERR_SESSION`: the audio session refused (for example activating during a call).
    case session = -8
    /// `GS_ERR_STOPPED`: the runtime was shut down.
    case stopped = -9
    /// `GS_ERR_REFUSED`: a system action makes no sense now (declining a call that is not ringing).
    case refused = -10
    /// `GS_ERR_NO_SOUNDTRACK`: resuming a soundtrack that was never given.
    case noSoundtrack = -11
    /// `GS_ERR_DROPPED`: the effect was not played (interrupted, all voices outrank it, ...).
    case dropped = -12
    /// `GS_ERR_IO`: a file or folder could not be read or written.
    case io = -13
    /// `GS_ERR_SCENARIO`: a scenario file is malformed or could not be rendered.
    case scenario = -14
    /// `GS_ERR_UNAVAILABLE`: this build does not provide the function's feature.
    case unavailable = -15
    /// `GS_ERR_NO_SERVER`: `GS_SYSTEM_DESKTOP` was asked for and no desktop sound server answered.
    case noServer = -16
    /// `GS_VOICE_ENDED`: not a failure (nothing is recorded as the last error) — the voice had
    /// ended (finished, stopped or stolen), so the call changed nothing. The same number is the
    /// `gs_voice_state` of such a voice.
    case voiceEnded = 3

    /// The constant's name in `gamesound.h`, as a C string that lives as long as the process.
    var constantName: StaticString {
        switch self {
        case .ok: "GS_OK"
        case .nullPointer: "GS_ERR_NULL_POINTER"
        case .invalidHandle: "GS_ERR_INVALID_HANDLE"
        case .invalidArgument: "GS_ERR_INVALID_ARGUMENT"
        case .unknownName: "GS_ERR_UNKNOWN_NAME"
        case .decoding: "GS_ERR_DECODING"
        case .wrongOutput: "GS_ERR_WRONG_OUTPUT"
        case .openAL: "GS_ERR_OPENAL"
        case .session: "GS_ERR_SESSION"
        case .stopped: "GS_ERR_STOPPED"
        case .refused: "GS_ERR_REFUSED"
        case .noSoundtrack: "GS_ERR_NO_SOUNDTRACK"
        case .dropped: "GS_ERR_DROPPED"
        case .io: "GS_ERR_IO"
        case .scenario: "GS_ERR_SCENARIO"
        case .unavailable: "GS_ERR_UNAVAILABLE"
        case .noServer: "GS_ERR_NO_SERVER"
        case .voiceEnded: "GS_VOICE_ENDED"
        }
    }
}
