// SPDX-License-Identifier: Zlib
/// Where the app stands in its lifecycle, as the simulated system sees it.
public enum AppState: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// On screen and running.
    case foreground
    /// Off screen but still running, because an active session keeps it running (playback family).
    case background
    /// Off screen and not running; its sessions were deactivated.
    case suspended

    /// The state's name.
    public var name: String { rawValue }

    /// The same as ``name``.
    public var description: String { rawValue }
}
