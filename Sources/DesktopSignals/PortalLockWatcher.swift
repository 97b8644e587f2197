// SPDX-License-Identifier: Zlib
import Glibc
import Logging
import Synchronization

/// Watches the screen lock through the desktop portal, for a game that cannot reach logind: inside
/// Flatpak there is no system bus unless the manifest asks for one, but the portal
/// (`org.freedesktop.portal.Desktop` on the session bus) still tells an app whether the screensaver
/// is active: `org.freedesktop.portal.Inhibit.CreateMonitor` starts a monitor session, and its
/// `StateChanged` signal carries `screensaver-active`. The portal's answer to `CreateMonitor` is a
/// request whose `Response` gives the session; a `StateChanged` in the "query end" state (the
/// desktop session ending) is acknowledged with `QueryEndResponse`, as the portal asks.
/// Everything happens on the bus connection's thread.
final class PortalLockWatcher: BusWatcher, @unchecked Sendable {
    // @unchecked: `session` is touched only on the bus thread.
    static let service = "org.freedesktop.portal.Desktop"
    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Inhibit"
    /// How long the portal may take to answer.
    static let callTimeout = 1.0
    /// The portal's session state for "the session is about to end".
    static let queryEnd: UInt32 = 3

    /// The monitor's session, once the portal's `Response` gave it.
    private var session: String?
    /// Why the watcher is off, once it is (the first reason: a failed call is followed by sd-bus's
    /// own report of the same lost connection), and whether it was said: only once the watcher is
    /// kept (``keep()``), since it starts beside logind's and is dropped if logind answers.
    private let offState = Mutex<(reason: String?, kept: Bool, said: Bool)>((nil, false, false))

    /// Connects to the session bus and asks the portal for a monitor, waiting at most `timeout`
    /// seconds. Says nothing until ``keep()``: whether the portal is needed depends on logind.
    ///
    /// - Returns: The watcher; it is off (and says why once kept) when there is no session bus, no
    ///   portal on it, or the portal refuses or does not answer.
    static func start(model: SignalsModel, logger: Logger, timeout: Double = 2) -> PortalLockWatcher {
        let watcher = PortalLockWatcher(model: model, logger: logger)
        do throws(DBusError) {
            watcher.connection = try DBusConnection(.session) { [weak watcher] error in watcher?.busLost(error) }
        } catch {
            watcher.off("no session bus (\(error.description))")
            return watcher
        }
        let ready = watcher.connection?.performAndWait(timeout: timeout) { [watcher] in watcher.createMonitor() }
        if ready != true {
            watcher.off("the session bus did not answer within \(timeout) s")
            watcher.close()
        }
        return watcher
    }

    /// Whether the monitor works: nothing has turned the watcher off (yet).
    var isOn: Bool { offState.withLock { $0.reason == nil } }

    /// The watcher is needed (logind is off): from now on it says when it is off, and says now if it
    /// already is.
    func keep() {
        let reason = offState.withLock { state -> String? in
            state.kept = true
            guard let reason = state.reason, !state.said else { return nil }
            state.said = true
            return reason
        }
        if let reason { say(reason) }
    }

    private func off(_ reason: String) {
        let now = offState.withLock { state -> Bool in
            guard state.reason == nil else { return false }
            state.reason = reason
            state.said = state.kept
            return state.kept
        }
        if now { say(reason) }
    }

    private func say(_ reason: String) {
        logger.warning("the screen lock is not seen: logind is off and the desktop portal's monitor is unavailable: \(reason)",
                       metadata: DesktopLogCode.portalUnavailable.metadata)
    }

    // MARK: - On the bus thread

    /// Subscribes to the monitor's signals, then asks for it; the watcher is off when the portal is
    /// not there or refuses.
    private func createMonitor() {
        guard let connection else { return }
        do throws(DBusError) {
            try connection.addMatch(
                "type='signal',sender='\(Self.service)',path='\(Self.path)',interface='\(Self.interface)',member='StateChanged'"
            ) { [self] message in stateChanged(message) }
            // Any request of this connection: the portal's reply names it, but the Response may
            // come right behind the reply, so the match must be there first.
            try connection.addMatch(
                "type='signal',sender='\(Self.service)',interface='org.freedesktop.portal.Request',member='Response'"
            ) { [self] message in response(message) }
        } catch {
            off("the session bus refused to subscribe (\(error.description))")
            connection.close()
            return
        }
        let token = "gamesound\(getpid())"
        switch connection.call(Self.service, Self.path, Self.interface, "CreateMonitor",
                               [.string(""), .options(["handle_token": token, "session_handle_token": token])],
                               timeout: Self.callTimeout) {
        case .success:
            break
        case .failure(let error):
            off(error.description)
            connection.close()
        }
    }

    /// The request's end: `0` and the session's handle, or a refusal.
    private func response(_ message: DBusMessage) {
        guard session == nil, let code = try? message.uint32() else { return }
        guard code == 0 else {
            off("the portal refused the monitor (response \(code))")
            return
        }
        var handle: String?
        try? message.properties { (key: String) throws(DBusMessageError) in
            // The portal's documentation types it `s` (an object path's text).
            if key == "session_handle" {
                handle = try message.variant(holding: "s", { () throws(DBusMessageError) in try message.string() })
            } else {
                try message.skip("v")
            }
        }
        session = handle
    }

    /// `StateChanged(session, state)`: the screensaver's state is the screen lock.
    private func stateChanged(_ message: DBusMessage) {
        guard let handle = try? message.string("o") else { return }
        var active: Bool?
        var state: UInt32?
        try? message.properties { (key: String) throws(DBusMessageError) in
            switch key {
            case "screensaver-active":
                active = try message.variant(holding: "b", { () throws(DBusMessageError) in try message.bool() })
            case "session-state":
                state = try message.variant(holding: "u", { () throws(DBusMessageError) in try message.uint32() })
            default:
                try message.skip("v")
            }
        }
        if let active { model.report { signals, _ in signals.setLocked(active) } }
        if state == Self.queryEnd, let connection {
            _ = connection.call(Self.service, Self.path, Self.interface, "QueryEndResponse", [.objectPath(handle)],
                                timeout: Self.callTimeout)
        }
    }

    private func busLost(_ error: DBusError) {
        off("the session bus went away (\(error.description))")
        model.report { signals, _ in signals.setLocked(false) }
    }
}
