// SPDX-License-Identifier: Zlib
import CSDBus
import Dispatch
import Glibc
import Synchronization

/// One connection to a bus, used only on a thread of its own.
///
/// Every sd-bus call happens on that thread: jobs handed to ``perform(_:)`` run there in order, and
/// so do the handlers of signals matched with ``addMatch(_:handler:)``. A game's thread never waits
/// for the bus, and each method call waits at most its timeout. When the bus goes away, the
/// connection stops and calls `onLost` once, on its thread.
final class DBusConnection: @unchecked Sendable {
    // @unchecked: `bus` and `matches` are touched only on the connection's thread once it runs (and
    // before, by `init`); the rest is immutable or behind a Mutex.
    private let bus: OpaquePointer
    private let wakeFD: Int32
    private let jobs = Mutex<(pending: [@Sendable () -> Void], stopping: Bool)>(([], false))
    private let finished = DispatchSemaphore(value: 0)
    /// The connection's thread, once it runs: `close()` called there must not wait for itself.
    private let loopThread = Mutex<pthread_t?>(nil)
    private var matches: [MatchHandler] = []
    private let onLost: @Sendable (DBusError) -> Void
    let busKind: DBusBus

    /// Connects to a bus and starts the connection's thread.
    ///
    /// - Parameters:
    ///   - kind: The session or the system bus.
    ///   - onLost: Called once, on the connection's thread, if the bus goes away.
    /// - Throws: ``DBusError`` when libsystemd cannot be loaded (the first connection loads it), or
    ///   the bus's socket is not there or refuses the connection.
    init(_ kind: DBusBus, onLost: @escaping @Sendable (DBusError) -> Void) throws(DBusError) {
        try LibSystemd.load()
        var bus: OpaquePointer?
        let result: Int32
        if kind == .session, let path = Self.sandboxedSessionBusPath() {
            result = Self.openThroughRelay(path, &bus)
        } else {
            result = kind == .session ? libsystemd.sd_bus_open_user(&bus) : libsystemd.sd_bus_open_system(&bus)
        }
        guard result >= 0, let bus else {
            throw DBusError(operation: "connecting to the \(kind.name)", name: nil,
                            message: String(cString: strerror(-result)), code: result)
        }
        self.bus = bus
        busKind = kind
        wakeFD = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        self.onLost = onLost
        // A serial queue of its own is the connection's thread (as the runtime's update loop does it):
        // its one job runs until `close()`.
        DispatchQueue(label: "GameSound.DBus.\(kind == .session ? "session" : "system")").async { [self] in
            loopThread.withLock { $0 = pthread_self() }
            run()
        }
    }

    deinit {
        Glibc.close(wakeFD)
    }

    /// Runs `job` on the connection's thread, after the jobs handed over before it.
    func perform(_ job: @escaping @Sendable () -> Void) {
        let accepted = jobs.withLock { state -> Bool in
            guard !state.stopping else { return false }
            state.pending.append(job)
            return true
        }
        if accepted { wake() }
    }

    /// Runs `job` on the connection's thread, after the jobs handed over before it, and waits for it
    /// at most `timeout` seconds (never call it on that thread).
    ///
    /// - Returns: Whether the job ran within the time; false too when the connection is closing.
    @discardableResult
    func performAndWait(timeout: Double, _ job: @escaping @Sendable () -> Void = {}) -> Bool {
        let done = DispatchSemaphore(value: 0)
        perform {
            job()
            done.signal()
        }
        return done.wait(timeout: .now() + timeout) == .success
    }

