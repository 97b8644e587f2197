// SPDX-License-Identifier: Zlib
import DesktopSignals
import Dispatch
import Logging
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Real-time priority for the two threads that keep the output fed: OpenAL Soft's mixer thread,
/// which mixes and writes to the sound server, and the runtime's update thread, which refills the
/// streams. A loaded machine gives every normal thread its share in turn; a thread that waits its
/// turn longer than the audio queued towards the server is heard as a gap. At a real-time
/// priority (`SCHED_RR`) these two threads run as soon as they are ready.
///
/// Each request is tried in order: directly (`sched_setscheduler`, where the process may: root,
/// `CAP_SYS_NICE`, or an `RLIMIT_RTPRIO` above 0), then the desktop's broker
/// (``RealtimeBroker/forThisProcess``: RealtimeKit, or the Realtime portal inside Flatpak). The
/// requests run on a queue of their own, so that no game call and not the runtime's lock waits for
/// the bus. The first refusal is logged once (`realtime.refused`) and the runtime asks no more;
/// each grant is logged (`realtime.granted`). Nothing else changes: refused, the threads run as
/// before.
final class RealtimeThreads: Sendable {
    /// The mixer's `SCHED_RR` priority: low in the real-time range, under the sound server's own
    /// threads (PulseAudio asks for 5, PipeWire for up to RealtimeKit's 20), which it feeds.
    static let mixerPriority: Int32 = 4
    /// The update thread's: under the mixer, which must never wait for it.
    static let updatePriority: Int32 = 3
    /// How long a new mixer thread is looked for after the output starts: OpenAL Soft names it as
    /// it starts running, which on a loaded machine can take a while.
    static let mixerSearchSeconds = 2.0
    /// How long the new threads are watched, at most, to tell the mixer (woken every period) from
    /// OpenAL Soft's event thread (asleep) when a context was created.
    static let mixerWatchSeconds = 1.0

    private let logger: Logger
    /// Where the mixer threads are looked for and raised.
    private let mixerQueue = DispatchQueue(label: "GameSound real-time priority: mixer")
    /// Where the update thread is raised: apart, so that the loop's end waits only for its own request.
    private let updateQueue = DispatchQueue(label: "GameSound real-time priority: update")
    /// Set at the first refusal: nothing more is asked, nothing more is logged.
    private let refused = Atomic<Bool>(false)
    /// Whether the output is OpenAL Soft's null device, which plays to nothing: a priority is then
    /// only set directly (free where the process may), never asked of RealtimeKit or the portal
    /// (which would load libsystemd, and log a refusal, for no thread with anything to feed).
    private let outputIsNull = Atomic<Bool>(false)
    /// The update thread waiting to be raised, and whether an output has opened (so that what kind
    /// of output it is, above, is known): its request waits for the first open.
    private let updateThread = Mutex<(thread: Int32?, outputKnown: Bool)>((nil, false))

    init(logger: Logger) {
        self.logger = logger
    }

    /// Looks (on the queue) for the OpenAL Soft mixer thread that started since `threads.before`
    /// was taken and asks for a real-time priority for it, and for the device's libpulse main loop
    /// (``OutputThreads/deviceLoops``), at the mixer's priority: the mixer waits for it. Threads that
    /// were there before (the game's own OpenAL devices, another runtime's) are never touched.
    ///
    /// - Parameter nullOutput: The device is OpenAL Soft's null device: set directly or not at all
    ///   (for the update thread's request too, from now on).
    func raiseOutputThreads(_ threads: OutputThreads, nullOutput: Bool) {
        outputIsNull.store(nullOutput, ordering: .relaxed)
        let waiting = updateThread.withLock { state -> Int32? in
            defer { state.outputKnown = true }
            return state.outputKnown ? nil : state.thread
        }
        if let waiting { requestUpdateThread(waiting) }
        let before = threads.before
        mixerQueue.async { [self] in
            guard !refused.load(ordering: .relaxed) else { return }
            for loop in threads.deviceLoops {
                raise(loop, threads.mixerIsDeviceLoop ? "the server output's mixer (libpulse's threaded-ml, where GameSound mixes)"
                            : "the main loop of OpenAL Soft's server connection (libpulse's threaded-ml)", priority: Self.mixerPriority)
            }
            // GameSound's server output mixes on that loop: OpenAL Soft starts no mixer thread for it.
            guard !threads.mixerIsDeviceLoop else { return }
            var clock = ContinuousClock.now
            let deadline = clock.advanced(by: .seconds(Self.mixerSearchSeconds))
            var found: [Int32] = []
            while found.isEmpty && clock < deadline {
                found = ThreadRoster.newOpenALThreads(since: before)
                if found.isEmpty { usleep(5_000) }
                clock = .now
            }
            guard let mixer = ThreadRoster.busiest(of: found, over: Self.mixerWatchSeconds) else {
                logger.debug("no new OpenAL Soft mixer thread after the output started: none to raise")
                return
            }
            raise(mixer, "OpenAL Soft's mixer thread", priority: Self.mixerPriority)
        }
    }

