// SPDX-License-Identifier: Zlib
/// Why the audio route changed.
public enum RouteChangeReason: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The reason is not known.
    case unknown
    /// A device was plugged in and now carries the audio, for example headphones.
    case newDeviceAvailable
    /// The device that carried the audio went away, for example headphones pulled out.
    case oldDeviceUnavailable
    /// The session's category, mode or options changed while it was active.
    case categoryChange
    /// The route was overridden, for example forced to the speaker.
    case override
    /// The device woke from sleep.
    case wakeFromSleep
    /// No route suits the category any more.
    case noSuitableRouteForCategory
    /// The configuration of the current route changed.
    case routeConfigurationChange

    /// The reason's name as the spec spells it.
    public var name: String { rawValue }

    /// The same as ``name``.
    public var description: String { rawValue }
}
