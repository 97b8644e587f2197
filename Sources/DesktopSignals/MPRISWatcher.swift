// SPDX-License-Identifier: Zlib
import Dispatch
import Glibc
import Logging

/// Watches the MPRIS players on the session bus, and pauses and resumes them for the game.
///
/// Players whose `PlaybackStatus` is `Playing` are reported to the ``SignalsModel`` as other audio;
/// the game's own process never counts. Everything happens on the bus connection's thread, and
/// every call to a player waits at most ``callTimeout``.
final class MPRISWatcher: BusWatcher, @unchecked Sendable {
    // @unchecked: `players`, `pausedByUs`, `published` and `logged` are touched only on the bus thread.
    static let prefix = "org.mpris.MediaPlayer2."
    static let path = "/org/mpris/MediaPlayer2"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"
    /// How long a player may take to answer before it is left out.
    static let callTimeout = 0.5

    private let ownProcessID = UInt32(getpid())
    /// Keyed by the player's unique bus name (`:1.42`), which its signals carry.
    private var players: [String: MPRISPlayer] = [:]
    /// Players this game paused that nobody has touched since: whether each has confirmed the pause
    /// with a `Paused` report of its own, when the game paused it, and the serial of the player's
    /// answer to `Pause`.
    ///
    /// A report the player sent before that answer (a lower serial: sd-bus queues signals while a call
    /// waits for its reply) is stale whenever it is read, however late a loaded machine gets to it.
    /// Until the player confirms, and for at most ``staleWindow`` after the pause, another report from
    /// it is stale too: one a player emits late from what it knew before (mpv-mpris can). After that
    /// window, a player that never confirms is believed again.
    private var pausedByUs: [String: (confirmed: Bool, at: ContinuousClock.Instant, answer: UInt64?)] = [:]
    /// How long after the game's pause an unconfirmed player's other reports are taken as stale.
    static let staleWindow = Duration.seconds(1)
    private var published: Set<String> = []
    private var logged: Set<String> = []

    /// Connects to the session bus and learns which players play, waiting at most `timeout` seconds.
    ///
    /// - Returns: nil (after one log line) when there is no session bus.
    static func start(model: SignalsModel, logger: Logger, timeout: Double = 1.5) -> MPRISWatcher? {
        let watcher = MPRISWatcher(model: model, logger: logger)
        do throws(DBusError) {
            watcher.connection = try DBusConnection(.session) { [weak watcher] error in watcher?.busLost(error) }
        } catch {
            logger.warning("MPRIS is off: no session bus (\(error.description)); the player's music is not seen or paused",
                           metadata: DesktopLogCode.mprisNoBus.metadata)
            return nil
        }
        watcher.connection?.performAndWait(timeout: timeout) { [watcher] in watcher.subscribeAndScan() }
        return watcher
    }

    /// Pauses every player that plays now, and remembers them.
    func pausePlaying() {
        connection?.perform { [self] in
            for (unique, player) in players.sorted(by: { $0.key < $1.key }) where player.status == "Playing" {
                guard let answer = callPlayer(unique, "Pause") else { continue }
                pausedByUs[unique] = (false, .now, answer.serial)
                players[unique]?.status = "Paused"
            }
            publish()
        }
    }

    /// Resumes the players this game paused, if they are still paused.
    func resumePaused() {
        connection?.perform { [self] in
            for unique in pausedByUs.keys.sorted() where readStatus(of: unique) == "Paused" {
                callPlayer(unique, "Play")
            }
            pausedByUs = [:]
        }
    }

    // MARK: - On the bus thread

