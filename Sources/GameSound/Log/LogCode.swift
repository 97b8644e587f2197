// SPDX-License-Identifier: Zlib
import Logging

/// The stable short code of each message the runtime logs, in the message's metadata under the key
/// "code": a game's log (or the C API's log handler) can match on it while the text may change.
///
/// docs/c-api.md lists them for game developers.
enum LogCode: String, CaseIterable {
    /// An effect's file does not decode (it is missing, unreadable, or not WAV/Ogg Vorbis).
    case effectUndecodable = "effect.undecodable"
    /// A streamed voice's file cannot be opened or played, or stopped decoding partway.
    case streamCannotPlay = "stream.cannot-play"
    /// The soundtrack's file cannot be opened or played.
    case soundtrackCannotPlay = "soundtrack.cannot-play"
    /// The soundtrack ran dry and restarted: the update fell behind.
    case soundtrackUnderrun = "soundtrack.underrun"
    /// A virtual voice could not be made real again.
    case voiceRealiseFailed = "voice.realise-failed"
    /// The system refused to activate the audio session; the runtime retries.
    case sessionActivationRefused = "session.activation-refused"
    /// The audio context could not be brought back after an interruption.
    case interruptionRestoreFailed = "interruption.restore-failed"
    /// The output device stopped working; the output is reopened.
    case outputLost = "output.lost"
    /// The output the runtime starts with did not open; it is tried again (three tries in all,
    /// 0.25 s apart) before creating the runtime fails.
    case outputOpenRetried = "output.open-retried"
    /// The output could not be reopened; the runtime tries again, soon, then every half second.
    case outputReopenFailed = "output.reopen-failed"
    /// The output reopened on the system's current device.
    case outputReopened = "output.reopened"
    /// An output device opened again after none could; what was playing resumes.
    case outputReturned = "output.returned"
    /// The sound server stood still, then asked for what it missed at once; the output is reopened
    /// (a server can lose its place in a stream after such a stall: PipeWire 0.3's pipewire-pulse).
    case outputCaughtUp = "output.caught-up"
    /// OpenAL Soft's output buffering (rate, period, periods) was asked for from the session's
    /// preferences, or was left as the player's configuration or an earlier start chose it.
    case outputBuffering = "output.buffering"
    /// GameSound's own server output was asked for but did not open (no server answered, libpulse
    /// missing): OpenAL Soft's own output plays instead.
    case serverOutputRefused = "output.server-refused"
    /// Audio could not be rebuilt after a media-services reset.
    case mediaServicesRebuildFailed = "media-services.rebuild-failed"
    /// HRTF was asked for but the device mixes without it (no `ALC_SOFT_HRTF`, or no HRTF set at
    /// the mixing rate): sounds are panned in plain stereo.
    case hrtfUnavailable = "hrtf.unavailable"
    /// OpenAL refused to switch HRTF on or off.
    case hrtfSwitchFailed = "hrtf.switch-failed"
    /// The device has no EFX: environments are not heard.
    case environmentUnavailable = "environment.unavailable"
    /// The environment's reverb could not be created.
    case environmentCreateFailed = "environment.create-failed"
    /// An OpenAL call failed: what it affected may be off, everything else plays on. Once per
    /// distinct failure (operation, code, what was affected) on a context; the event
    /// `openALFailed` says the same.
    case openALCallFailed = "openal.call-failed"
    /// `GAMESOUND_TESTBED_SWITCHES` names no FIFO (or it cannot be opened): the testbed cannot flip
    /// the simulated switches; the runtime runs as before.
    case testbedSwitchesUnavailable = "testbed.switches-unavailable"
    /// The testbed's FIFO asked for something other than a simulated-only switch, or for one this
    /// runtime's system refuses; nothing changes.
    case testbedSwitchRefused = "testbed.switch-refused"
    /// Info: OpenAL Soft's mixer thread or the update thread runs at a real-time priority
    /// (`SCHED_RR`), set directly or granted by RealtimeKit or the Realtime portal; the message says
    /// which thread, which priority and how.
    case realtimeGranted = "realtime.granted"
    /// No real-time priority for the audio threads: the process may not set one, and RealtimeKit (or
    /// the Realtime portal in Flatpak) is not there or refused; the message gives each reason. Logged
    /// once; the runtime plays on at normal priority and asks no more.
    case realtimeRefused = "realtime.refused"

    /// The metadata that carries the code.
    var metadata: Logger.Metadata { ["code": .string(rawValue)] }
}
