// SPDX-License-Identifier: Zlib
import CPulse
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The sound server's side of an output device that GameSound mixes itself (``ALDevice/openServerOutput(buffering:)``):
/// OpenAL Soft's loopback device, mixed from inside libpulse's requests on one thread and written
/// straight into the server's memory.
///
/// OpenAL Soft's own PulseAudio backend wakes three threads per period: libpulse's main loop reads
/// the server's request and signals OpenAL Soft's mixer thread, which mixes and hands the samples
/// back to the loop to write. Here the main loop's thread mixes where it reads the request, one wake
/// per period. Measured (docs/performance.md, "An output of our own"): half the CPU of OpenAL Soft's
/// output at the same period, and less at 512 frames than OpenAL Soft's at 1 024.
///
/// Threads: libpulse's threaded main loop runs every callback, holding the loop's lock; every other
/// use (connecting, corking, reading the state, stopping) takes that lock. The same lock keeps the
/// mix out of the way of what reconfigures the loopback device (a context made or destroyed, a reset
/// for HRTF, the device's close): OpenAL Soft stops a real device's mixer for those, and a loopback
/// device has no mixer of its own to stop (``withMixingHeld(_:)``). That is what makes the
/// `@unchecked Sendable` sound.
final class ServerOutput: @unchecked Sendable {
    /// Bytes of one frame: stereo, 32-bit float.
    static let frameBytes = 8

    let buffering: OpenALProcess.OutputBuffering
    private let pulse: gamesound_libpulse_functions
    private let loop: OpaquePointer
    private let context: OpaquePointer
    private var stream: OpaquePointer?
    /// The loopback device's mixer, once its first context gave it a format to mix in; until then the
    /// server gets silence (OpenAL Soft cannot mix a device that has none).
    private var renderer: ALLoopbackRenderer?
    /// The stream is corked (``setPaused(_:)``): the server asks for nothing, the device mixes nothing,
    /// and its clock stands still, as a paused OpenAL Soft device's does.
    private var corked = false
    /// The server and the stream are still there, as their state callbacks last said: read without
    /// the loop's lock, so that asking never waits for a mix (and the runtime, told, need not ask).
    private let connected = Atomic<Bool>(true)
    /// Called once, on the loop's thread, when the server or the stream goes (``whenLost(_:)``).
    private let onLost = Mutex<(@Sendable () -> Void)?>(nil)

    /// Connects to the default server (libpulse's own rules: `PULSE_SERVER`, the runtime folder's
    /// socket, `client.conf`) on a new main loop thread, and waits until the server answers.
    ///
    /// - Throws: A reason in words when libpulse cannot be loaded, or no server answers.
    init(buffering: OpenALProcess.OutputBuffering) throws(ServerOutputFailure) {
        var reason: UnsafePointer<CChar>?
        guard let table = gamesound_libpulse_load(&reason) else {
            throw ServerOutputFailure(reason: reason.map { String(cString: $0) } ?? "libpulse could not be loaded")
        }
        pulse = table.pointee
        self.buffering = buffering
        guard let loop = pulse.pa_threaded_mainloop_new() else { throw ServerOutputFailure(reason: "libpulse made no main loop") }
        // No name of our own: libpulse names the client after the program, or what the process's
        // PULSE_PROP_ variables say (GameSound's desktop sets the game's name, icon and role there).
        guard let context = pulse.pa_context_new(pulse.pa_threaded_mainloop_get_api(loop), nil) else {
            pulse.pa_threaded_mainloop_free(loop)
            throw ServerOutputFailure(reason: "libpulse made no context")
        }
        self.loop = loop
        self.context = context
        pulse.pa_context_set_state_callback(context, Self.onContextState, userData)
        guard pulse.pa_threaded_mainloop_start(loop) >= 0 else {
            pulse.pa_context_unref(context)
            pulse.pa_threaded_mainloop_free(loop)
            throw ServerOutputFailure(reason: "libpulse's main loop did not start")
        }
        pulse.pa_threaded_mainloop_lock(loop)
        var failure: ServerOutputFailure?
        if pulse.pa_context_connect(context, nil, PA_CONTEXT_NOAUTOSPAWN, nil) < 0 {
            failure = ServerOutputFailure(reason: errorMessage)
        } else {
            do {
                try waitForServer { () -> Bool? in
                    let state = pulse.pa_context_get_state(context)
                    return state == PA_CONTEXT_READY ? true : PA_CONTEXT_IS_GOOD(state) == 0 ? false : nil
                }
            } catch {
                failure = error
            }
        }
        pulse.pa_threaded_mainloop_unlock(loop)
        if let failure {
            stop()
            throw failure
        }
    }

