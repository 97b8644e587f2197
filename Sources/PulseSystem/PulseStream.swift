/// Another program's playback stream, as the PulseAudio server reports it (a "sink input").
public struct PulseStream: Sendable, Hashable {
    /// The server's number for the stream.
    public var index: UInt32
    /// The program's name (`application.name`), when it gave one.
    public var applicationName: String?
    /// The program's process id (`application.process.id`), when it gave one.
    public var processID: Int32?
    /// The stream's `media.role` (`music`, `video`, `phone`, `event`, `game`...), or nil when it set none.
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

    /// Whether it is audible: neither paused nor muted.
    public var isPlaying: Bool { !isCorked && !isMuted }

    /// Whether it is a call: role `phone`. A call interrupts the game while the stream exists.
    public var isCall: Bool { role == "phone" }

    /// Whether it is someone's primary audio (roles `music` and `video`, or no role at all), which
    /// asks the game to silence its soundtrack; `event`, `a11y`, `game` and other roles do not.
    public var isPrimaryAudio: Bool {
        switch role {
        case nil, "", "none", "music", "video": true
        default: false
        }
    }
}
