// SPDX-License-Identifier: Zlib
/// The requests a session makes of the system.
extension SimulatedState {
    mutating func attach(deliver: @escaping @Sendable (AudioSessionNotification) -> Void) -> SessionID {
        nextSessionNumber += 1
        let id = SessionID(rawValue: nextSessionNumber)
        sessions[id] = SessionRecord<Interrupter>(deliver: deliver)
        return id
    }

    mutating func detach(_ id: SessionID) {
        guard let record = sessions.removeValue(forKey: id) else { return }
        if record.isActive {
            releasePeers(from: .session(id), resume: false)
        }
    }

    func requireServices() throws(AudioSessionError) {
        guard mediaServicesAvailable else { throw .mediaServicesFailed }
    }

    mutating func setCategory(
        _ category: Category, mode: Mode, policy: RouteSharingPolicy, options: CategoryOptions, for id: SessionID
    ) throws(AudioSessionError) {
        try requireServices()
        guard var record = sessions[id] else { return }
        let previousRoute = route(for: record)
        guard record.setCategory(category, mode: mode, policy: policy, options: options) else { return }
        sessions[id] = record
        guard record.isActive else { return }
        if !record.isMixable {
            holdNonMixablePeers(by: id)
        }
        post(.routeChanged(reason: .categoryChange, previous: previousRoute), to: id)
    }

    mutating func setActive(_ active: Bool, options: SetActiveOptions, for id: SessionID) throws(AudioSessionError) {
        try requireServices()
        guard let record = sessions[id], record.isActive != active else { return }
        if active {
            guard !callOrAlarmHoldsAudio else { throw .insufficientPriority }
            guard appState == .foreground || record.isMixable else { throw .cannotInterruptOthers }
            sessions[id]?.isActive = true
            sessions[id]?.interruptedBy = nil
            sessions[id]?.pendingSuspendedBegan = false
            grantPreferences(to: id)
            if !record.isMixable {
                holdNonMixablePeers(by: id)
            }
        } else {
            guard !record.isAudioIORunning else { throw .isBusy }
            sessions[id]?.isActive = false
            releasePeers(from: .session(id), resume: options.contains(.notifyOthersOnDeactivation))
        }
    }

    /// Preferences are requests: the hardware takes the nearest values it supports when the session activates.
    private mutating func grantPreferences(to id: SessionID) {
        guard let record = sessions[id] else { return }
        let rate = SimulatedHardware.grantedSampleRate(preferred: record.preferredSampleRate)
        sessions[id]?.grantedSampleRate = rate
        sessions[id]?.grantedIOBufferDuration = SimulatedHardware.grantedIOBufferDuration(
            preferred: record.preferredIOBufferDuration, sampleRate: rate)
    }

    /// Moves a `playAndRecord` session's output to the speaker, or back to its category's route.
    mutating func overrideOutput(_ port: OutputPortOverride, for id: SessionID) throws(AudioSessionError) {
        try requireServices()
        guard let record = sessions[id] else { return }
        guard record.category == .playAndRecord else { throw .badParam }
        guard record.outputOverride != port else { return }
        let previousRoute = route(for: record)
        sessions[id]?.outputOverride = port
        guard record.isActive, let updated = sessions[id], route(for: updated) != previousRoute else { return }
        post(.routeChanged(reason: .override, previous: previousRoute), to: id)
    }

    mutating func setPreferredSampleRate(_ hertz: Double, for id: SessionID) throws(AudioSessionError) {
        try requireServices()
        try sessions[id]?.setPreferredSampleRate(hertz)
    }

    mutating func setPreferredIOBufferDuration(_ seconds: Double, for id: SessionID) throws(AudioSessionError) {
        try requireServices()
        try sessions[id]?.setPreferredIOBufferDuration(seconds)
    }
}

extension SimulatedState {
    /// Publishes, changes or withdraws a session's now-playing information.
    mutating func setNowPlayingInfo(_ info: NowPlayingInfo?, for id: SessionID) {
        sessions[id]?.setNowPlayingInfo(info, publications: &nowPlayingPublications)
    }
}
