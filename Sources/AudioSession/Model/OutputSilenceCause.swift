// SPDX-License-Identifier: Zlib
/// Why the system is silencing the session's output at the moment (a simulation extension).
///
/// iOS tells an app nothing when the silent switch flips; this value exists so that a UI, the
/// engine and tests can see what the simulated system does. Checked in this order: the switch,
/// then the screen lock, then the background.
public enum OutputSilenceCause: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The silent switch is on and the category obeys it.
    case silentSwitch
    /// The screen is locked and the category obeys the lock.
    case screenLocked
    /// The app is not in the foreground and the category does not sound in the background.
    case background

    /// The cause's name, for the event log.
    public var name: String { rawValue }

    /// The same as ``name``.
    public var description: String { rawValue }
}
