// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#endif
import AudioSession
import OpenAL  // the lock only (RecursiveLock); OpenAL is called by the mirror

/// Holds the core; every access goes through ``exclusive(_:)``, under the runtime's own lock.
///
/// Two locks, both the runtime's own. Its state (the model, the mirror's shadow, the writes
/// recorded, the events logged) is guarded by ``lock``; OpenAL itself, for this runtime, by the
/// mirror's work lock (``ALMirror/work``), always taken second. A game's call that only records
/// (``command(_:)``) takes the first only, so it never waits for OpenAL: the update thread makes the
/// writes it recorded holding the second only (``runDeferredWrites()``). Every other step holds
/// both. A call that finds it must use OpenAL after all takes the work lock then
/// (``ALMirror/useContext()``), after the first as always: the update thread never waits for the
/// first while it holds the second, so neither waits for the other for good.
///
/// Each step makes the runtime's context current on the thread that runs it only
/// (`alcSetThreadContext`, `ALC_EXT_thread_local_context`) and leaves it current nowhere when the
/// outermost step ends (``ALMirror/releaseThread()``), so the game's own OpenAL code, with its own
/// context current process-wide, is neither disturbed by a call nor disturbs one, and two runtimes
/// never wait for each other.
///
/// Event observers are called outside the lock, once the thread has let it go
/// (``EventDelivery``): an observer may call this runtime or another from any thread, and a slow
/// one keeps no other thread's call waiting.
///
/// A session notification can reach the core while one of the core's own steps is still running
/// on the same thread: the step activates the session and the system hands that thread its
/// pending deliveries. The lock is recursive, so such a notification would otherwise be handled in
/// the middle of the step, which then carries on with a state that no longer holds (a context
/// rebuilt after media services were lost, say). Notifications that arrive while a step runs are
/// kept and handled, in order, as soon as the outermost step returns, still under the lock. Work
/// that must see them handled first (the foreground recovery after an action) queues behind them
/// with ``afterPending(_:)``.
final class CoreBox: @unchecked Sendable {
    /// Something held back until the running step is over, or waiting for the update thread.
    enum Pending {
        case notification(AudioSessionNotification)
        case work((RuntimeCore) -> Void)
    }

    // What follows is CoreBox's own, touched only by its files (this one: the steps and the update;
    // CoreBox+Notifications: what is delivered and held back; CoreBox+Loading: sounds loaded and unloaded).
    // Safe: `core`, `depth`, `deferred`, `renderingUnadopted` and `eventsHandedOff` are only touched
    // with `lock` held (the mirror's in-flight writes and work lock excepted, see ALMirror+Deferred).
    // That lock is what keeps the accesses exclusive, so `depth` and `deferred` skip Swift's dynamic
    // exclusivity check, which cost more than the step it guarded at every rendered block.
    let core: RuntimeCore
    /// How many steps of the core are running on the thread that holds the lock.
    @exclusivity(unchecked) var depth = 0
    /// What arrived during a step, oldest first.
    @exclusivity(unchecked) var deferred: [Pending] = []
    /// An outermost render is running, which did not make the context current (see ``render(into:)``).
    @exclusivity(unchecked) private var renderingUnadopted = false
    /// Real time: what watchers deliver, for the update thread.
    let inbox = NotificationInbox()
    /// The runtime's lock: the state every step touches (see above). Each runtime has its own.
    let lock = RecursiveLock()
    /// Events were queued for the observers during the thread's hold of ``lock`` (``exclusive(_:)``).
    @exclusivity(unchecked) private var eventsHandedOff = false

    init(_ core: RuntimeCore) {
        self.core = core
        core.betweenBlocks = { [unowned self] in self.handleDeferredIfOutermost() }
    }

