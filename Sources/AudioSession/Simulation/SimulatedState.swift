// SPDX-License-Identifier: Zlib
/// The whole simulated system as one value: peers, device state and every attached session.
///
/// Every operation is a mutating method that either throws before changing anything or
/// completes, appending the notifications it causes to ``outbox`` in the order they happen.
/// ``SimulatedSystem`` runs each operation on a copy under its lock and keeps the copy only
/// on success, so a failed call cannot leave a half-done change behind.
struct SimulatedState {
    var sessions: [SessionID: SessionRecord<Interrupter>] = [:]
    var nextSessionNumber: UInt64 = 0
    var phone: PhoneState = .idle
    var isAlarmRinging = false
    var music = PeerState(intends: false, category: .playback, options: [])
    var otherApp = PeerState(intends: false, category: .playback, options: [.mixWithOthers])
    var silentSwitchOn = false
    var screenLocked = false
    var appState: AppState = .foreground
    /// Whether answering the call took the app off the screen: hanging up brings it back.
    var callSentAppAway = false
    var mediaServicesAvailable = true
    var outputVolume = 0.5
    /// Pluggable ports in the order they were plugged in.
    var pluggedPorts: [Port] = []
    /// Counts publications of now-playing information (see ``SessionRecord/nowPlayingSerial``).
    var nowPlayingPublications: UInt64 = 0
    var outbox: [Delivery] = []

    init(launch: LaunchState) {
        silentSwitchOn = launch.silentSwitch
        screenLocked = launch.screenLocked
        if launch.route.isPluggable {
            pluggedPorts = [launch.route]
        }
        switch launch.otherAudio {
        case .none: break
        case .music: music.intends = true
        case .mixable: otherApp.intends = true
        }
    }

    // MARK: Derived state

    var callOrAlarmHoldsAudio: Bool { phone != .idle || isAlarmRinging }

    var isOtherAudioPlaying: Bool {
        callOrAlarmHoldsAudio || music.isPlaying || otherApp.isPlaying
    }

    var secondaryAudioHint: Bool {
        callOrAlarmHoldsAudio || music.isPlaying || (otherApp.isPlaying && !otherApp.isMixable)
    }

    var activeSessionIDs: [SessionID] {
        sessions.keys.sorted { $0.rawValue < $1.rawValue }.filter { sessions[$0]?.isActive == true }
    }

    /// The Now Playing session: of those playing with the `playback` category that published
    /// now-playing information, the latest to publish.
    var nowPlayingSessionID: SessionID? { SessionRecord.nowPlayingSession(among: sessions) }

    var allSessionIDs: [SessionID] {
        sessions.keys.sorted { $0.rawValue < $1.rawValue }
    }

    func route(for record: SessionRecord<Interrupter>) -> RouteDescription {
        let traits = CategoryRules.traits(of: record.category)
        let options = record.options
        func eligibleOutput(_ port: Port) -> Bool {
            switch port {
            case .bluetoothHFP: record.category == .playAndRecord && options.contains(.allowBluetooth)
            case .bluetoothA2DP: record.category != .playAndRecord || options.contains(.allowBluetoothA2DP)
            default: port.isOutput
            }
        }
        func eligibleInput(_ port: Port) -> Bool {
            port == .bluetoothHFP ? options.contains(.allowBluetooth) : port.isInput
        }
        let newestFirst = Array(pluggedPorts.reversed())
        var outputs: [Port] = []
        if traits.hasOutput {
            let plugged = newestFirst.filter(eligibleOutput)
            if record.category == .playAndRecord, record.outputOverride == .speaker {
                outputs = [.builtInSpeaker]
            } else if record.category == .multiRoute, !plugged.isEmpty {
                outputs = plugged
            } else if let newest = plugged.first {
                outputs = [newest]
            } else if record.category == .playAndRecord && !options.contains(.defaultToSpeaker) {
                outputs = [.builtInReceiver]
            } else {
                outputs = [.builtInSpeaker]
            }
        }
        var inputs: [Port] = []
        if traits.hasInput {
            inputs = [newestFirst.first(where: eligibleInput) ?? .builtInMic]
        }
        return RouteDescription(inputs: inputs, outputs: outputs)
    }

    func silenceCause(for record: SessionRecord<Interrupter>) -> OutputSilenceCause? {
        guard CategoryRules.traits(of: record.category).silencedBySwitchAndLock == true else { return nil }
        if silentSwitchOn { return .silentSwitch }
        if screenLocked { return .screenLocked }
        if appState != .foreground { return .background }
        return nil
    }

    /// Whether a peer's `duckOthers` lowers this session now: only an active, mixable session is
    /// ducked (a non-mixable one is neither ducked nor interrupted by a mixable peer).
    func isDucked(_ record: SessionRecord<Interrupter>) -> Bool {
        record.isActive && record.isMixable && otherApp.isPlaying && otherApp.options.contains(.duckOthers)
    }

