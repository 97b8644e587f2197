// SPDX-License-Identifier: Zlib
/// A notification bound for one session's delivery closure.
package struct Delivery: Sendable {
    package let session: SessionID
    package let notification: AudioSessionNotification
    package let deliver: @Sendable (AudioSessionNotification) -> Void

    package init(session: SessionID, notification: AudioSessionNotification,
                 deliver: @escaping @Sendable (AudioSessionNotification) -> Void) {
        self.session = session
        self.notification = notification
        self.deliver = deliver
    }
}