    /// Runs `body` holding the runtime's lock. When the thread lets go of the lock at the end, the
    /// real device is paused or resumed if a step started or stopped the output
    /// (``makeDeviceAsWished()``), then the events its steps logged go to the observers
    /// (``EventDelivery``), both outside the lock: the events are queued under it when the outermost
    /// step is over, so in the order they were logged, and handed out after it.
    @inline(__always)
    func exclusive<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let outermost = !lock.isHeldByCurrentThread
        if outermost { lock.lock() }
        defer {
            if depth == 0, core.events.hasPending {
                core.events.delivery.enqueue(core.events.takePending())
                eventsHandedOff = true
            }
            if outermost {
                let deliver = eventsHandedOff
                eventsHandedOff = false
                let deviceWork = core.mirror.takeDeviceWork()
                lock.unlock()
                if deviceWork { makeDeviceAsWished() }
                if deliver { core.events.delivery.deliver() }
            }
        }
        return try body()
    }

    /// After a step that started or stopped the output: the real device paused or resumed as the
    /// step wished, holding the mirror's work lock and not the runtime's, then the threads a start
    /// made asked for a real-time priority (ALMirror+DeviceRun). A game's call meanwhile waits for
    /// neither; a failure is reported in a step of its own.
    @inline(never)
    private func makeDeviceAsWished() {
        let mirror = core.mirror
        let (failure, threads, nullOutput) = mirror.withWork {
            (mirror.makeDeviceAsWished(), mirror.takeOutputThreads(), mirror.deviceIsNullOutput)
        }
        if let threads, let realtimeThreads = core.realtimeThreads {
            realtimeThreads.raiseOutputThreads(threads, nullOutput: nullOutput)
        }
        if let failure { exclusive { mirror.report(failure, affected: "the output device") } }
    }

    /// Runs one step of the core under the runtime's lock, then what was held back during it.
    ///
    /// A step may change anything the update follows, so the update after it does its whole work
    /// (``RuntimeCore/quietUntil``).
    func with<Result, Failure: Error>(_ body: (RuntimeCore) throws(Failure) -> Result) throws(Failure) -> Result {
        try step(changing: true, body)
    }

    /// Runs a game's call that only changes what sounds (play, stop, a voice, a bus, the listener):
    /// it decides everything here and leaves its OpenAL writes (``ALMirror/defersWrites``) to the
    /// update thread, which it wakes for them (real time), or to the next render (headless). Inside
    /// another step it runs as that step does.
    func command<Result, Failure: Error>(_ body: (RuntimeCore) throws(Failure) -> Result) throws(Failure) -> Result {
        try step(changing: true, defers: true, body)
    }

    /// Runs a step that only reads the core but may ask OpenAL (the objects alive, the tests' reads
    /// of OpenAL's offsets): the same as ``with(_:)`` except that the next update may stay quiet.
    /// What reads only the model is a ``query(_:)``.
    func read<Result>(_ body: (RuntimeCore) -> Result) -> Result {
        step(changing: false, body)
    }

    /// Runs a step that reads only what the runtime knows (a voice's state, a stream's position by
    /// its clock, a bus's volume, the listener, the session's state), under the runtime's lock and
    /// nothing else: it takes no work lock and makes no context current, so a game that polls between
    /// its calls never waits for OpenAL work (a sound uploading on a loading thread, the writes the
    /// update thread is making). The device's clock, which a position is read against, is OpenAL Soft's
    /// to keep and its own to lock. A body that must use OpenAL after all takes the work lock then, as
    /// a command does (``ALMirror/useContext()``).
    func query<Result, Failure: Error>(_ body: (RuntimeCore) throws(Failure) -> Result) throws(Failure) -> Result {
        try step(changing: false, defers: true, body)
    }

    @inline(__always)
    private func step<Result, Failure: Error>(changing: Bool, defers: Bool = false,
                                              _ body: (RuntimeCore) throws(Failure) -> Result) throws(Failure) -> Result {
        // The update thread is woken for the writes once the lock is let go: woken inside, it would
        // only wait for it, and on a busy machine take the caller's core from it to do so.
        var wakeForWritesAfter: (@Sendable () -> Void)?
        defer { wakeForWritesAfter?() }
        return try exclusive { () throws(Failure) -> Result in
            // A game's call records: it does not wait for OpenAL work (the mirror's work lock). Every
            // other step may use OpenAL, and holds that lock too, taken after the runtime's.
            let recordsOnly = depth == 0 && defers
            let tookWork = !recordsOnly && core.mirror.takeWork()
            defer { if tookWork { core.mirror.letGoOfWork() } }
            if recordsOnly {
                core.mirror.defersWrites = true
            } else if depth == 0 || renderingUnadopted {
                core.adoptContext()
            }
            if changing {
                core.noteStep()
                // A game's command wakes the loop for its writes instead (below), and the loop then
                // comes back within a period rather than running a whole update at once.
                if !defers { wake() }
            }
            depth += 1
            defer {
                depth -= 1
                if depth == 0 {
                    if core.mirror.defersWrites {
                        core.mirror.defersWrites = false
                        if !core.mirror.deferred.isEmpty { wakeForWritesAfter = wakeForWrites }
                    }
                    if core.heldBack {
                        core.mirror.holdWork()
                        handleDeferred()
                    }
                    core.mirror.releaseThread()
                    core.mirror.releaseWorkForCall()
                }
            }
            return try body(core)
        }
    }

    /// Makes the writes game's calls left (``command(_:)``), if any: what the update thread does
    /// when it is woken for them between two updates. Returns how long the loop may wait now before
    /// its next update (``RuntimeCore/realtimeWait``): a command may have started something that
    /// moves, which brings the next update within a period.
    ///
    /// The writes are made without the runtime's lock, which the game's calls wait for: they are
    /// taken under it, made holding only the mirror's work lock (OpenAL calls and nothing else), and
    /// what needs the runtime (a voice's clock starting, a failure to report) is done after, in a
    /// step. A game's call meanwhile waits only for the taking and that step, not for OpenAL.
    func runDeferredWrites() -> (wait: Double, quiet: Bool) {
        let mirror = core.mirror
        let taken = exclusive { depth == 0 && mirror.takeWritesForAudioThread() }
        let leftForStep = taken && mirror.withWork { mirror.makeWritesOnAudioThread() }
        return exclusive {
            if depth == 0, leftForStep || mirror.inFlight != nil { step(changing: false) { _ in } }
            return core.realtimeWait
        }
    }

    /// Runs the real-time loop's update: like ``read(_:)``, a step that leaves ``RuntimeCore/quietUntil``
    /// alone, so that an update with nothing due stays quiet (the update itself changes only time,
    /// unless it finds work). Returns how long to wait before the next (``RuntimeCore/realtimeWait``).
    func update() -> (wait: Double, quiet: Bool) {
        handleInbox()
        prepareDeviceAttempt()
        // The update uses OpenAL, so it takes the work lock too, which a loading thread may hold for
        // a while (a large sound's upload, ``ALMirror/uploadAhead(_:into:)``). It does not wait for it
        // holding the runtime's lock, where every game call would wait behind it: it comes back in
        // a millisecond.
        let ran = exclusive { () -> (wait: Double, quiet: Bool)? in
            guard let tookWork = core.mirror.takeWorkIfFree() else { return nil }
            defer { if tookWork { core.mirror.letGoOfWork() } }
            return step(changing: false) { core in
                core.realtimeUpdates &+= 1
                core.update()
                // An output opened ahead that the update did not take (the phase changed meanwhile).
                core.mirror.retirePrepared()
                return core.realtimeWait
            }
        }
        return ran ?? (wait: Self.workBusyRetrySeconds, quiet: false)
    }

    /// How soon the update comes back when the work lock was busy (``update()``).
    static let workBusyRetrySeconds = 0.001

    /// While the runtime waits for a device and an attempt is due, opens the output here, without
    /// the lock, as for a media-services reset (``PreparedOutput``): a sound server that is coming
    /// back can take a while to get a stream ready, or refuse it after a while, and the game's calls
    /// would wait for every attempt. The update then rebuilds on what opened, or, when nothing
    /// did, counts the attempt as failed and waits for the next (``RuntimeCore/deviceAttemptFailedAhead()``).
    private func prepareDeviceAttempt() {
        guard let request = exclusive({ depth == 0 ? core.deviceAttemptToPrepare() : nil }) else { return }
        let output = PreparedOutput.open(request)
        exclusive {
            if let output {
                core.mirror.withWork { core.mirror.offer(output) }
            } else {
                core.deviceAttemptFailedAhead()
            }
        }
    }

    /// What a step of the game or a notification calls (the real-time loop's ``RealtimeLoop/wake()``),
    /// so that an update follows what it started without waiting out a quiet stretch. Read and set
    /// with the lock held (``wakeWith(_:)``).
    @exclusivity(unchecked) var wake: @Sendable () -> Void = {}

    /// What a game's call that left writes calls (the real-time loop's ``RealtimeLoop/wakeForWrites()``).
    @exclusivity(unchecked) private var wakeForWrites: @Sendable () -> Void = {}

    /// Sets what steps and notifications wake (the real-time loop), what wakes it for writes a
    /// game's call left, and what wakes it for a whole update at once (a stream's first blocks are
    /// decoded: ``RuntimeCore/wakeForUpdate``; the server output lost; the system's status moved),
    /// under the lock.
    func wakeWith(_ wake: @escaping @Sendable () -> Void, forWrites: @escaping @Sendable () -> Void,
                  forUpdate: @escaping @Sendable () -> Void) {
        exclusive {
            self.wake = wake
            self.wakeForWrites = forWrites
            core.wakeForUpdate = forUpdate
            core.mirror.wakeOnDisconnection = forUpdate
            core.systemTellsStatusMoves = core.session.whenStatusMoves(forUpdate)
        }
    }

    /// Renders headless output: a step that changes nothing but time, run at every block, so it
    /// leaves two things out.
    /// - It keeps ``RuntimeCore/quietUntil``: an update with nothing due stays quiet.
    /// - It does not make the context current first. Mixing the loopback device needs no current
    ///   context, and each part of a render that calls into the context (the whole update, the
    ///   silencing) makes it current itself. A step nested in the render (a notification handled
    ///   between blocks) adopts the context as an outermost step would.
    ///
    /// A block whose update logged events ends the step before it mixes: the lock is let go, the
    /// observers get the events, and the render goes on in a new step, with what an observer's
    /// call recorded made first (inside another step, which holds the lock, it renders at once).
    func render(into buffer: UnsafeMutableBufferPointer<Float>) throws(GameSoundError) {
        let returnsForEvents = !lock.isHeldByCurrentThread
        var done = 0, resuming = false
        repeat {
            let rest = UnsafeMutableBufferPointer(rebasing: buffer[(done * 2)...])
            done += try exclusive { () throws(GameSoundError) -> Int in
                let tookWork = core.mirror.takeWork()
                defer { if tookWork { core.mirror.letGoOfWork() } }
                let wasUnadopted = renderingUnadopted
                // The writes the game's calls left since the last render are made before anything mixes.
                if depth == 0, core.mirror.hasDeferredWork { core.adoptContext() }
                if depth == 0 { renderingUnadopted = true }
                depth += 1
                defer {
                    depth -= 1
                    renderingUnadopted = wasUnadopted
                    if depth == 0 {
                        if core.heldBack { handleDeferred() }
                        core.mirror.releaseThread()
                    }
                }
                return try core.render(into: rest, resuming: resuming, returnsForEvents: returnsForEvents && depth == 1)
            }
            resuming = true
        } while done < buffer.count / 2
    }
}
