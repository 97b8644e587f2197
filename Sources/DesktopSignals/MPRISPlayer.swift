// SPDX-License-Identifier: Zlib
/// One MPRIS player on the session bus, as the watcher last heard it.
struct MPRISPlayer: Sendable, Equatable {
    /// Its well-known name, `org.mpris.MediaPlayer2.mpv` for example.
    let name: String
    /// Its `PlaybackStatus`: `Playing`, `Paused` or `Stopped`.
    var status: String

    /// The three values MPRIS allows.
    static let statuses: Set<String> = ["Playing", "Paused", "Stopped"]
}
