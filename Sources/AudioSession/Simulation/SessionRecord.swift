/// What the simulated system knows about one attached session.
struct SessionRecord {
    let deliver: @Sendable (AudioSessionNotification) -> Void
    var category: Category = .soloAmbient
    var mode: Mode = .default
    var options: CategoryOptions = []
    var isActive = false
    var interruptedBy: Interrupter?
    var pendingSuspendedBegan = false
    var preferredSampleRate: Double = 0
    var preferredIOBufferDuration: Double = 0
    var isAudioIORunning = false
    var prefersInterruptionOnRouteDisconnect = false

    init(deliver: @escaping @Sendable (AudioSessionNotification) -> Void) {
        self.deliver = deliver
    }

    var isMixable: Bool { CategoryRules.isMixable(category, options: options) }

    /// Back to the state of a newly attached session (after a media-services reset).
    mutating func resetToDefaults() {
        self = SessionRecord(deliver: deliver)
    }
}