    private func subscribeAndScan() {
        guard let connection else { return }
        do throws(DBusError) {
            try connection.addMatch(
                "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0namespace='org.mpris.MediaPlayer2'"
            ) { [self] message in nameOwnerChanged(message) }
            try connection.addMatch(
                "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path='\(Self.path)',arg0='\(Self.playerInterface)'"
            ) { [self] message in propertiesChanged(message) }
        } catch {
            busLost(error)
            connection.close()
            return
        }
        let names: [String]
        switch connection.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames",
                               timeout: Self.callTimeout) {
        case .success(let reply):
            var all: [String] = []
            try? reply.array(of: "s") { () throws(DBusMessageError) in all.append(try reply.string()) }
            names = all.filter { $0.hasPrefix(Self.prefix) }
        case .failure(let error):
            busLost(error)
            connection.close()
            return
        }
        for name in names.sorted() {
            guard case .success(let reply) = connection.call(
                "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner", [.string(name)],
                timeout: Self.callTimeout), let unique = try? reply.string() else { continue }
            add(name, unique: unique)
        }
        publish()
    }

    private func nameOwnerChanged(_ message: DBusMessage) {
        guard let name = try? message.string(), let old = try? message.string(), let new = try? message.string(),
              name.hasPrefix(Self.prefix) else { return }
        if !old.isEmpty { forget(old) }
        if !new.isEmpty { add(name, unique: new) }
        publish()
    }

    private func propertiesChanged(_ message: DBusMessage) {
        guard let unique = message.sender, let player = players[unique] else { return }
        var reported: String?
        do throws(DBusMessageError) {
            _ = try message.string()
            try message.properties { (key: String) throws(DBusMessageError) in
                if key == "PlaybackStatus", let status = try message.variant(holding: "s", { () throws(DBusMessageError) in try message.string() }) {
                    reported = status
                } else {
                    try message.skip("v")
                }
            }
        } catch {
            invalid(unique, player.name, "its PropertiesChanged signal: \(error.description)")
            return
        }
        guard let reported else { return }
        guard MPRISPlayer.statuses.contains(reported) else {
            invalid(unique, player.name, "PlaybackStatus \"\(reported)\" is none of Playing, Paused, Stopped")
            return
        }
        if let paused = pausedByUs[unique] {
            if let answer = paused.answer, let serial = message.serial, serial < answer {
                // Sent before the player took the game's pause: what it says was so before.
                logger.debug("MPRIS player \(player.name) reported \(reported) before answering the game's pause; taken as stale",
                             metadata: DesktopLogCode.mprisStaleStatus.metadata)
                return
            }
            if reported == "Paused" {
                pausedByUs[unique]?.confirmed = true
            } else if paused.confirmed || ContinuousClock.now - paused.at > Self.staleWindow {
                // Someone else started or stopped it since it confirmed the game's pause (or since a pause
                // it never confirmed, long enough ago): it is theirs again.
                pausedByUs[unique] = nil
            } else {
                // Stale: it has not yet reported the pause it accepted. What plays now is read at resume.
                logger.debug("MPRIS player \(player.name) reported \(reported) before confirming the game's pause; taken as stale",
                             metadata: DesktopLogCode.mprisStaleStatus.metadata)
                return
            }
        }
        players[unique]?.status = reported
        publish()
    }

    private func add(_ name: String, unique: String) {
        guard let connection else { return }
        let pid = connection.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                  "GetConnectionUnixProcessID", [.string(unique)], timeout: Self.callTimeout)
        if case .success(let reply) = pid, (try? reply.uint32()) == ownProcessID { return }
        players[unique] = MPRISPlayer(name: name, status: "Stopped")
        guard let status = readStatus(of: unique) else { return }
        players[unique]?.status = status
    }

    private func forget(_ unique: String) {
        players[unique] = nil
        pausedByUs[unique] = nil
    }

    /// Reads a player's `PlaybackStatus`; a player that fails to answer, or answers nonsense, is
    /// left out (and logged once).
    private func readStatus(of unique: String) -> String? {
        guard let connection, let player = players[unique] else { return nil }
        switch connection.property(unique, Self.path, Self.playerInterface, "PlaybackStatus", timeout: Self.callTimeout) {
        case .success(let reply):
            let status = try? reply.variant(holding: "s") { () throws(DBusMessageError) in try reply.string() }
            guard let status, MPRISPlayer.statuses.contains(status) else {
                invalid(unique, player.name, "its PlaybackStatus is not one of Playing, Paused, Stopped")
                return nil
            }
            return status
        case .failure(let error):
            failed(unique, player.name, error)
            return nil
        }
    }

    /// Calls `Pause` or `Play`; returns the player's answer, nil when it did not accept.
    @discardableResult
    private func callPlayer(_ unique: String, _ method: String) -> DBusMessage? {
        guard let connection, let player = players[unique] else { return nil }
        switch connection.call(unique, Self.path, Self.playerInterface, method, timeout: Self.callTimeout) {
        case .success(let answer):
            return answer
        case .failure(let error):
            failed(unique, player.name, error)
            return nil
        }
    }

    private func failed(_ unique: String, _ name: String, _ error: DBusError) {
        forget(unique)
        publish()
        if error.isTimeout {
            logOnce(unique, .mprisPlayerUnanswered,
                    "MPRIS player \(name) did not answer within \(Self.callTimeout) s; it is left out (\(error.description))")
        } else {
            logOnce(unique, .mprisPlayerGone, "MPRIS player \(name) went away mid-call; it is forgotten (\(error.description))")
        }
    }

    private func invalid(_ unique: String, _ name: String, _ what: String) {
        forget(unique)
        publish()
        logOnce(unique, .mprisPlayerInvalid, "MPRIS player \(name) is left out: \(what)")
    }

    private func logOnce(_ unique: String, _ code: DesktopLogCode, _ text: String) {
        guard logged.insert("\(code.rawValue) \(unique)").inserted else { return }
        logger.warning("\(text)", metadata: code.metadata)
    }

    private func publish() {
        let playing = Set(players.filter { $0.value.status == "Playing" }.keys)
        guard playing != published else { return }
        published = playing
        model.report { signals, active in signals.setPlayingPlayers(playing, active: active) }
    }

    /// The bus failed: on a call, or (sd-bus's own report, which follows a failed call) the connection.
    /// Said once: the second report of the same loss is no news.
    private func busLost(_ error: DBusError) {
        logOnce("", .mprisBusLost, "MPRIS is off: the session bus went away (\(error.description))")
        players = [:]
        pausedByUs = [:]
        publish()
    }
}
