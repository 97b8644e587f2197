import AudioSession

/// A notification bound for one session's delivery closure.
struct PulseDelivery: Sendable {
    let notification: AudioSessionNotification
    let deliver: @Sendable (AudioSessionNotification) -> Void
}
