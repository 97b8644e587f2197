// SPDX-License-Identifier: Zlib
import AudioSession
import CPulse
import Glibc
import Logging

/// The libpulse side: a threaded main loop, one context at a time, subscriptions, and reconnection.
///
/// Every mutable field is touched only on libpulse's main loop thread (inside its callbacks) or by
/// another thread that holds the main loop's lock (``start(timeout:)`` and ``close()``), which is
/// what makes the `@unchecked Sendable` sound. Callbacks find this object through the unretained
/// pointer given to libpulse as user data; ``close()`` stops the loop before the object can go away.
final class PulseConnection: @unchecked Sendable {
    /// Why the first connection failed.
    private enum StartupFailure {
        case refused(String)
        case timedOut
    }

    /// What the one pending timer is for.
    private enum TimerPurpose {
        case startupTimeout
        case reconnect
    }

    /// How long to wait between attempts to reach a server that went away.
    static let reconnectInterval: UInt64 = 250_000

    private let mainloop: OpaquePointer
    private let server: String?
    private let model: PulseModel
    let logger: Logger
    /// Our own process: its streams are the game's, never read for odd properties.
    let ownProcessID: Int32
    private var context: OpaquePointer?
    /// When the server went away (a monotonic time in seconds), while it is away.
    private var lostAt: Double?
    /// Streams whose odd properties were already logged, on this connection.
    var oddStreamsLogged: Set<UInt32> = []
    /// The server's own name and version, from its last server info.
    private var serverName = ""
    /// Contexts given up on, freed later: never inside one of their own callbacks, where libpulse
    /// may still be using them.
    private var retiredContexts: [OpaquePointer] = []
    private var timer: OpaquePointer?
    private var timerPurpose: TimerPurpose = .startupTimeout
    private var pendingLoads = 0
    private var loaded = false
    private var everLoaded = false
    private var startupFailure: StartupFailure?
    private var closing = false
    private var loadingStreams: [PulseStream] = []
    private var loadingSinks: [PulseSink] = []
    private var loadingDefaultSink: String?

    /// The server named in errors.
    var serverDescription: String {
        server ?? "the default server (PULSE_SERVER, or $XDG_RUNTIME_DIR/pulse/native)"
    }

    /// - Throws: ``PulseSystemError/libraryUnavailable(library:reason:)`` when libpulse cannot be
    ///   loaded (the first connection loads it), ``PulseSystemError/mainLoopFailed``.
    init(server: String?, model: PulseModel, logger: Logger) throws(PulseSystemError) {
        try LibPulse.load()
        guard let loop = libpulse.pa_threaded_mainloop_new() else { throw .mainLoopFailed }
        mainloop = loop
        self.server = server
        self.model = model
        self.logger = logger
        ownProcessID = model.ownProcessID
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }

    private var userData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private static func from(_ userData: UnsafeMutableRawPointer?) -> PulseConnection? {
        guard let userData else { return nil }
        return Unmanaged<PulseConnection>.fromOpaque(userData).takeUnretainedValue()
    }

    // libpulse never returns nil here for a main loop it created (the function's declaration left
    // that unsaid, and Swift unwrapped it implicitly before the call went through the loader's table).
    private var api: UnsafeMutablePointer<pa_mainloop_api> { libpulse.pa_threaded_mainloop_get_api(mainloop)! }

    /// libpulse's explanation of a context's last error.
    private static func errorMessage(of context: OpaquePointer) -> String {
        let code = libpulse.pa_context_errno(context)
        return libpulse.pa_strerror(code).map { String(cString: $0) } ?? "libpulse error \(code)"
    }

    // MARK: - Start and stop

    /// Starts the loop thread, connects, and waits until the server's state is loaded.
    ///
    /// - Throws: ``PulseSystemError`` when no server answers or it does not answer in time; the
    ///   loop is stopped and freed then.
    func start(timeout: Double) throws(PulseSystemError) {
        guard libpulse.pa_threaded_mainloop_start(mainloop) >= 0 else {
            libpulse.pa_threaded_mainloop_free(mainloop)
            throw .mainLoopFailed
        }
        libpulse.pa_threaded_mainloop_lock(mainloop)
        connect()
        if startupFailure == nil && !loaded {
            arm(.startupTimeout, afterMicroseconds: UInt64(max(timeout, 0.01) * 1_000_000))
        }
        while !loaded && startupFailure == nil {
            libpulse.pa_threaded_mainloop_wait(mainloop)
        }
        let failure = startupFailure
        libpulse.pa_threaded_mainloop_unlock(mainloop)
        switch failure {
        case nil:
            return
        case .refused(let reason):
            close()
            throw .serverUnreachable(server: serverDescription, reason: reason)
        case .timedOut:
            close()
            throw .timedOut(server: serverDescription, seconds: timeout)
        }
    }

