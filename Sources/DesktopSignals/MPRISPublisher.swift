// SPDX-License-Identifier: Zlib
import AudioSession
import CSDBus
import Dispatch
import Glibc
import Logging

/// The game's own MPRIS player on the session bus: what a Now Playing game shows in the desktop's
/// media controls, and where their commands (media keys, a headset's button, `playerctl`) arrive.
///
/// It owns `org.mpris.MediaPlayer2.gamesound.instance<pid>` (inside Flatpak `org.mpris.MediaPlayer2.<app id>`,
/// ``busName(flatpakInfo:)``) while something is shown, serving
/// `org.mpris.MediaPlayer2` and `org.mpris.MediaPlayer2.Player` at `/org/mpris/MediaPlayer2` with
/// the vtables of the C shim. `Play`, `Pause`, `PlayPause`, `Next` (and `Stop`, taken as a pause)
/// are handed to `onCommand` on the bus thread; `Previous`, `Seek`, `SetPosition`, `OpenUri`,
/// `Raise` and `Quit` do nothing, as their `Can…` properties say. A connection of its own, so that
/// a slow player the watcher waits for never delays the answer to a media key.
final class MPRISPublisher: @unchecked Sendable {
    // @unchecked: `shown`, `slots` and `ownsName` are touched only on the bus thread; `handlers`
    // is written once in `init`.
    static let trackID = "/org/gamesound/soundtrack"
    let busName = MPRISPublisher.busName(flatpakInfo: Flatpak.infoPath)

    /// The name the game's player owns: inside Flatpak `org.mpris.MediaPlayer2.<app id>`, the one
    /// name there the sandbox lets an app own; elsewhere `org.mpris.MediaPlayer2.gamesound.instance<pid>`,
    /// which MPRIS asks of a player that may run more than once.
    ///
    /// - Parameter flatpakInfo: Where Flatpak describes the sandbox (`/.flatpak-info`); its
    ///   `[Application]` group's `name` is the app id.
    static func busName(flatpakInfo: String) -> String {
        if let appID = flatpakAppID(infoPath: flatpakInfo) { return "org.mpris.MediaPlayer2.\(appID)" }
        return "org.mpris.MediaPlayer2.gamesound.instance\(getpid())"
    }

