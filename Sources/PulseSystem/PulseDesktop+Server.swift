// SPDX-License-Identifier: Zlib
import AudioSession

/// What the server reports, turned into the notifications an iOS session would hear.
extension PulseDesktop {
    /// What a server event is compared against, taken before the event is applied. The route is
    /// the one last reported, not the one before this event: the default sink can change over
    /// several events (PipeWire removes its placeholder sink, names the new default, then describes
    /// it), and the route change compares the settled state before them with the settled state after.
    struct Before {
        let call: Bool
        let hint: Bool
        let routeKey: String
        let defaultSinkName: String?
        let defaultSinkPort: String?
        let routes: [(SessionID, RouteDescription)]
        let nowPlaying: SessionID?
    }

    func before() -> Before {
        Before(call: callInProgress, hint: secondaryAudioHint, routeKey: reportedRoute.key,
               defaultSinkName: reportedRoute.sinkName,
               defaultSinkPort: defaultSink?.activePort,
               routes: activeSessionIDs.compactMap { id in sessions[id].map { (id, route(for: $0)) } },
               nowPlaying: nowPlayingSessionID)
    }

    /// Posts what changed since `before`: a call beginning or ending, a route change, the hint.
    mutating func postChanges(since before: Before) {
        guard serverAvailable else { return }
        let call = callInProgress
        if call && !before.call {
            for id in activeSessionIDs { interrupt(id, by: .call) }
        } else if !call && before.call {
            for id in allSessionIDs where sessions[id]?.interruptedBy == .call {
                sessions[id]?.interruptedBy = nil
                post(.interruptionEnded(shouldResume: true), to: id)
            }
        }
        // A default sink that was just removed, or is not listed yet, or pipewire-pulse's unnamed
        // default among several sinks, is not a route yet: the server names the new default next.
        if !defaultSinkUnresolved, routeKey != before.routeKey {
            let reason = routeChangeReason(since: before)
            sinksAddedSinceRouteChange = []
            reportedRoute = (defaultSinkName, routeKey)
            // The Now Playing session as it was before the route changed (iOS 17 and later).
            let nowPlaying = before.nowPlaying
            for (id, previous) in before.routes where sessions[id]?.isActive == true {
                post(.routeChanged(reason: reason, previous: previous), to: id)
                if reason == .oldDeviceUnavailable,
                   sessions[id]?.isInterruptedByRouteDisconnect(id, nowPlaying: nowPlaying) == true {
                    interrupt(id, by: .routeDisconnected)
                }
            }
        }
        let hint = secondaryAudioHint
        if hint != before.hint {
            for id in activeSessionIDs { post(.silenceSecondaryAudioHint(began: hint), to: id) }
        }
    }

    /// Another device chosen: the old one gone means unplugged, a new one means plugged in, and
    /// otherwise the user picked it. The same device: its port unplugged, or another port taken.
    /// A placeholder giving way to a new device (PipeWire's `auto_null`, see
    /// ``PulseSink/isPlaceholder(_:)``) is that device plugged in, not the placeholder unplugged.
    func routeChangeReason(since before: Before) -> RouteChangeReason {
        if defaultSinkName != before.defaultSinkName {
            if let new = defaultSinkName, sinksAddedSinceRouteChange.contains(new),
               let old = before.defaultSinkName, PulseSink.isPlaceholder(old) {
                return .newDeviceAvailable
            }
            if let old = before.defaultSinkName, !sinks.values.contains(where: { $0.name == old }) {
                return .oldDeviceUnavailable
            }
            if let new = defaultSinkName, sinksAddedSinceRouteChange.contains(new) { return .newDeviceAvailable }
            return .override
        }
        guard let sink = defaultSink else { return .unknown }
        if let oldPort = before.defaultSinkPort, sink.portAvailability[oldPort] == .some(false) {
            return .oldDeviceUnavailable
        }
        if sink.activePort != before.defaultSinkPort { return .newDeviceAvailable }
        return .routeConfigurationChange
    }

    /// The server went away: every session is deactivated and hears `mediaServicesLost`.
    mutating func loseServer() {
        guard serverAvailable else { return }
        serverAvailable = false
        streams = [:]
        sinks = [:]
        serverDefaultSinkName = nil
        reportedRoute = (nil, "")
        sinksAddedSinceRouteChange = []
        for id in allSessionIDs {
            sessions[id]?.isActive = false
            sessions[id]?.interruptedBy = nil
            post(.mediaServicesLost, to: id)
        }
    }

    /// The server's state is loaded: the first time quietly, after a loss with `mediaServicesReset`
    /// and every session back to its defaults.
    mutating func serverLoaded(afterLoss: Bool) {
        serverAvailable = true
        sinksAddedSinceRouteChange = []
        reportedRoute = (defaultSinkName, routeKey)
        guard afterLoss else { return }
        for id in allSessionIDs {
            sessions[id]?.resetToDefaults()
            post(.mediaServicesReset, to: id)
        }
    }

    mutating func upsertSink(_ sink: PulseSink) {
        if sinks[sink.index] == nil { sinksAddedSinceRouteChange.insert(sink.name) }
        sinks[sink.index] = sink
    }
}
