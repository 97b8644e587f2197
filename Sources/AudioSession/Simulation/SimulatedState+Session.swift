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

    mutating func setCategory(_ category: Category, mode: Mode, options: CategoryOptions, for id: SessionID)
        throws(AudioSessionError)
    {
        try requireServices()
        guard var record = sessions[id] else { return }
        guard (record.category, record.mode, record.options) != (category, mode, options) else { return }
        let previousRoute = route(for: record)
        record.category = category
        record.mode = mode
        record.options = options
        sessions[id] = record
        guard record.isActive else { return }
        if !record.isMixable {
            holdPeers(by: .session(id))
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
            if !record.isMixable {
                holdPeers(by: .session(id))
            }
        } else {
            guard !record.isAudioIORunning else { throw .isBusy }
            sessions[id]?.isActive = false
            releasePeers(from: .session(id), resume: options.contains(.notifyOthersOnDeactivation))
        }
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