    /// How long the server may take to answer (the connection, the stream), in microseconds: a
    /// server that accepts the connection and then says nothing (stopped, in a debugger) hangs
    /// every client that waits for it, and the runtime's thread is not left waiting for good.
    static let answerTimeout: UInt64 = 2_000_000
    /// The timer of ``waitForServer(until:)`` fired.
    private var timedOut = false

    /// Waits, the loop's lock held, until `settled` says ready (true) or failed (false, with
    /// libpulse's reason), or the server took longer than ``answerTimeout``.
    private func waitForServer(until settled: () -> Bool?) throws(ServerOutputFailure) {
        guard let api = pulse.pa_threaded_mainloop_get_api(loop) else { throw ServerOutputFailure(reason: "libpulse has no main loop") }
        timedOut = false
        var when = timeval()
        _ = pulse.pa_gettimeofday(&when)
        _ = pulse.pa_timeval_add(&when, Self.answerTimeout)
        let timer = api.pointee.time_new?(api, &when, { _, _, _, userData in
            guard let output = ServerOutput.from(userData) else { return }
            output.timedOut = true
            output.pulse.pa_threaded_mainloop_signal(output.loop, 0)
        }, userData)
        defer { if let timer { api.pointee.time_free?(timer) } }
        while true {
            if let ready = settled() {
                if ready { return }
                throw ServerOutputFailure(reason: errorMessage)
            }
            if timedOut {
                throw ServerOutputFailure(reason: "no answer within \(Self.answerTimeout / 1_000_000) s", timedOut: true)
            }
            pulse.pa_threaded_mainloop_wait(loop)
        }
    }

    /// Stops the loop thread (no mix runs after this returns) and lets the server go. Idempotent.
    func stop() {
        guard !stopped else { return }
        stopped = true
        pulse.pa_threaded_mainloop_stop(loop)
        if let stream {
            pulse.pa_stream_set_write_callback(stream, nil, nil)
            pulse.pa_stream_set_state_callback(stream, nil, nil)
            _ = pulse.pa_stream_disconnect(stream)
            pulse.pa_stream_unref(stream)
            self.stream = nil
        }
        pulse.pa_context_set_state_callback(context, nil, nil)
        pulse.pa_context_disconnect(context)
        pulse.pa_context_unref(context)
        pulse.pa_threaded_mainloop_free(loop)
    }
    private var stopped = false