    /// Asks (on the queue) for a real-time priority for the update thread `thread`: at once when an
    /// output has opened, else when the first one does (``raiseOutputThreads(_:nullOutput:)``).
    func raiseUpdateThread(_ thread: Int32) {
        guard thread > 0 else { return }  // no /proc: 0 would name the queue's own thread
        let now = updateThread.withLock { state -> Bool in
            state.thread = thread
            return state.outputKnown
        }
        if now { requestUpdateThread(thread) }
    }

    private func requestUpdateThread(_ thread: Int32) {
        updateQueue.async { [self] in raise(thread, "the update thread", priority: Self.updatePriority) }
    }

    /// Called by the update thread as its loop ends (it is a pool thread, which other work takes
    /// next): waits for a request for it still in flight, then puts it back to normal scheduling.
    func lowerCallingThread() {
        updateThread.withLock { $0.thread = nil }
        updateQueue.sync {}
        let policy = sched_getscheduler(0) & ~Self.resetOnFork
        guard policy == SCHED_RR || policy == SCHED_FIFO else { return }
        var normal = sched_param(sched_priority: 0)
        // Keeping SCHED_RESET_ON_FORK: clearing it takes CAP_SYS_NICE, which the process may lack.
        _ = sched_setscheduler(0, SCHED_OTHER | Self.resetOnFork, &normal)
    }

    private func raise(_ thread: Int32, _ role: String, priority: Int32) {
        guard !refused.load(ordering: .relaxed) else { return }
        let nullOutput = outputIsNull.load(ordering: .relaxed)
        switch Self.makeRealtime(thread, priority: priority, askingBroker: !nullOutput) {
        case .success(let grant):
            logger.info("\(role) (thread \(thread)) runs at real-time priority \(grant.priority) (SCHED_RR), \(grant.how)",
                        metadata: LogCode.realtimeGranted.metadata)
        case .failure(let reasons) where reasons.threadEnded:
            // The output stopped (or the runtime ended) before the request: nothing was refused.
            logger.debug("\(role) (thread \(thread)) ended before it could be raised")
        case .failure(let reasons) where nullOutput:
            logger.debug("\(role) (thread \(thread)) stays at normal priority on OpenAL Soft's null device: \(reasons)")
        case .failure(let reasons):
            guard !refused.exchange(true, ordering: .relaxed) else { return }
            logger.warning("no real-time priority for \(role) (thread \(thread)): \(reasons); the audio threads run at normal priority, and may gap when the CPU is busy",
                           metadata: LogCode.realtimeRefused.metadata)
        }
    }

    /// `SCHED_RESET_ON_FORK`: threads and processes the thread starts do not inherit its policy.
    static let resetOnFork: Int32 = 0x4000_0000

    /// Sets `thread` to `SCHED_RR` at `priority` directly, else (`askingBroker`) through the broker;
    /// returns the priority and how it was granted, or every reason it was not.
    static func makeRealtime(_ thread: Int32, priority: Int32,
                             askingBroker: Bool = true) -> Result<(priority: Int32, how: String), RealtimeThreadsRefusal> {
        var reasons: [String] = []
        switch setDirectly(thread, priority: priority) {
        case .success(let granted): return .success((granted, "set directly"))
        case .failure(let reason) where reason.code == ESRCH:
            return .failure(RealtimeThreadsRefusal(reasons: [], threadEnded: true))
        case .failure(let reason): reasons.append("setting it directly: \(reason)")
        }
        guard askingBroker else { return .failure(RealtimeThreadsRefusal(reasons: reasons)) }
        let broker = RealtimeBroker.forThisProcess
        switch broker.makeThreadRealtime(thread: thread, priority: priority) {
        case .success(let granted): return .success((granted, "granted by \(broker.name)"))
        case .failure(let refusal): reasons.append(refusal.description)
        }
        return .failure(RealtimeThreadsRefusal(reasons: reasons))
    }

    /// `sched_setscheduler` on the thread: as root or with `CAP_SYS_NICE` at `priority`, else at
    /// most `RLIMIT_RTPRIO`.
    private static func setDirectly(_ thread: Int32, priority: Int32) -> Result<Int32, SystemCallError> {
        var parameters = sched_param(sched_priority: priority)
        if sched_setscheduler(thread, SCHED_RR | resetOnFork, &parameters) == 0 { return .success(priority) }
        let failure = errno
        var limit = rlimit()
        if failure == EPERM, getrlimit(__rlimit_resource_t(__RLIMIT_RTPRIO.rawValue), &limit) == 0,
           limit.rlim_cur > 0, limit.rlim_cur < rlim_t(priority) {
            parameters.sched_priority = Int32(limit.rlim_cur)
            if sched_setscheduler(thread, SCHED_RR | resetOnFork, &parameters) == 0 { return .success(parameters.sched_priority) }
        }
        return .failure(SystemCallError(code: failure))
    }
}

/// An errno, described.
struct SystemCallError: Error, CustomStringConvertible {
    var code: Int32
    var description: String { String(cString: strerror(code)) }
}

/// Every way a real-time priority was asked for, and why each said no.
struct RealtimeThreadsRefusal: Error, CustomStringConvertible {
    var reasons: [String]
    /// The thread had ended before it was asked for (`ESRCH`): nobody refused anything.
    var threadEnded = false
    var description: String { reasons.joined(separator: "; ") }
}
