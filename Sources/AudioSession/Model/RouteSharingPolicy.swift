// SPDX-License-Identifier: Zlib
/// How a session shares the output route with other apps.
///
/// Only `playback` may set anything but ``default`` (see ``CategoryRules/routeSharingPolicies``);
/// ``independent`` is the system's own and can be read but never set.
public enum RouteSharingPolicy: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The route follows the system's usual rules.
    case `default`
    /// Long-form audio (music, podcasts) that the system may route to a speaker of the player's choice.
    case longFormAudio
    /// Long-form video, routed like ``longFormAudio``.
    case longFormVideo
    /// The system's own policy for sessions it manages itself; an app cannot set it.
    case independent

    /// The policy's name as scenario files and logs spell it.
    public var name: String { rawValue }

    /// The same as ``name``.
    public var description: String { rawValue }
}
