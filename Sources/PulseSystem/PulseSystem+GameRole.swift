// SPDX-License-Identifier: Zlib
import Glibc

extension PulseSystem {
    /// Makes the streams this process opens later carry `media.role=game`.
    ///
    /// PulseAudio's role modules (`module-role-cork`, `module-role-ducking`) and desktop volume
    /// panels treat streams by role; a game should say it is one. libpulse copies the `PULSE_PROP`
    /// environment variable into every connection the process opens, and OpenAL Soft's PulseAudio
    /// backend opens its connection when the first device opens, so this must run before that:
    /// ``init(server:timeout:)`` calls it, so create the system before the runtime. A `PULSE_PROP`
    /// the player set is kept (the role is added to it unless it names one). Call it before
    /// starting other threads: it changes the environment.
    ///
    /// - Returns: `true` when the role is now advertised, `false` when `PULSE_PROP` already named another role.
    @discardableResult
    public static func advertiseGameRole() -> Bool {
        let existing = getenv("PULSE_PROP").map { String(cString: $0) } ?? ""
        if existing.contains("media.role=") { return existing.contains("media.role=game") }
        let value = existing.isEmpty ? "media.role=game" : "\(existing) media.role=game"
        return setenv("PULSE_PROP", value, 1) == 0
    }
}
