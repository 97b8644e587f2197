// SPDX-License-Identifier: Zlib
/// The system's own actions: the `system` vocabulary of scenario files.
extension SimulatedState {
    mutating func perform(_ action: SystemAction) throws(SystemActionError) {
        func refuse(_ reason: SystemActionError.Reason) -> SystemActionError {
            SystemActionError(action: action, reason: reason)
        }
        switch action {
        case .phoneRing:
            guard phone == .idle else { throw refuse(.callAlreadyInProgress) }
            phone = .ringing
            holdPeers(by: .phone)
            interruptAllSessions(by: .phone)
        case .phoneAccept:
            guard phone == .ringing else { throw refuse(.noRingingCall) }
            phone = .inCall
            // The call's screen takes over: the app goes to the background, where nothing of it plays.
            if appState == .foreground {
                sendAppToBackground()
                callSentAppAway = true
            }
        case .phoneDecline:
            guard phone == .ringing else { throw refuse(.noRingingCall) }
            phone = .idle
            releasePeers(from: .phone, resume: true)
            endInterruptions(by: .phone, shouldResume: true)
        case .phoneHangUp:
            guard phone == .inCall else { throw refuse(.noCallInProgress) }
            phone = .idle
            releasePeers(from: .phone, resume: true)
            // An answered call never ends the interruption it began: the sessions stay interrupted
            // until the app reactivates them (handed on to an alarm that still rings, if any).
            if isAlarmRinging {
                for id in allSessionIDs where sessions[id]?.interruptedBy == .phone {
                    sessions[id]?.interruptedBy = .alarm
                }
            }
            if callSentAppAway, appState != .foreground {
                bringAppToForeground()
            }
            callSentAppAway = false
        case .alarmFire:
            guard !isAlarmRinging else { throw refuse(.alarmAlreadyRinging) }
            isAlarmRinging = true
            holdPeers(by: .alarm)
            interruptAllSessions(by: .alarm)
        case .alarmDismiss:
            guard isAlarmRinging else { throw refuse(.alarmNotRinging) }
            isAlarmRinging = false
            releasePeers(from: .alarm, resume: true)
            endInterruptions(by: .alarm, shouldResume: true)
        case .musicPlay:
            guard !music.isPlaying else { throw refuse(.musicAlreadyPlaying) }
            guard !callOrAlarmHoldsAudio else { throw refuse(.audioHeldByCallOrAlarm) }
            music.intends = true
            music.holders = []
            interruptNonMixableSessions(by: .music)
        case .musicPause:
            guard music.intends else { throw refuse(.musicNotPlaying) }
            music.intends = false
            music.holders = []
            endInterruptions(by: .music, shouldResume: true)
        case .otherAppActivate(let category, let options):
            guard CategoryRules.isValid(category, mode: .default, options: options) else {
                throw refuse(.invalidCategoryOptions)
            }
            guard !callOrAlarmHoldsAudio else { throw refuse(.audioHeldByCallOrAlarm) }
            // Also when the other app is already active: as on iOS, an app may activate again or
            // change its category or options while active (a navigation app turns on duckOthers
            // for a prompt and back off after). It takes the audio back from a session of ours that
            // held it, and whom it interrupted before stays interrupted until it deactivates.
            otherApp = PeerState(intends: true, category: category, options: options)
            if !otherApp.isMixable {
                interruptNonMixableSessions(by: .otherApp)
            }
        case .otherAppDeactivate(let notifyOthers):
            guard otherApp.intends else { throw refuse(.otherAppNotActive) }
            otherApp.intends = false
            otherApp.holders = []
            endInterruptions(by: .otherApp, shouldResume: notifyOthers)
        case .silentSwitchOn, .silentSwitchOff:
            silentSwitchOn = action == .silentSwitchOn
        case .screenLock, .screenUnlock:
            screenLocked = action == .screenLock
        case .routePlug(let port):
            guard port.isPluggable else { throw refuse(.portNotPluggable) }
            guard !pluggedPorts.contains(port) else { throw refuse(.portAlreadyPlugged) }
            changeRoutes(reason: .newDeviceAvailable) { $0.pluggedPorts.append(port) }
        case .routeUnplug(let port):
            guard port.isPluggable else { throw refuse(.portNotPluggable) }
            guard pluggedPorts.contains(port) else { throw refuse(.portNotPlugged) }
            // The Now Playing session as it was before the route changed (iOS 17 and later).
            let nowPlaying = nowPlayingSessionID
            let previous = changeRoutes(reason: .oldDeviceUnavailable) { $0.pluggedPorts.removeAll { $0 == port } }
            for (id, route) in previous
            where route.outputs.contains(port)
                && sessions[id]?.isInterruptedByRouteDisconnect(id, nowPlaying: nowPlaying) == true {
                interrupt(id, by: .routeDisconnected)
            }
        case .mediaServicesLose:
            guard mediaServicesAvailable else { throw refuse(.mediaServicesAlreadyLost) }
            loseMediaServices()
        case .mediaServicesReset:
            if mediaServicesAvailable {
                loseMediaServices()
            }
            mediaServicesAvailable = true
            for id in allSessionIDs {
                sessions[id]?.resetToDefaults()
                post(.mediaServicesReset, to: id)
            }
        case .appBackground:
            guard appState == .foreground else { throw refuse(.appNotInForeground) }
            sendAppToBackground()
        case .appForeground:
            guard appState != .foreground else { throw refuse(.appAlreadyInForeground) }
            bringAppToForeground()
            callSentAppAway = false
        case .volumeSet(let value):
            guard value.isFinite, (0...1).contains(value) else { throw refuse(.volumeOutOfRange) }
            outputVolume = value
        case .sessionOverrideOutput(let port):
            let ids = allSessionIDs.filter { sessions[$0]?.category == .playAndRecord }
            guard !ids.isEmpty else { throw refuse(.noPlayAndRecordSession) }
            for id in ids {
                // Fails only while media services are lost: there is no route to move then, and
                // the reset puts every session back to its defaults anyway.
                try? overrideOutput(port, for: id)
            }
        }
    }

