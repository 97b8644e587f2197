/// A notification bound for one session's delivery closure.
struct Delivery: Sendable {
    let session: SessionID
    let notification: AudioSessionNotification
    let deliver: @Sendable (AudioSessionNotification) -> Void
}
