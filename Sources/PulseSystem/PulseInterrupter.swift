// SPDX-License-Identifier: Zlib
import AudioSession

/// Why the PulseAudio system interrupted one of its sessions.
enum PulseInterrupter: Equatable, Sendable {
    /// A `phone`-role stream exists.
    case call
    /// The session's output device went away and it asked to be interrupted then.
    case routeDisconnected
}

/// What the PulseAudio system keeps for one attached session.
typealias PulseSessionRecord = SessionRecord<PulseInterrupter>