    /// The app id Flatpak runs the game under, from its sandbox description; nil outside Flatpak or
    /// for an id that cannot be part of a bus name.
    static func flatpakAppID(infoPath: String) -> String? {
        guard let file = fopen(infoPath, "r") else { return nil }
        defer { fclose(file) }
        var group = ""
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line).trimmedOfWhiteSpace
            if text.hasPrefix("[") {
                group = text
            } else if group == "[Application]", text.hasPrefix("name=") {
                let id = String(text.dropFirst("name=".count))
                // A bus name's elements: [A-Za-z0-9_-], none empty, none starting with a digit.
                let elements = id.split(separator: ".", omittingEmptySubsequences: false)
                let valid = elements.count >= 2 && elements.allSatisfy { element in
                    guard let first = element.first, !first.isNumber else { return false }
                    return element.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
                }
                return valid ? id : nil
            }
        }
        return nil
    }
    private let logger: Logger
    private let onCommand: @Sendable (RemoteCommand) -> Void
    private var connection: DBusConnection?
    private let handlers: UnsafeMutablePointer<gs_sd_bus_object_handlers>
    private var shown: NowPlayingInfo?
    private var slots: [OpaquePointer] = []
    private var ownsName = false

    /// Connects to the session bus; nothing is published until ``show(_:)``.
    ///
    /// - Returns: nil (after one log line) when there is no session bus.
    static func start(logger: Logger, onCommand: @escaping @Sendable (RemoteCommand) -> Void) -> MPRISPublisher? {
        let publisher = MPRISPublisher(logger: logger, onCommand: onCommand)
        do throws(DBusError) {
            publisher.connection = try DBusConnection(.session) { [weak publisher] error in publisher?.busLost(error) }
        } catch {
            logger.warning("the game's MPRIS player is not published: no session bus (\(error.description))",
                           metadata: DesktopLogCode.mprisPlayerUnpublished.metadata)
            return nil
        }
        return publisher
    }

    private init(logger: Logger, onCommand: @escaping @Sendable (RemoteCommand) -> Void) {
        self.logger = logger
        self.onCommand = onCommand
        handlers = .allocate(capacity: 1)
        handlers.initialize(to: gs_sd_bus_object_handlers(
            method: { call, context, _ in
                guard let call, let context else { return 0 }
                Unmanaged<MPRISPublisher>.fromOpaque(context).takeUnretainedValue().methodCalled(call)
                return 0
            },
            property: { _, property, reply, context, _ in
                guard let property, let reply, let context else { return -EINVAL }
                return Unmanaged<MPRISPublisher>.fromOpaque(context).takeUnretainedValue()
                    .append(String(cString: property), to: reply)
            },
            context: nil))
        handlers.pointee.context = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        handlers.deallocate()
    }

    /// Publishes the player with `info` (or updates what it shows), or withdraws it for nil. Done on
    /// the bus thread: the caller does not wait.
    func show(_ info: NowPlayingInfo?) {
        connection?.perform { [self] in apply(info) }
    }

    /// Waits until the jobs handed to the bus thread so far have run.
    func waitUntilIdle() {
        connection?.performAndWait(timeout: 5)
    }

    /// Withdraws the player and closes the connection.
    func close() {
        connection?.perform { [self] in apply(nil) }
        connection?.close()
    }

    // MARK: - On the bus thread

    private func apply(_ info: NowPlayingInfo?) {
        guard let connection else { return }
        let before = shown
        shown = info
        if info == nil {
            withdraw(connection)
        } else if !ownsName {
            publish(connection)
        } else {
            if before?.isPlaying != info?.isPlaying {
                connection.emitPropertyChanged(path: MPRISWatcher.path, interface: MPRISWatcher.playerInterface,
                                               property: "PlaybackStatus")
            }
            if before?.title != info?.title {
                connection.emitPropertyChanged(path: MPRISWatcher.path, interface: MPRISWatcher.playerInterface,
                                               property: "Metadata")
            }
        }
    }

    private func publish(_ connection: DBusConnection) {
        do throws(DBusError) {
            slots.append(try connection.addObject(path: MPRISWatcher.path, interface: "org.mpris.MediaPlayer2",
                                                  vtable: gamesound_mpris_root_vtable(), handlers: handlers))
            slots.append(try connection.addObject(path: MPRISWatcher.path, interface: MPRISWatcher.playerInterface,
                                                  vtable: gamesound_mpris_player_vtable(), handlers: handlers))
            try connection.requestName(busName).get()
            ownsName = true
        } catch {
            withdraw(connection)
            logger.warning("the game's MPRIS player is not published: \(error.description)",
                           metadata: DesktopLogCode.mprisPlayerUnpublished.metadata)
        }
    }

    private func withdraw(_ connection: DBusConnection) {
        if ownsName { connection.releaseName(busName) }
        ownsName = false
        for slot in slots { connection.removeObject(slot) }
        slots = []
    }

    private func methodCalled(_ call: OpaquePointer) {
        let command: RemoteCommand? = switch libsystemd.sd_bus_message_get_member(call).map({ String(cString: $0) }) {
        case "Play": .play
        case "Pause", "Stop": .pause
        case "PlayPause": .togglePlayPause
        case "Next": .nextTrack
        default: nil
        }
        if let command { onCommand(command) }
    }

    /// Appends a property's value to a reply; returns sd-bus's result (< 0 on failure).
    /// The program's name, as the media controls show it: the last part of its path (what
    /// `ProcessInfo.processName` gives, without linking Foundation into the library for it).
    private static let processName: String = {
        let path = CommandLine.arguments.first ?? ""
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty ? "game" : name
    }()

    private func append(_ property: String, to reply: OpaquePointer) -> Int32 {
        let writer = DBusWriter(reply)
        switch property {
        case "PlaybackStatus": writer.string(shown?.isPlaying == true ? "Playing" : "Paused")
        case "Metadata": writer.metadata(trackID: Self.trackID, title: shown?.title)
        case "Identity": writer.string(Self.processName)
        case "SupportedUriSchemes", "SupportedMimeTypes": writer.strings([])
        case "Rate", "MinimumRate", "MaximumRate", "Volume": writer.double(1)
        case "Position": writer.int64(0)
        case "CanGoNext", "CanPlay", "CanPause", "CanControl": writer.bool(true)
        default: writer.bool(false)  // CanQuit, CanRaise, HasTrackList, CanGoPrevious, CanSeek
        }
        return writer.result
    }

    private func busLost(_ error: DBusError) {
        logger.warning("the game's MPRIS player is gone: the session bus went away (\(error.description))",
                       metadata: DesktopLogCode.mprisBusLost.metadata)
        slots = []
        ownsName = false
    }
}
