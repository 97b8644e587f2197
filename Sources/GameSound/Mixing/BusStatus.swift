// SPDX-License-Identifier: Zlib
/// One bus as it stands: for a mixer display or a settings screen.
public struct BusStatus: Sendable, Hashable {
    /// The bus.
    public var name: BusName
    /// The bus it feeds; nil for the master.
    public var parent: BusName?
    /// The volume as last asked for (the target of a ramp under way).
    public var volume: Float
    /// Whether it is muted.
    public var isMuted: Bool
    /// Whether it is paused (itself; a paused parent pauses it too).
    public var isPaused: Bool
    /// How far its ducking rules lower it now, as a gain (1: not ducked).
    public var duckGain: Float
    /// The voices playing directly on it now.
    public var voices: Int
}
