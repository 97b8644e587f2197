// SPDX-License-Identifier: Zlib
import Glibc
import Synchronization

/// The desktop service that grants a thread of an unprivileged process a real-time priority:
/// RealtimeKit on the system bus, or the XDG Realtime portal on the session bus inside a sandbox.
///
/// Both take a thread id and a `SCHED_RR` priority, check it against their own limits
/// (`MaxRealtimePriority`, and that the process caps its real-time CPU time with `RLIMIT_RTTIME`
/// at no more than `RTTimeUSecMax` microseconds), and set the thread's policy themselves. A
/// request waits at most its timeout; it opens a bus connection of its own and closes it after.
public enum RealtimeBroker: Sendable, Equatable {
    /// `org.freedesktop.RealtimeKit1` on the system bus (`MakeThreadRealtime`).
    case realtimeKit
    /// `org.freedesktop.portal.Realtime` on the session bus (`MakeThreadRealtimeWithPID`), the
    /// way out of a Flatpak sandbox, where the system bus's RealtimeKit is not reachable.
    case portal

    /// The portal inside a Flatpak sandbox (`/.flatpak-info` exists), RealtimeKit elsewhere.
    public static var forThisProcess: RealtimeBroker {
        Flatpak.isSandbox ? .portal : .realtimeKit
    }

    /// How the service is named in messages.
    public var name: String { self == .realtimeKit ? "RealtimeKit" : "the Realtime portal" }

    private var bus: DBusBus { self == .realtimeKit ? .system : .session }
    private var destination: String { self == .realtimeKit ? "org.freedesktop.RealtimeKit1" : "org.freedesktop.portal.Desktop" }
    private var path: String { self == .realtimeKit ? "/org/freedesktop/RealtimeKit1" : "/org/freedesktop/portal/desktop" }
    private var interface: String { self == .realtimeKit ? "org.freedesktop.RealtimeKit1" : "org.freedesktop.portal.Realtime" }

    /// Asks the service to run one thread of this process at a real-time priority (`SCHED_RR`).
    ///
    /// The priority asked for is `priority`, lowered to the service's `MaxRealtimePriority`. Before
    /// asking, the process's `RLIMIT_RTTIME` is lowered to the service's `RTTimeUSecMax` when it is
    /// higher (unlimited, as it usually is): the service refuses a process whose real-time threads
    /// could keep the CPU for longer. The limit stays for the process, as PulseAudio and PipeWire
    /// leave it; it only matters to real-time threads, which the kernel signals (`SIGXCPU`) when
    /// one runs that long without blocking.
    ///
    /// - Parameters:
    ///   - thread: The thread's id (`gettid()`), a thread of this process.
    ///   - priority: The `SCHED_RR` priority wanted, 1 to 99.
    ///   - timeout: How long to wait for the bus and the service, in seconds.
    /// - Returns: The priority granted, or why none was.
    public func makeThreadRealtime(thread: Int32, priority: Int32, timeout: Double = 2) -> Result<Int32, RealtimeRefusal> {
        let connection: DBusConnection
        do throws(DBusError) {
            connection = try DBusConnection(bus) { _ in }
        } catch {
            return .failure(RealtimeRefusal(broker: self, reason: "no \(bus.name) (\(error.message))"))
        }
        defer { connection.close() }
        let outcome = Mutex<Result<Int32, RealtimeRefusal>?>(nil)
        let answered = connection.performAndWait(timeout: timeout) { [self] in
            let result = request(on: connection, thread: thread, priority: priority, timeout: timeout)
            outcome.withLock { $0 = result }
        }
        guard answered, let result = outcome.withLock({ $0 }) else {
            return .failure(RealtimeRefusal(broker: self, reason: "no answer within \(timeout) s"))
        }
        return result
    }

