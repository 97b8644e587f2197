// SPDX-License-Identifier: Zlib
import Dispatch
import Glibc
import Logging
import Synchronization

/// Watches logind on the system bus: the game's session locking and unlocking, and the machine
/// going to sleep and waking.
///
/// The session is the one `GetSessionByPID` names for the game's process, else `XDG_SESSION_ID`'s.
/// Its `LockedHint` and its `Lock` and `Unlock` signals become the screen lock; the manager's
/// `PrepareForSleep` becomes an interruption. Everything happens on the bus connection's thread.
final class LogindWatcher: BusWatcher, @unchecked Sendable {
    // @unchecked: `sessionPath` is touched only on the bus thread.
    static let service = "org.freedesktop.login1"
    static let managerPath = "/org/freedesktop/login1"
    static let managerInterface = "org.freedesktop.login1.Manager"
    static let sessionInterface = "org.freedesktop.login1.Session"
    /// How long logind may take to answer.
    static let callTimeout = 1.0

    private var sessionPath: String?

    /// Connects to the system bus, finds the game's session and reads whether it is locked, waiting
    /// at most `timeout` seconds.
    ///
    /// - Returns: nil (after one log line) when there is no system bus or no logind on it.
    static func start(model: SignalsModel, logger: Logger, timeout: Double = 2) -> LogindWatcher? {
        let watcher = LogindWatcher(model: model, logger: logger)
        do throws(DBusError) {
            watcher.connection = try DBusConnection(.system) { [weak watcher] error in watcher?.busLost(error) }
        } catch {
            logger.warning("logind is off: no system bus (\(error.description)); the screen lock and sleep are not seen",
                           metadata: DesktopLogCode.logindNoBus.metadata)
            return nil
        }
        let found = Mutex(false)
        let ready = watcher.connection?.performAndWait(timeout: timeout) { [watcher] in
            let subscribed = watcher.subscribe()
            found.withLock { $0 = subscribed }
        }
        guard ready == true, found.withLock({ $0 }) else {
            watcher.close()
            return nil
        }
        return watcher
    }

    // MARK: - On the bus thread

    /// Subscribes to sleep and, when the session is found, to its lock; returns false (after one
    /// log line) when logind does not answer at all.
    private func subscribe() -> Bool {
        guard let connection else { return false }
        do throws(DBusError) {
            try connection.addMatch(
                "type='signal',sender='\(Self.service)',path='\(Self.managerPath)',interface='\(Self.managerInterface)',member='PrepareForSleep'"
            ) { [self] message in
                guard let sleeping = try? message.bool() else { return }
                model.report { signals, active in signals.setAsleep(sleeping, active: active) }
            }
            switch findSession() {
            case .noLogind(let error):
                logger.warning("logind is off: it is not on the system bus (\(error.description)); the screen lock and sleep are not seen",
                               metadata: DesktopLogCode.logindNoBus.metadata)
                connection.close()
                return false
            case .notFound:
                return true
            case .found(let path):
                sessionPath = path
            }
            guard let path = sessionPath else { return true }
            try connection.addMatch(
                "type='signal',sender='\(Self.service)',path='\(path)',interface='\(Self.sessionInterface)'"
            ) { [self] message in lockSignal(message) }
            try connection.addMatch(
                "type='signal',sender='\(Self.service)',path='\(path)',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',arg0='\(Self.sessionInterface)'"
            ) { [self] message in propertiesChanged(message) }
        } catch {
            logger.warning("logind is off: the system bus refused to subscribe (\(error.description))",
                           metadata: DesktopLogCode.logindNoBus.metadata)
            connection.close()
            return false
        }
        readLockedHint()
        return true
    }

    /// The game's session's object path: `GetSessionByPID` of this process, else `XDG_SESSION_ID`.
    private func findSession() -> SessionLookup {
        guard let connection else { return .notFound }
        let byPID = connection.call(Self.service, Self.managerPath, Self.managerInterface, "GetSessionByPID",
                                    [.uint32(UInt32(getpid()))], timeout: Self.callTimeout)
        switch byPID {
        case .success(let reply):
            if let path = try? reply.string("o") { return .found(path) }
        case .failure(let error):
            if error.name == "org.freedesktop.DBus.Error.ServiceUnknown" || error.isTimeout { return .noLogind(error) }
        }
        var reason = byPID.failureDescription
        if let id = getenv("XDG_SESSION_ID").map({ String(cString: $0) }), !id.isEmpty {
            let byID = connection.call(Self.service, Self.managerPath, Self.managerInterface, "GetSession",
                                       [.string(id)], timeout: Self.callTimeout)
            if case .success(let reply) = byID, let path = try? reply.string("o") { return .found(path) }
            reason += "; XDG_SESSION_ID \(id): \(byID.failureDescription)"
        }
        logger.warning("logind does not know the game's session (\(reason)): the screen lock is not seen",
                       metadata: DesktopLogCode.logindNoSession.metadata)
        return .notFound
    }

    private enum SessionLookup {
        case found(String)
        case notFound
        case noLogind(DBusError)
    }

    private func readLockedHint() {
        guard let connection, let sessionPath,
              case .success(let reply) = connection.property(Self.service, sessionPath, Self.sessionInterface, "LockedHint",
                                                             timeout: Self.callTimeout),
              let locked = try? reply.variant(holding: "b", { () throws(DBusMessageError) in try reply.bool() }) else { return }
        model.report { signals, _ in signals.setLocked(locked) }
    }

    private func lockSignal(_ message: DBusMessage) {
        switch message.member {
        case "Lock": model.report { signals, _ in signals.setLocked(true) }
        case "Unlock": model.report { signals, _ in signals.setLocked(false) }
        default: return
        }
    }

    private func propertiesChanged(_ message: DBusMessage) {
        var locked: Bool?
        try? message.skip("s")
        try? message.properties { (key: String) throws(DBusMessageError) in
            if key == "LockedHint", let value = try message.variant(holding: "b", { () throws(DBusMessageError) in try message.bool() }) {
                locked = value
            } else {
                try message.skip("v")
            }
        }
        if let locked { model.report { signals, _ in signals.setLocked(locked) } }
    }

    private func busLost(_ error: DBusError) {
        logger.warning("logind is off: the system bus went away (\(error.description)); the lock and sleep are not seen",
                       metadata: DesktopLogCode.logindBusLost.metadata)
        // Nothing the game cannot see any more keeps it silent or interrupted.
        model.report { signals, active in
            signals.setLocked(false)
            signals.setAsleep(false, active: active)
        }
    }
}

extension Result where Failure == DBusError {
    /// The error's description, or "answered" for a success.
    var failureDescription: String {
        if case .failure(let error) = self { return error.description }
        return "answered"
    }
}
