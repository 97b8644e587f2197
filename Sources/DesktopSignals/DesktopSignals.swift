// SPDX-License-Identifier: Zlib
import AudioSession

/// What the desktop's watchers last reported, and what each attached session has heard of it.
///
/// Each change is a mutating method that appends the notifications it causes to ``outbox``;
/// ``DesktopSignalsSystem`` runs it under its lock and delivers after releasing it.
struct DesktopSignals {
    /// What one session has heard.
    struct Listener {
        let deliver: @Sendable (AudioSessionNotification) -> Void
        /// The hint as the wrapped system last said it.
        var baseHint = false
        /// Interrupted by the machine going to sleep, and not yet told it woke.
        var interruptedBySleep = false
        /// Deactivated when the app was suspended (its window went to the background), and not
        /// activated since.
        var interruptedBySuspension = false
        /// Has not yet heard of that suspension: it does when the app comes back on screen.
        var suspensionNoticePending = false
    }

    /// MPRIS players (unique bus names) whose `PlaybackStatus` is `Playing`, the game's own excepted.
    var playingPlayers: Set<String> = []
    /// Whether logind says the game's session is locked.
    var locked = false
    /// Between `PrepareForSleep(true)` and `PrepareForSleep(false)`.
    var asleep = false
    /// Where the app stands, as the game's window says (``moveApp(onScreen:keepsRunning:)``).
    var appState: AppState = .foreground
    var listeners: [SessionID: Listener] = [:]
    /// Sessions that published now-playing information, in the order they first published: the
    /// game's MPRIS player shows the last one's, and its commands go to that session.
    var nowPlaying: [(id: SessionID, info: NowPlayingInfo)] = []
    /// Moves with every change a session reads in its status.
    var version: UInt64 = 0
    var outbox: [Delivery] = []

    var musicPlaying: Bool { !playingPlayers.isEmpty }

    /// The hint a session hears: the wrapped system's, or an MPRIS player playing.
    func hint(_ listener: Listener) -> Bool { listener.baseHint || musicPlaying }

    mutating func post(_ notification: AudioSessionNotification, to id: SessionID) {
        guard let listener = listeners[id] else { return }
        outbox.append(Delivery(session: id, notification: notification, deliver: listener.deliver))
    }

    /// The MPRIS players playing changed: active sessions hear the hint if the change moves it.
    mutating func setPlayingPlayers(_ players: Set<String>, active: (SessionID) -> Bool) {
        let before = listeners.mapValues { hint($0) }
        playingPlayers = players
        version &+= 1
        for id in listeners.keys.sorted(by: { $0.rawValue < $1.rawValue }) where active(id) {
            guard let listener = listeners[id], hint(listener) != before[id] else { continue }
            postHint(hint(listener), to: id)
        }
    }

    /// The hint's notification reaches only an app on screen; one off screen reads the hint
    /// itself when it comes back.
    private mutating func postHint(_ began: Bool, to id: SessionID) {
        guard appState == .foreground else { return }
        post(.silenceSecondaryAudioHint(began: began), to: id)
    }

    /// The wrapped system's hint notification: passed on only if the combined hint moves.
    mutating func baseHint(_ began: Bool, for id: SessionID) {
        guard var listener = listeners[id] else { return }
        let before = hint(listener)
        listener.baseHint = began
        listeners[id] = listener
        if hint(listener) != before { postHint(hint(listener), to: id) }
    }

    /// A notification of the wrapped system: the hint merged with the players', the rest passed on.
    mutating func fromBase(_ notification: AudioSessionNotification, for id: SessionID) {
        if case .silenceSecondaryAudioHint(let began) = notification {
            baseHint(began, for: id)
        } else {
            post(notification, to: id)
        }
    }

