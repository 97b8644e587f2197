// SPDX-License-Identifier: Zlib
import AudioSession

/// Everything the PulseAudio system knows, as one value: the server's streams and devices as last
/// reported, and every attached session.
///
/// Each change is a mutating method that appends the notifications it causes to ``outbox`` in the
/// order they happen; ``PulseSystem`` runs it under its lock and delivers after releasing it.
struct PulseDesktop {
    var sessions: [SessionID: PulseSessionRecord] = [:]
    var nextSessionNumber: UInt64 = 0
    /// Our own process: streams from it are the game's, never "other audio".
    let ownProcessID: Int32
    /// Whether the server is connected and its state loaded.
    var serverAvailable = false
    var streams: [UInt32: PulseStream] = [:]
    var sinks: [UInt32: PulseSink] = [:]
    /// The default sink's name as the server last gave it; ``defaultSinkName`` is what it means.
    var serverDefaultSinkName: String?
    /// The default sink and route key that sessions last heard about (or that the server had when
    /// it was loaded): what the next route change is compared with.
    var reportedRoute: (sinkName: String?, key: String) = (nil, "")
    /// Sinks that appeared since the default sink last changed: choosing one of them is a new device.
    var sinksAddedSinceRouteChange: Set<String> = []
    /// Counts publications of now-playing information (see `SessionRecord.nowPlayingSerial`).
    var nowPlayingPublications: UInt64 = 0
    var outbox: [Delivery] = []

    init(ownProcessID: Int32) {
        self.ownProcessID = ownProcessID
    }

    // MARK: Derived state

    /// Other programs' streams, in the server's order.
    var otherStreams: [PulseStream] {
        streams.values.filter { $0.processID != ownProcessID }.sorted { $0.index < $1.index }
    }

    var callInProgress: Bool { otherStreams.contains { $0.isCall } }

    var isOtherAudioPlaying: Bool { callInProgress || otherStreams.contains { $0.isPlaying } }

    var secondaryAudioHint: Bool { callInProgress || otherStreams.contains { $0.isPlaying && $0.isPrimaryAudio } }

    /// The default sink's name: the server's, except that pipewire-pulse's `@DEFAULT_SINK@` (its
    /// answer while no sink is named default, which it can keep giving for seconds after PipeWire's
    /// placeholder `auto_null` gave way to a new sink) means the only sink there is, where all
    /// sound goes. With several sinks it names none we know: not a route yet.
    var defaultSinkName: String? {
        guard serverDefaultSinkName == PulseSink.unnamedDefault, sinks.count == 1 else { return serverDefaultSinkName }
        return sinks.values.first?.name
    }

    var defaultSink: PulseSink? {
        guard let defaultSinkName else { return nil }
        return sinks.values.first { $0.name == defaultSinkName }
    }

    /// Whether the server named a default sink that is not (or not yet) among the sinks we know:
    /// one just removed, one not listed yet, or pipewire-pulse's `@DEFAULT_SINK@`. Not a route yet.
    var defaultSinkUnresolved: Bool { defaultSinkName != nil && defaultSink == nil }

    /// The device and port state that route changes compare.
    var routeKey: String { defaultSink?.routeKey ?? defaultSinkName ?? "" }

    var activeSessionIDs: [SessionID] { allSessionIDs.filter { sessions[$0]?.isActive == true } }

    var allSessionIDs: [SessionID] { sessions.keys.sorted { $0.rawValue < $1.rawValue } }

    /// The Now Playing session: of those playing with the `playback` category that published
    /// now-playing information (on the desktop: an MPRIS player), the latest to publish.
    var nowPlayingSessionID: SessionID? { PulseSessionRecord.nowPlayingSession(among: sessions) }

    func route(for record: PulseSessionRecord) -> RouteDescription {
        let traits = CategoryRules.traits(of: record.category)
        let outputs: [Port] = traits.hasOutput ? [defaultSink?.port ?? .builtInSpeaker] : []
        let inputs: [Port] = traits.hasInput ? [.builtInMic] : []
        return RouteDescription(inputs: inputs, outputs: outputs)
    }

    func status(of id: SessionID) -> SessionStatus {
        guard let record = sessions[id] else {
            preconditionFailure("\(id) is not attached to this system")
        }
        let sink = defaultSink
        // What the output reported it got, once it opened (read back from OpenAL Soft's device);
        // before that the sink's rate and the preference, as granted as it can be.
        let opened = record.grantedIOBufferDuration > 0
        let sampleRate = opened ? record.grantedSampleRate : sink?.sampleRate ?? 48_000
        let buffer = opened ? record.grantedIOBufferDuration : record.preferredIOBufferDuration > 0
            ? min(max(record.preferredIOBufferDuration, 0.005), 0.5) : 1_024 / sampleRate
        return SessionStatus(
            category: record.category, mode: record.mode, categoryOptions: record.options,
            isActive: record.isActive, isInterrupted: record.interruptedBy != nil,
            isOtherAudioPlaying: isOtherAudioPlaying, secondaryAudioShouldBeSilencedHint: secondaryAudioHint,
            currentRoute: route(for: record), outputVolume: min(max(sink?.volume ?? 1, 0), 1),
            preferredSampleRate: record.preferredSampleRate, sampleRate: sampleRate,
            preferredIOBufferDuration: record.preferredIOBufferDuration, ioBufferDuration: buffer,
            outputLatency: sink?.latency ?? 0, isAudioIORunning: record.isAudioIORunning,
            prefersInterruptionOnRouteDisconnect: record.prefersInterruptionOnRouteDisconnect,
            outputSilenceCause: nil,
            mayRunOutput: record.isActive && record.interruptedBy == nil && serverAvailable,
            routeSharingPolicy: record.routeSharingPolicy,
            nowPlayingInfo: record.nowPlayingInfo, isNowPlaying: nowPlayingSessionID == id)
    }

    // MARK: Building blocks

    mutating func post(_ notification: AudioSessionNotification, to id: SessionID) {
        guard let record = sessions[id] else { return }
        outbox.append(Delivery(session: id, notification: notification, deliver: record.deliver))
    }

    mutating func interrupt(_ id: SessionID, by interrupter: PulseInterrupter) {
        guard var record = sessions[id], record.isActive else { return }
        record.isActive = false
        record.interruptedBy = interrupter
        sessions[id] = record
        post(.interruptionBegan(reason: interrupter == .call ? .default : .routeDisconnected, wasSuspended: false), to: id)
    }
}