    /// Disconnects and stops the loop thread; must not be called from a libpulse callback.
    func close() {
        precondition(libpulse.pa_threaded_mainloop_in_thread(mainloop) == 0, "PulseSystem released on libpulse's own thread")
        libpulse.pa_threaded_mainloop_lock(mainloop)
        closing = true
        disarm()
        dropContext()
        freeRetiredContexts()
        libpulse.pa_threaded_mainloop_unlock(mainloop)
        libpulse.pa_threaded_mainloop_stop(mainloop)
        libpulse.pa_threaded_mainloop_free(mainloop)
    }

    // MARK: - The context

    private func connect() {
        freeRetiredContexts()
        guard !closing, let context = libpulse.pa_context_new(api, "GameSound session monitor") else {
            failToConnect("libpulse could not create a context")
            return
        }
        self.context = context
        libpulse.pa_context_set_state_callback(context, { context, userData in
            guard let context else { return }
            PulseConnection.from(userData)?.contextStateChanged(context)
        }, userData)
        let flags = PA_CONTEXT_NOAUTOSPAWN
        let status = if let server {
            server.withCString { libpulse.pa_context_connect(context, $0, flags, nil) }
        } else {
            libpulse.pa_context_connect(context, nil, flags, nil)
        }
        // A failed connect may already have reported FAILED through the state callback.
        if status < 0, self.context == context {
            let reason = Self.errorMessage(of: context)
            dropContext()
            failToConnect(reason)
        }
    }

    private func failToConnect(_ reason: String) {
        if everLoaded {
            arm(.reconnect, afterMicroseconds: Self.reconnectInterval)
        } else {
            startupFailure = .refused(reason)
            libpulse.pa_threaded_mainloop_signal(mainloop, 0)
        }
    }

    /// Silences the current context and retires it; ``freeRetiredContexts()`` frees it later.
    private func dropContext() {
        guard let context else { return }
        self.context = nil
        libpulse.pa_context_set_state_callback(context, nil, nil)
        libpulse.pa_context_set_subscribe_callback(context, nil, nil)
        retiredContexts.append(context)
    }

    private func freeRetiredContexts() {
        for context in retiredContexts {
            libpulse.pa_context_disconnect(context)
            libpulse.pa_context_unref(context)
        }
        retiredContexts = []
    }

    private func contextStateChanged(_ changed: OpaquePointer) {
        guard changed == context, !closing else { return }
        let state = libpulse.pa_context_get_state(changed)
        if state == PA_CONTEXT_READY {
            beginLoading(changed)
        } else if state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED {
            let reason = Self.errorMessage(of: changed)
            dropContext()
            let wasLoaded = loaded
            loaded = false
            if wasLoaded {
                lostAt = Self.now()
                logger.warning("the sound server went away (\(reason)): media services lost; reconnecting every \(Self.reconnectInterval / 1_000) ms",
                               metadata: ["code": "desktop.server-lost"])
                model.serverEvent { $0.loseServer() }
            }
            failToConnect(reason)
        }
    }

    // MARK: - Loading the server's state

    private func beginLoading(_ context: OpaquePointer) {
        loaded = false
        loadingStreams = []
        loadingSinks = []
        loadingDefaultSink = nil
        oddStreamsLogged = []
        pendingLoads = 3
        libpulse.pa_context_set_subscribe_callback(context, { context, event, index, userData in
            guard let context else { return }
            PulseConnection.from(userData)?.subscriptionEvent(context, event: event, index: index)
        }, userData)
        let mask = pa_subscription_mask_t(
            rawValue: PA_SUBSCRIPTION_MASK_SINK_INPUT.rawValue | PA_SUBSCRIPTION_MASK_SINK.rawValue
                | PA_SUBSCRIPTION_MASK_SERVER.rawValue)
        release(libpulse.pa_context_subscribe(context, mask, nil, nil))
        release(libpulse.pa_context_get_server_info(context, { _, info, userData in
            PulseConnection.from(userData)?.loadedServerInfo(info)
        }, userData))
        release(libpulse.pa_context_get_sink_info_list(context, { _, info, eol, userData in
            PulseConnection.from(userData)?.loadedSink(info, eol: eol)
        }, userData))
        release(libpulse.pa_context_get_sink_input_info_list(context, { _, info, eol, userData in
            PulseConnection.from(userData)?.loadedStream(info, eol: eol)
        }, userData))
    }

    private func release(_ operation: OpaquePointer?) {
        if let operation { libpulse.pa_operation_unref(operation) }
    }

