// SPDX-License-Identifier: Zlib
/// Why the system interrupted a session.
public enum InterruptionReason: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Another audio source took over: a call, an alarm, or another app's non-mixable audio.
    case `default`
    /// The app was suspended in the background; the notice arrives when the app comes back.
    case appWasSuspended
    /// The output device went away and the session asked to be interrupted when that happens.
    case routeDisconnected
    /// The machine is going to sleep (a desktop extension: logind's `PrepareForSleep`). Its audio
    /// devices are not to be trusted when it wakes, so a game opens its output again.
    case systemSleep

    /// The reason's name as the spec spells it.
    public var name: String { rawValue }

    /// The same as ``name``.
    public var description: String { rawValue }
}