    /// Stops the thread, waits for it (unless called on it), and closes the connection.
    func close() {
        let wasStopping = jobs.withLock { state -> Bool in
            defer { state.stopping = true }
            return state.stopping
        }
        guard !wasStopping else { return }
        wake()
        let onLoopThread = loopThread.withLock { thread in thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        if !onLoopThread { finished.wait() }
    }

    /// Inside Flatpak, the session bus socket (its `unix:path=`): it is Flatpak's filtering proxy,
    /// which before xdg-dbus-proxy 0.1.6 cannot take sd-bus's handshake, so the connection goes
    /// through the authentication relay (`gamesound_auth_relay_connect`). nil elsewhere, or for an
    /// address that is not a socket path.
    private static func sandboxedSessionBusPath() -> String? {
        guard Flatpak.isSandbox else { return nil }
        let address = getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) }
            ?? getenv("XDG_RUNTIME_DIR").map { "unix:path=\(String(cString: $0))/bus" }
        guard let address, address.hasPrefix("unix:path=") else { return nil }
        return String(address.dropFirst("unix:path=".count).prefix { $0 != "," })
    }

    /// A bus client on the relay's end of the socket, with no file descriptors passed (the relay
    /// copies bytes only). - Returns: sd-bus's result (negative errno on failure).
    private static func openThroughRelay(_ path: String, _ bus: inout OpaquePointer?) -> Int32 {
        let fd = gamesound_auth_relay_connect(path)
        guard fd >= 0 else { return -errno }
        var result = libsystemd.sd_bus_new(&bus)
        guard result >= 0, let opened = bus else {
            Glibc.close(fd)
            return result
        }
        result = libsystemd.sd_bus_set_fd(opened, fd, fd)
        if result < 0 { Glibc.close(fd) }
        if result >= 0 { result = libsystemd.sd_bus_set_bus_client(opened, 1) }
        if result >= 0 { result = libsystemd.sd_bus_negotiate_fds(opened, 0) }
        if result >= 0 { result = libsystemd.sd_bus_start(opened) }
        if result < 0 {
            _ = libsystemd.sd_bus_flush_close_unref(opened)
            bus = nil
        }
        return result
    }

    // MARK: - On the connection's thread

    /// Calls a method and waits for its reply, at most `timeout` seconds.
    func call(
        _ destination: String, _ path: String, _ interface: String, _ member: String,
        _ arguments: [DBusArgument] = [], timeout: Double
    ) -> Result<DBusMessage, DBusError> {
        let operation = "\(interface).\(member) on \(destination)"
        var request: OpaquePointer?
        var result = libsystemd.sd_bus_message_new_method_call(bus, &request, destination, path, interface, member)
        guard result >= 0, let request else { return .failure(localError(operation, result)) }
        defer { _ = libsystemd.sd_bus_message_unref(request) }
        for argument in arguments {
            switch argument {
            case .string(let text):
                result = text.withCString { libsystemd.sd_bus_message_append_basic(request, CChar(UInt8(ascii: "s")), $0) }
            case .uint32(var number):
                result = libsystemd.sd_bus_message_append_basic(request, CChar(UInt8(ascii: "u")), &number)
            case .uint64(var number):
                result = libsystemd.sd_bus_message_append_basic(request, CChar(UInt8(ascii: "t")), &number)
            case .objectPath(let path):
                result = path.withCString { libsystemd.sd_bus_message_append_basic(request, CChar(UInt8(ascii: "o")), $0) }
            case .options(let options):
                let writer = DBusWriter(request)
                writer.options(options)
                result = writer.result
            }
            guard result >= 0 else { return .failure(localError(operation, result)) }
        }
        var error = gs_sd_bus_error_null()
        defer { libsystemd.sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        result = libsystemd.sd_bus_call(bus, request, UInt64(timeout * 1_000_000), &error, &reply)
        guard result >= 0, let reply else {
            return .failure(DBusError(
                operation: operation, name: error.name.map { String(cString: $0) },
                message: error.message.map { String(cString: $0) } ?? String(cString: strerror(-result)), code: result))
        }
        return .success(DBusMessage(adopting: reply))
    }

    /// Reads one property with `org.freedesktop.DBus.Properties.Get`.
    func property(
        _ destination: String, _ path: String, _ interface: String, _ name: String, timeout: Double
    ) -> Result<DBusMessage, DBusError> {
        call(destination, path, "org.freedesktop.DBus.Properties", "Get", [.string(interface), .string(name)],
             timeout: timeout)
    }

    /// Subscribes to the signals a match rule selects; `handler` runs on the connection's thread.
    ///
    /// - Throws: ``DBusError`` when the bus refuses the rule.
    func addMatch(_ rule: String, handler: @escaping (DBusMessage) -> Void) throws(DBusError) {
        let box = MatchHandler(handler)
        let result = libsystemd.sd_bus_add_match(bus, nil, rule, { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            Unmanaged<MatchHandler>.fromOpaque(userdata).takeUnretainedValue().handler(DBusMessage(borrowing: message))
            return 0
        }, Unmanaged.passUnretained(box).toOpaque())
        guard result >= 0 else { throw localError("AddMatch \(rule)", result) }
        matches.append(box)
    }

    /// Asks the bus for a well-known name, to be reached by it (an MPRIS player's
    /// `org.mpris.MediaPlayer2.…`); fails when another connection holds it.
    func requestName(_ name: String) -> Result<Void, DBusError> {
        let result = libsystemd.sd_bus_request_name(bus, name, 0)
        return result >= 0 ? .success(()) : .failure(localError("RequestName \(name)", result))
    }

    /// Gives a well-known name back to the bus.
    func releaseName(_ name: String) {
        _ = libsystemd.sd_bus_release_name(bus, name)
    }

    /// Serves an interface at `path`, described by a vtable of the C shim whose entries call
    /// `handlers` (which must outlive the object).
    ///
    /// - Returns: The slot; ``removeObject(_:)`` with it stops serving the interface.
    /// - Throws: ``DBusError`` when sd-bus refuses the vtable.
    func addObject(
        path: String, interface: String, vtable: UnsafePointer<sd_bus_vtable>,
        handlers: UnsafeMutablePointer<gs_sd_bus_object_handlers>
    ) throws(DBusError) -> OpaquePointer {
        var slot: OpaquePointer?
        let result = libsystemd.sd_bus_add_object_vtable(bus, &slot, path, interface, vtable, handlers)
        guard result >= 0, let slot else { throw localError("serving \(interface) at \(path)", result) }
        return slot
    }

    /// Stops serving an interface added with ``addObject(path:interface:vtable:handlers:)``.
    func removeObject(_ slot: OpaquePointer) {
        _ = libsystemd.sd_bus_slot_unref(slot)
    }

    /// Tells the bus that a served property changed (`PropertiesChanged`, with its new value).
    func emitPropertyChanged(path: String, interface: String, property: String) {
        _ = gamesound_sd_bus_emit_property_changed(bus, path, interface, property)
    }

    /// The caller's own unique name on the bus.
    var uniqueName: String? {
        var name: UnsafePointer<CChar>?
        guard libsystemd.sd_bus_get_unique_name(bus, &name) >= 0, let name else { return nil }
        return String(cString: name)
    }

    private func run() {
        var lost: DBusError?
        while lost == nil {
            let (pending, stopping) = jobs.withLock { state in
                defer { state.pending = [] }
                return (state.pending, state.stopping)
            }
            // Jobs handed over before `close()` still run (a resume asked for at shutdown), then it stops.
            for job in pending { job() }
            if stopping { break }
            lost = processAll() ?? waitForActivity()
        }
        if let lost { onLost(lost) }
        jobs.withLock { $0.stopping = true }
        matches = []
        _ = libsystemd.sd_bus_flush_close_unref(bus)
        finished.signal()
    }

    /// Handles every message that has arrived; returns the error when the bus is gone.
    private func processAll() -> DBusError? {
        while true {
            let result = libsystemd.sd_bus_process(bus, nil)
            if result < 0 { return localError("the \(busKind.name)", result) }
            if result == 0 { return nil }
        }
    }

    /// Sleeps until the bus or a new job needs the thread.
    private func waitForActivity() -> DBusError? {
        let events = libsystemd.sd_bus_get_events(bus)
        if events < 0 { return localError("the \(busKind.name)", events) }
        var fds = [pollfd(fd: libsystemd.sd_bus_get_fd(bus), events: Int16(events), revents: 0),
                   pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)]
        _ = poll(&fds, 2, pollTimeoutMilliseconds())
        if fds[1].revents != 0 {
            var count: UInt64 = 0
            _ = read(wakeFD, &count, 8)
        }
        return nil
    }

    /// sd-bus's next deadline (a pending call's timeout) as poll's relative milliseconds, or -1.
    private func pollTimeoutMilliseconds() -> Int32 {
        var deadline: UInt64 = 0
        guard libsystemd.sd_bus_get_timeout(bus, &deadline) >= 0, deadline != UInt64.max else { return -1 }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nowMicroseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
        guard deadline > nowMicroseconds else { return 0 }
        return Int32(min((deadline - nowMicroseconds + 999) / 1_000, 60_000))
    }

    private func wake() {
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    private func localError(_ operation: String, _ result: Int32) -> DBusError {
        DBusError(operation: operation, name: nil, message: String(cString: strerror(-result)), code: result)
    }
}

/// A signal handler kept alive for as long as its match is registered.
private final class MatchHandler {
    let handler: (DBusMessage) -> Void
    init(_ handler: @escaping (DBusMessage) -> Void) { self.handler = handler }
}