    private func loadedServerInfo(_ info: UnsafePointer<pa_server_info>?) {
        loadingDefaultSink = info?.pointee.default_sink_name.map { String(cString: $0) }
        let name = info?.pointee.server_name.map { String(cString: $0) } ?? "unknown server"
        let version = info?.pointee.server_version.map { String(cString: $0) } ?? "?"
        serverName = "\(name) \(version)"
        finishedOneLoad()
    }

    private func loadedSink(_ info: UnsafePointer<pa_sink_info>?, eol: Int32) {
        if eol == 0, let info {
            loadingSinks.append(Self.sink(from: info))
        } else {
            finishedOneLoad()
        }
    }

    private func loadedStream(_ info: UnsafePointer<pa_sink_input_info>?, eol: Int32) {
        if eol == 0, let info {
            loadingStreams.append(stream(from: info))
        } else {
            finishedOneLoad()
        }
    }

    private func finishedOneLoad() {
        pendingLoads -= 1
        guard pendingLoads == 0, !closing else { return }
        let afterLoss = everLoaded
        loaded = true
        everLoaded = true
        if timerPurpose == .startupTimeout { disarm() }
        let streams = loadingStreams, sinks = loadingSinks, defaultSink = loadingDefaultSink
        if afterLoss, let lostAt {
            let seconds = (Self.now() - lostAt) * 100
            logger.notice("the sound server is back (\(serverName)) after \((seconds).rounded() / 100) s: media services reset",
                          metadata: ["code": "desktop.server-back"])
        } else if !afterLoss {
            logger.info("connected to \(serverName) at \(serverDescription)", metadata: ["code": "desktop.connected"])
        }
        lostAt = nil
        model.serverEvent { desktop in
            desktop.streams = Dictionary(streams.map { ($0.index, $0) }, uniquingKeysWith: { $1 })
            desktop.sinks = Dictionary(sinks.map { ($0.index, $0) }, uniquingKeysWith: { $1 })
            desktop.serverDefaultSinkName = defaultSink
            desktop.serverLoaded(afterLoss: afterLoss)
        }
        libpulse.pa_threaded_mainloop_signal(mainloop, 0)
    }

    // MARK: - Events

    private func subscriptionEvent(_ context: OpaquePointer, event: pa_subscription_event_type_t, index: UInt32) {
        guard context == self.context, !closing else { return }
        let facility = gs_pa_event_facility(event)
        let removed = gs_pa_event_type(event) == PA_SUBSCRIPTION_EVENT_REMOVE.rawValue
        if facility == PA_SUBSCRIPTION_EVENT_SINK_INPUT.rawValue {
            if removed {
                model.serverEvent { $0.streams[index] = nil }
            } else {
                release(libpulse.pa_context_get_sink_input_info(context, index, { _, info, eol, userData in
                    guard eol == 0, let info, let connection = PulseConnection.from(userData) else { return }
                    let stream = connection.stream(from: info)
                    connection.model.serverEvent { $0.streams[stream.index] = stream }
                }, userData))
            }
        } else if facility == PA_SUBSCRIPTION_EVENT_SINK.rawValue {
            if removed {
                model.serverEvent { $0.sinks[index] = nil }
            } else {
                release(libpulse.pa_context_get_sink_info_by_index(context, index, { _, info, eol, userData in
                    guard eol == 0, let info else { return }
                    let sink = PulseConnection.sink(from: info)
                    PulseConnection.from(userData)?.model.serverEvent { $0.upsertSink(sink) }
                }, userData))
            }
        } else if facility == PA_SUBSCRIPTION_EVENT_SERVER.rawValue {
            release(libpulse.pa_context_get_server_info(context, { _, info, userData in
                guard let info else { return }
                let name = info.pointee.default_sink_name.map { String(cString: $0) }
                PulseConnection.from(userData)?.model.serverEvent { $0.serverDefaultSinkName = name }
            }, userData))
        }
    }

    // MARK: - Timers

    private func arm(_ purpose: TimerPurpose, afterMicroseconds delay: UInt64) {
        disarm()
        guard !closing else { return }
        var when = timeval()
        _ = libpulse.pa_gettimeofday(&when)
        _ = libpulse.pa_timeval_add(&when, delay)
        timerPurpose = purpose
        timer = api.pointee.time_new?(api, &when, { _, _, _, userData in
            PulseConnection.from(userData)?.timerFired()
        }, userData)
    }

    private func disarm() {
        guard let timer else { return }
        self.timer = nil
        api.pointee.time_free?(timer)
    }

    private func timerFired() {
        disarm()
        guard !closing else { return }
        switch timerPurpose {
        case .startupTimeout:
            guard !loaded, startupFailure == nil else { return }
            startupFailure = .timedOut
            libpulse.pa_threaded_mainloop_signal(mainloop, 0)
        case .reconnect:
            guard context == nil else { return }
            connect()
        }
    }
}
