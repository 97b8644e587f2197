import AudioSession

/// What the PulseAudio system keeps for one attached session.
struct PulseSessionRecord {
    /// Why a session is interrupted.
    enum Interrupter: Equatable {
        /// A `phone`-role stream exists.
        case call
        /// The session's output device went away and it asked to be interrupted then.
        case routeDisconnected
    }

    let deliver: @Sendable (AudioSessionNotification) -> Void
    var category: Category = .soloAmbient
    var mode: Mode = .default
    var options: CategoryOptions = []
    var isActive = false
    var interruptedBy: Interrupter?
    var preferredSampleRate: Double = 0
    var preferredIOBufferDuration: Double = 0
    var isAudioIORunning = false
    var prefersInterruptionOnRouteDisconnect = false

    init(deliver: @escaping @Sendable (AudioSessionNotification) -> Void) {
        self.deliver = deliver
    }

    /// Back to the state of a newly attached session (after the server came back).
    mutating func resetToDefaults() {
        self = PulseSessionRecord(deliver: deliver)
    }
}