    /// A session published, changed or withdrew its now-playing information.
    ///
    /// - Returns: What the game's MPRIS player shows now, or nil for no player.
    mutating func setNowPlayingInfo(_ info: NowPlayingInfo?, for id: SessionID) -> NowPlayingInfo? {
        if let info, let index = nowPlaying.firstIndex(where: { $0.id == id }) {
            nowPlaying[index].info = info
        } else if let info {
            nowPlaying.append((id, info))
        } else {
            nowPlaying.removeAll { $0.id == id }
        }
        return nowPlaying.last?.info
    }

    /// A command from the desktop's media controls, for the session the player shows.
    mutating func remoteCommand(_ command: RemoteCommand) {
        guard let id = nowPlaying.last?.id else { return }
        post(.remoteCommand(command), to: id)
    }

    mutating func setLocked(_ locked: Bool) {
        guard locked != self.locked else { return }
        self.locked = locked
        version &+= 1
    }

    /// The machine goes to sleep (active sessions are interrupted) or has woken (they hear the end).
    mutating func setAsleep(_ asleep: Bool, active: (SessionID) -> Bool) {
        guard asleep != self.asleep else { return }
        self.asleep = asleep
        version &+= 1
        for id in listeners.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            if asleep, active(id), listeners[id]?.interruptedBySuspension != true {
                listeners[id]?.interruptedBySleep = true
                post(.interruptionBegan(reason: .systemSleep, wasSuspended: false), to: id)
            } else if !asleep, listeners[id]?.interruptedBySleep == true {
                listeners[id]?.interruptedBySleep = false
                post(.interruptionEnded(shouldResume: true), to: id)
            }
        }
    }

    /// The game's window left the screen or came back (``AppLifecycleSystem``). Leaving, the app
    /// stays running (``AppState/background``) if a session keeps it running, else it is suspended
    /// and its active sessions are deactivated, to hear of it on the way back.
    ///
    /// - Parameters:
    ///   - onScreen: Whether the app is on screen now.
    ///   - keepsRunning: Whether a session is active with a category that plays in the background
    ///     and runs its audio I/O.
    ///   - active: Whether a session is active now.
    mutating func moveApp(onScreen: Bool, keepsRunning: Bool, active: (SessionID) -> Bool) {
        guard onScreen != (appState == .foreground) else { return }
        version &+= 1
        let ids = listeners.keys.sorted { $0.rawValue < $1.rawValue }
        if onScreen {
            appState = .foreground
            for id in ids where listeners[id]?.suspensionNoticePending == true {
                listeners[id]?.suspensionNoticePending = false
                post(.interruptionBegan(reason: .appWasSuspended, wasSuspended: true), to: id)
            }
        } else if keepsRunning {
            appState = .background
        } else {
            appState = .suspended
            for id in ids where active(id) && listeners[id]?.interruptedBySleep != true {
                listeners[id]?.interruptedBySuspension = true
                listeners[id]?.suspensionNoticePending = true
            }
        }
    }

    /// A session was activated: whatever interrupted it is over.
    mutating func activated(_ id: SessionID, hint: Bool) {
        listeners[id]?.interruptedBySleep = false
        listeners[id]?.interruptedBySuspension = false
        listeners[id]?.suspensionNoticePending = false
        listeners[id]?.baseHint = hint
    }

    /// A session's status as the wrapped system reports it, with what the watchers add.
    func status(_ base: SessionStatus, of id: SessionID) -> SessionStatus {
        var status = base
        if musicPlaying {
            status.isOtherAudioPlaying = true
            status.secondaryAudioShouldBeSilencedHint = true
        }
        if locked, status.outputSilenceCause == nil,
           CategoryRules.traits(of: status.category).silencedBySwitchAndLock == true {
            status.outputSilenceCause = .screenLocked
        }
        if appState != .foreground, status.outputSilenceCause == nil,
           CategoryRules.traits(of: status.category).silencedBySwitchAndLock == true {
            status.outputSilenceCause = .background
        }
        if listeners[id]?.interruptedBySleep == true || listeners[id]?.interruptedBySuspension == true {
            status.isActive = false
            status.isInterrupted = true
            status.mayRunOutput = false
        }
        return status
    }
}