    /// The app leaves the screen. It keeps running only while a session of a category that plays in
    /// the background is active and actually plays (its audio I/O runs); otherwise it is suspended
    /// and its active sessions are interrupted, told when it comes back.
    private mutating func sendAppToBackground() {
        let keepsRunning = activeSessionIDs.contains { id in
            guard let record = sessions[id] else { return false }
            return CategoryRules.traits(of: record.category).keepsRunningInBackground && record.isAudioIORunning
        }
        if keepsRunning {
            appState = .background
        } else {
            appState = .suspended
            interruptAllSessions(by: .appSuspended)
        }
    }

    /// The app returns to the screen; a suspended app now hears of the interruption it slept through.
    private mutating func bringAppToForeground() {
        appState = .foreground
        for id in allSessionIDs where sessions[id]?.pendingSuspendedBegan == true {
            sessions[id]?.pendingSuspendedBegan = false
            post(.interruptionBegan(reason: .appWasSuspended, wasSuspended: true), to: id)
        }
    }

    /// Applies a change to the plugged ports and tells every active session whose route
    /// changed; returns the routes the active sessions had before.
    @discardableResult
    private mutating func changeRoutes(
        reason: RouteChangeReason, _ change: (inout SimulatedState) -> Void
    ) -> [(SessionID, RouteDescription)] {
        let before = activeSessionIDs.compactMap { id in sessions[id].map { (id, route(for: $0)) } }
        change(&self)
        for (id, previous) in before {
            guard let record = sessions[id], route(for: record) != previous else { continue }
            post(.routeChanged(reason: reason, previous: previous), to: id)
        }
        return before
    }

    private mutating func loseMediaServices() {
        mediaServicesAvailable = false
        for id in allSessionIDs {
            if sessions[id]?.isActive == true {
                releasePeers(from: .session(id), resume: false)
            }
            sessions[id]?.isActive = false
            sessions[id]?.interruptedBy = nil
            sessions[id]?.pendingSuspendedBegan = false
            post(.mediaServicesLost, to: id)
        }
    }
}
