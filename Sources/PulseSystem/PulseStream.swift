// SPDX-License-Identifier: Zlib

/// Another program's playback stream, as the PulseAudio server reports it (a "sink input").
public struct PulseStream: Sendable, Hashable {
    /// The server's number for the stream.
    public var index: UInt32
    /// The program's name (`application.name`), when it gave one.
    public var applicationName: String?
    /// The program's process id (`application.process.id`), when it gave one.
    public var processID: Int32?
    /// The stream's `media.role` (`music`, `video`, `phone`, `event`, `game`...), or nil when it set
    /// none: lowercased, with PipeWire's names turned into PulseAudio's (``normalizedRole(_:)``).
    public var role: String?
    /// Whether the stream is paused (corked).
    public var isCorked: Bool
    /// Whether the stream is muted.
    public var isMuted: Bool

    /// Creates a description of a stream.
    ///
    /// - Parameters:
    ///   - index: The server's number for the stream.
    ///   - applicationName: The program's name.
    ///   - processID: The program's process id.
    ///   - role: The stream's media role.
    ///   - isCorked: Whether it is paused.
    ///   - isMuted: Whether it is muted.
    public init(index: UInt32, applicationName: String?, processID: Int32?, role: String?, isCorked: Bool, isMuted: Bool) {
        self.index = index
        self.applicationName = applicationName
        self.processID = processID
        self.role = role
        self.isCorked = isCorked
        self.isMuted = isMuted
    }

    /// The roles PulseAudio documents for `media.role`, the names ``role`` is given in.
    public static let knownRoles: Set<String> = ["video", "music", "game", "event", "phone", "animation",
                                                 "production", "a11y", "test"]

    /// A `media.role` as the system keeps it: trimmed and lowercased, PipeWire's names (`Movie`,
    /// `Communication`, `Notification`, `Accessibility`) turned into PulseAudio's (`video`, `phone`,
    /// `event`, `a11y`), and nil for none (absent, empty or `none`). pipewire-pulse already does
    /// this for streams it carries; PulseAudio passes a program's spelling through as it is.
    ///
    /// - Parameter raw: The property's value, or nil.
    /// - Returns: The role, or nil.
    public static func normalizedRole(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let role = raw.trimmedOfWhiteSpace.lowercased()
        switch role {
        case "", "none": return nil
        case "movie": return "video"
        case "communication": return "phone"
        case "notification": return "event"
        case "accessibility": return "a11y"
        default: return role
        }
    }

    /// Whether it is audible: neither paused nor muted.
    public var isPlaying: Bool { !isCorked && !isMuted }

    /// Whether it is a call: role `phone`. A call interrupts the game while the stream exists.
    public var isCall: Bool { role == "phone" }

    /// Whether it is someone's primary audio (roles `music` and `video`, or no role at all), which
    /// asks the game to silence its soundtrack; `event`, `a11y`, `game` and other roles do not.
    public var isPrimaryAudio: Bool {
        switch role {
        case nil, "music", "video": true
        default: false
        }
    }
}