    /// On the connection's thread: reads the limits, lowers `RLIMIT_RTTIME`, asks.
    private func request(on connection: DBusConnection, thread: Int32, priority: Int32, timeout: Double) -> Result<Int32, RealtimeRefusal> {
        let maximum: Int32
        let rtTimeMax: Int64
        switch (readProperty("MaxRealtimePriority", on: connection, timeout: timeout) { (message) throws(DBusMessageError) in try message.int32() },
                readProperty("RTTimeUSecMax", on: connection, timeout: timeout) { (message) throws(DBusMessageError) in try message.int64() }) {
        case (.success(let priorityLimit), .success(let timeLimit)):
            maximum = priorityLimit
            rtTimeMax = timeLimit
        case (.failure(let refusal), _), (_, .failure(let refusal)):
            return .failure(refusal)
        }
        let granted = min(priority, maximum)
        guard granted >= 1 else {
            return .failure(RealtimeRefusal(broker: self, reason: "its MaxRealtimePriority is \(maximum)"))
        }
        if let problem = capRealtimeCPUTime(atMost: rtTimeMax) {
            return .failure(RealtimeRefusal(broker: self, reason: problem))
        }
        let arguments: [DBusArgument] = self == .realtimeKit
            ? [.uint64(UInt64(thread)), .uint32(UInt32(granted))]
            : [.uint64(UInt64(getpid())), .uint64(UInt64(thread)), .uint32(UInt32(granted))]
        let method = self == .realtimeKit ? "MakeThreadRealtime" : "MakeThreadRealtimeWithPID"
        switch connection.call(destination, path, interface, method, arguments, timeout: timeout) {
        case .success: return .success(granted)
        case .failure(let error): return .failure(RealtimeRefusal(broker: self, reason: error.name.map { "\($0): \(error.message)" } ?? error.message))
        }
    }

    private func readProperty<Value>(
        _ name: String, on connection: DBusConnection, timeout: Double, _ read: (DBusMessage) throws(DBusMessageError) -> Value
    ) -> Result<Value, RealtimeRefusal> {
        switch connection.property(destination, path, interface, name, timeout: timeout) {
        case .failure(let error):
            return .failure(RealtimeRefusal(broker: self, reason: error.name.map { "\($0): \(error.message)" } ?? error.message))
        case .success(let reply):
            let kind: String = Value.self == Int32.self ? "i" : "x"
            guard let value = try? reply.variant(holding: kind, { () throws(DBusMessageError) in try read(reply) }) else {
                return .failure(RealtimeRefusal(broker: self, reason: "its \(name) is not of type \(kind)"))
            }
            return .success(value)
        }
    }

    /// Lowers `RLIMIT_RTTIME` (soft and hard) to `limit` microseconds when it is higher; nil when
    /// done or not needed, else what failed.
    private func capRealtimeCPUTime(atMost limit: Int64) -> String? {
        guard limit > 0 else { return "its RTTimeUSecMax is \(limit)" }
        var current = rlimit()
        guard getrlimit(__rlimit_resource_t(__RLIMIT_RTTIME.rawValue), &current) == 0 else {
            return "RLIMIT_RTTIME cannot be read (\(String(cString: strerror(errno))))"
        }
        let wanted = rlim_t(limit)
        guard current.rlim_max > wanted || current.rlim_cur > wanted else { return nil }
        var capped = rlimit(rlim_cur: min(current.rlim_cur, wanted), rlim_max: min(current.rlim_max, wanted))
        guard setrlimit(__rlimit_resource_t(__RLIMIT_RTTIME.rawValue), &capped) == 0 else {
            return "RLIMIT_RTTIME cannot be lowered to \(limit) µs (\(String(cString: strerror(errno))))"
        }
        return nil
    }
}

/// Why a ``RealtimeBroker`` granted no real-time priority.
public struct RealtimeRefusal: Error, Sendable, CustomStringConvertible {
    /// The service asked.
    public let broker: RealtimeBroker
    /// What went wrong: no bus, no service, its answer (an error name and message), its limits.
    public let reason: String

    public var description: String { "\(broker.name): \(reason)" }
}