    /// Runs `body` while no mix runs: what reconfigures the loopback device (a context made or
    /// destroyed, a reset) must not meet a mix in flight.
    func withMixingHeld<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        guard !stopped else { return try body() }
        pulse.pa_threaded_mainloop_lock(loop)
        defer { pulse.pa_threaded_mainloop_unlock(loop) }
        return try body()
    }

    /// Once the device has a context: mixes it from now on, opening the server's stream the first time.
    ///
    /// - Throws: A reason in words when the server refuses the stream or does not answer in time.
    func startMixing(_ renderer: ALLoopbackRenderer) throws(ServerOutputFailure) {
        pulse.pa_threaded_mainloop_lock(loop)
        defer { pulse.pa_threaded_mainloop_unlock(loop) }
        self.renderer = renderer
        guard stream == nil else { return }
        var spec = pa_sample_spec(format: PA_SAMPLE_FLOAT32LE, rate: UInt32(buffering.sampleRate), channels: 2)
        guard let stream = pulse.pa_stream_new(context, "Game audio", &spec, nil) else { throw ServerOutputFailure(reason: errorMessage) }
        self.stream = stream
        pulse.pa_stream_set_state_callback(stream, Self.onStreamState, userData)
        pulse.pa_stream_set_write_callback(stream, Self.onWrite, userData)
        let period = UInt32(buffering.periodFrames * Self.frameBytes)
        // The server's default prebuf (its whole target) rather than OpenAL Soft's 0: after an
        // underrun it waits for the stream to fill again instead of reading on past its end, which
        // pipewire-pulse 0.3.65 can do for good (docs/linux-system.md, "A server that stood still").
        var attributes = pa_buffer_attr(maxlength: UInt32.max, tlength: period * UInt32(buffering.periods),
                                        prebuf: UInt32.max, minreq: period, fragsize: UInt32.max)
        if pulse.pa_stream_connect_playback(stream, nil, &attributes, PA_STREAM_ADJUST_LATENCY, nil, nil) < 0 {
            throw ServerOutputFailure(reason: errorMessage)
        }
        try waitForServer { () -> Bool? in
            let state = pulse.pa_stream_get_state(stream)
            return state == PA_STREAM_READY ? true : PA_STREAM_IS_GOOD(state) == 0 ? false : nil
        }
    }

    /// Corks or uncorks the stream (``ALDevice/pause()`` and ``ALDevice/resume()``). Before the
    /// stream opens (no context yet) there is nothing to cork, and nothing mixes either.
    func setPaused(_ paused: Bool) {
        withMixingHeld {
            guard let stream, corked != paused else { return }
            corked = paused
            if let operation = pulse.pa_stream_cork(stream, paused ? 1 : 0, nil, nil) { pulse.pa_operation_unref(operation) }
        }
    }

    /// Whether the server and the stream are still there (false once the server went away or
    /// killed the stream).
    var isConnected: Bool { connected.load(ordering: .acquiring) }

    /// Calls `handler` once when the server or the stream goes (on the loop's thread, its lock held:
    /// it must only signal), or at once if they have gone already. A later handler replaces it.
    func whenLost(_ handler: @escaping @Sendable () -> Void) {
        onLost.withLock { $0 = handler }
        if !isConnected, let handler = onLost.withLock({ $0.take() }) { handler() }
    }

    /// Notes whether the server and the stream are still there (the loop's lock held), and says so
    /// the first time they are not.
    private func noteConnection() {
        let good = PA_CONTEXT_IS_GOOD(pulse.pa_context_get_state(context)) != 0
            && (stream.map { PA_STREAM_IS_GOOD(pulse.pa_stream_get_state($0)) != 0 } ?? true)
        connected.store(good, ordering: .releasing)
        if !good, let handler = onLost.withLock({ $0.take() }) { handler() }
    }

    /// The period and the number of periods the server granted (its `minreq` and `tlength`), nil
    /// before the stream opens.
    var granted: (periodFrames: Int, periods: Int)? {
        withMixingHeld {
            guard let stream, let attributes = pulse.pa_stream_get_buffer_attr(stream)?.pointee, attributes.minreq > 0 else { return nil }
            let period = Int(attributes.minreq) / Self.frameBytes
            return (period, max(1, Int(attributes.tlength) / Int(attributes.minreq)))
        }
    }

    // MARK: - Callbacks (on the loop's thread, its lock held)

    private var userData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private static func from(_ userData: UnsafeMutableRawPointer?) -> ServerOutput? {
        userData.map { Unmanaged<ServerOutput>.fromOpaque($0).takeUnretainedValue() }
    }

    private var errorMessage: String {
        pulse.pa_strerror(pulse.pa_context_errno(context)).map { String(cString: $0) } ?? "libpulse failed"
    }

    private static let onContextState: pa_context_notify_cb_t = { _, userData in
        guard let output = from(userData) else { return }
        output.noteConnection()
        output.pulse.pa_threaded_mainloop_signal(output.loop, 0)
    }

    private static let onStreamState: pa_stream_notify_cb_t = { _, userData in
        guard let output = from(userData) else { return }
        output.noteConnection()
        output.pulse.pa_threaded_mainloop_signal(output.loop, 0)
    }

    private static let onWrite: pa_stream_request_cb_t = { stream, bytes, userData in
        guard let stream, let output = from(userData) else { return }
        output.write(stream, requested: bytes)
    }

    /// The server asks for `requested` bytes: mixed into its own memory, a period at a time at most.
    private func write(_ stream: OpaquePointer, requested: Int) {
        var left = requested - requested % Self.frameBytes
        while left > 0 {
            var data: UnsafeMutableRawPointer?
            var size = left
            guard pulse.pa_stream_begin_write(stream, &data, &size) == 0, let data, size >= Self.frameBytes else { return }
            size -= size % Self.frameBytes
            if let renderer, !corked {
                renderer.render(into: UnsafeMutableBufferPointer(start: data.assumingMemoryBound(to: Float.self), count: size / 4),
                                channels: .stereo)
            } else {
                memset(data, 0, size)
            }
            guard pulse.pa_stream_write(stream, data, size, nil, 0, PA_SEEK_RELATIVE) == 0 else { return }
            left -= size
        }
    }
}

/// Why GameSound's own server output could not open, in words.
struct ServerOutputFailure: Error {
    var reason: String
    /// The server did not answer in time (``ServerOutput/answerTimeout``): it hangs.
    var timedOut = false
}
