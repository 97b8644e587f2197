// SPDX-License-Identifier: Zlib
import AudioSession

/// The requests a session makes; none of them needs to talk to the server.
extension PulseDesktop {
    mutating func attach(deliver: @escaping @Sendable (AudioSessionNotification) -> Void) -> SessionID {
        nextSessionNumber += 1
        let id = SessionID(rawValue: nextSessionNumber)
        sessions[id] = PulseSessionRecord(deliver: deliver)
        return id
    }

    mutating func detach(_ id: SessionID) {
        sessions[id] = nil
    }

    func requireServer() throws(AudioSessionError) {
        guard serverAvailable else { throw .mediaServicesFailed }
    }

    mutating func setCategory(
        _ category: Category, mode: Mode, policy: RouteSharingPolicy, options: CategoryOptions, for id: SessionID
    ) throws(AudioSessionError) {
        try requireServer()
        guard var record = sessions[id] else { return }
        let previousRoute = route(for: record)
        guard record.setCategory(category, mode: mode, policy: policy, options: options) else { return }
        sessions[id] = record
        if record.isActive {
            post(.routeChanged(reason: .categoryChange, previous: previousRoute), to: id)
        }
    }

    /// Activation is refused during a call; the desktop never pauses other programs for us, so
    /// a non-mixable category only hears the secondary-audio hint.
    mutating func setActive(_ active: Bool, for id: SessionID) throws(AudioSessionError) {
        try requireServer()
        guard let record = sessions[id], record.isActive != active else { return }
        if active {
            guard !callInProgress else { throw .insufficientPriority }
            sessions[id]?.isActive = true
            sessions[id]?.interruptedBy = nil
        } else {
            guard !record.isAudioIORunning else { throw .isBusy }
            sessions[id]?.isActive = false
        }
    }

    mutating func setPreferredSampleRate(_ hertz: Double, for id: SessionID) throws(AudioSessionError) {
        try requireServer()
        try sessions[id]?.setPreferredSampleRate(hertz)
    }

    mutating func setPreferredIOBufferDuration(_ seconds: Double, for id: SessionID) throws(AudioSessionError) {
        try requireServer()
        try sessions[id]?.setPreferredIOBufferDuration(seconds)
    }
}