    /// The I/O buffer the session has now: what it was granted at activation, or the power-saving
    /// 4096 frames while the screen is locked and it plays.
    func ioBufferDuration(of record: SessionRecord<Interrupter>, sampleRate: Double) -> Double {
        if screenLocked, record.isActive, record.isAudioIORunning {
            return SimulatedHardware.lockedBufferFrames / sampleRate
        }
        return record.grantedIOBufferDuration > 0
            ? record.grantedIOBufferDuration : SimulatedHardware.defaultBufferFrames / sampleRate
    }

    func status(of id: SessionID) -> SessionStatus {
        guard let record = sessions[id] else {
            preconditionFailure("\(id) is not attached to this system")
        }
        let route = route(for: record)
        let sampleRate = record.grantedSampleRate > 0 ? record.grantedSampleRate : SimulatedHardware.defaultSampleRate
        return SessionStatus(
            category: record.category, mode: record.mode, categoryOptions: record.options,
            isActive: record.isActive, isInterrupted: record.interruptedBy != nil,
            isOtherAudioPlaying: isOtherAudioPlaying, secondaryAudioShouldBeSilencedHint: secondaryAudioHint,
            currentRoute: route, outputVolume: outputVolume,
            preferredSampleRate: record.preferredSampleRate, sampleRate: sampleRate,
            preferredIOBufferDuration: record.preferredIOBufferDuration,
            ioBufferDuration: ioBufferDuration(of: record, sampleRate: sampleRate),
            outputLatency: SimulatedHardware.outputLatency(of: route.outputs.first),
            isAudioIORunning: record.isAudioIORunning,
            prefersInterruptionOnRouteDisconnect: record.prefersInterruptionOnRouteDisconnect,
            outputSilenceCause: silenceCause(for: record),
            mayRunOutput: record.isActive && record.interruptedBy == nil && mediaServicesAvailable,
            routeSharingPolicy: record.routeSharingPolicy, isDucked: isDucked(record),
            nowPlayingInfo: record.nowPlayingInfo, isNowPlaying: nowPlayingSessionID == id)
    }

    // MARK: Building blocks

    mutating func post(_ notification: AudioSessionNotification, to id: SessionID) {
        guard let record = sessions[id] else { return }
        outbox.append(Delivery(session: id, notification: notification, deliver: record.deliver))
    }

    mutating func releasePeers(from holder: Holder, resume: Bool) {
        music.release(holder, resume: resume)
        otherApp.release(holder, resume: resume)
    }

    /// A call or an alarm takes the audio from every peer.
    mutating func holdPeers(by holder: Holder) {
        if music.intends { music.holders.insert(holder) }
        if otherApp.intends { otherApp.holders.insert(holder) }
    }

    /// A non-mixable session of ours interrupts only the peers that do not mix; mixable peers play on.
    mutating func holdNonMixablePeers(by id: SessionID) {
        if music.intends, !music.isMixable { music.holders.insert(.session(id)) }
        if otherApp.intends, !otherApp.isMixable { otherApp.holders.insert(.session(id)) }
    }

    /// The system deactivates a session: first it becomes inactive, then it hears `began`
    /// (or, when the app is suspended, hears it on returning to the foreground).
    mutating func interrupt(_ id: SessionID, by interrupter: Interrupter) {
        guard var record = sessions[id], record.isActive else { return }
        record.isActive = false
        record.interruptedBy = interrupter
        sessions[id] = record
        releasePeers(from: .session(id), resume: false)
        switch interrupter {
        case .appSuspended:
            sessions[id]?.pendingSuspendedBegan = true
        case .routeDisconnected:
            post(.interruptionBegan(reason: .routeDisconnected, wasSuspended: false), to: id)
        case .phone, .alarm, .music, .otherApp:
            post(.interruptionBegan(reason: .default, wasSuspended: false), to: id)
        }
    }

    /// Ends the interruptions an interrupter caused. If a call or an alarm still holds the
    /// audio, the sessions stay interrupted and wait for that instead (no end yet).
    mutating func endInterruptions(by interrupter: Interrupter, shouldResume: Bool) {
        let stillHeldBy: Interrupter? = phone != .idle ? .phone : (isAlarmRinging ? .alarm : nil)
        for id in allSessionIDs where sessions[id]?.interruptedBy == interrupter {
            if let stillHeldBy {
                sessions[id]?.interruptedBy = stillHeldBy
            } else {
                sessions[id]?.interruptedBy = nil
                post(.interruptionEnded(shouldResume: shouldResume), to: id)
            }
        }
    }

    /// Interrupts the active sessions that silence others (when another app's non-mixable audio starts).
    mutating func interruptNonMixableSessions(by interrupter: Interrupter) {
        for id in activeSessionIDs where sessions[id]?.isMixable == false {
            interrupt(id, by: interrupter)
        }
    }

    mutating func interruptAllSessions(by interrupter: Interrupter) {
        for id in activeSessionIDs {
            interrupt(id, by: interrupter)
        }
    }

    mutating func postHintIfFlipped(from before: Bool) {
        let now = secondaryAudioHint
        guard now != before, appState == .foreground else { return }
        for id in activeSessionIDs {
            post(.silenceSecondaryAudioHint(began: now), to: id)
        }
    }
}
