import AudioSession
import Foundation
import GameSound

/// The interactive soundboard: keys fire weapons and throw system events at the game, and a
/// panel shows what the session and the engine are doing.
final class Soundboard {
    static let effects = ["laser", "blaster", "torpedo", "explosion", "shield", "reload", "step", "blip", "klaxon"]

    /// A key, what it does, and how the help line names it.
    struct Binding {
        let key: Character
        let label: String
        let action: (Soundboard) throws -> Void
    }

    let runtime: GameSoundRuntime
    private var recent: [String] = []
    private let recorder = EventLines()
    private var observation: EventObservation?
    private var message = ""

    init(runtime: GameSoundRuntime) {
        self.runtime = runtime
        let recorder = self.recorder
        observation = runtime.addEventObserver { event in
            guard event.origin != .game || event.name == "effectDropped" else { return }
            recorder.append(event.description)
        }
    }

    private func toggle(_ on: Bool, _ yes: SystemAction, _ no: SystemAction) throws {
        try runtime.perform(on ? no : yes)
    }

    lazy var bindings: [Binding] = [
        .init(key: "m", label: "soundtrack on/off") { board in
            if board.runtime.isSoundtrackPlaying { try board.runtime.pauseSoundtrack() } else { try board.runtime.playSoundtrack() }
        },
        .init(key: "p", label: "phone rings") { try $0.runtime.perform(.phoneRing) },
        .init(key: "d", label: "decline") { try $0.runtime.perform(.phoneDecline) },
        .init(key: "a", label: "accept") { try $0.runtime.perform(.phoneAccept) },
        .init(key: "h", label: "hang up") { try $0.runtime.perform(.phoneHangUp) },
        .init(key: "l", label: "alarm") { try $0.runtime.perform(.alarmFire) },
        .init(key: "k", label: "dismiss alarm") { try $0.runtime.perform(.alarmDismiss) },
        .init(key: "u", label: "music app play/pause") { board in
            try board.toggle(board.runtime.simulatedSystem?.isMusicPlaying == true, .musicPlay, .musicPause)
        },
        .init(key: "n", label: "nav prompt (ducks)") { board in
            try board.toggle(board.runtime.simulatedSystem?.isOtherAppActive == true,
                             .otherAppActivate(category: .playback, options: .duckOthers), .otherAppDeactivate(notifyOthers: true))
        },
        .init(key: "s", label: "silent switch") { board in
            try board.toggle(board.runtime.simulatedSystem?.silentSwitchOn == true, .silentSwitchOn, .silentSwitchOff)
        },
        .init(key: "x", label: "screen lock") { board in
            try board.toggle(board.runtime.simulatedSystem?.screenLocked == true, .screenLock, .screenUnlock)
        },
        .init(key: "e", label: "headphones in/out") { board in
            let plugged = board.runtime.simulatedSystem?.pluggedPorts.contains(.headphones) == true
            try board.runtime.perform(plugged ? .routeUnplug(port: .headphones) : .routePlug(port: .headphones))
        },
        .init(key: "z", label: "media services lost") { try $0.runtime.perform(.mediaServicesLose) },
        .init(key: "r", label: "media services reset") { try $0.runtime.perform(.mediaServicesReset) },
        .init(key: "b", label: "app to background") { try $0.runtime.perform(.appBackground) },
        .init(key: "f", label: "app to foreground") { try $0.runtime.perform(.appForeground) },
    ]

    /// Runs until `q`.
    func run() {
        Terminal.enterRawMode()
        defer { Terminal.restore() }
        draw()
        while true {
            guard let key = Terminal.readKey(timeout: 100) else { draw(); continue }
            let character = Character(UnicodeScalar(key))
            if character == "q" { return }
            handle(character)
            draw()
        }
    }

    func handle(_ key: Character) {
        do {
            if let digit = key.wholeNumberValue, (1...Self.effects.count).contains(digit) {
                let name = Self.effects[digit - 1]
                switch try runtime.play(name, options: .init(pan: Float.random(in: -0.5...0.5))) {
                case .played: message = "fired \(name)"
                case .dropped(let reason): message = "\(name) dropped: \(reason.rawValue)"
                }
            } else if let binding = bindings.first(where: { $0.key == key }) {
                try binding.action(self)
                message = binding.label
            }
        } catch {
            message = "refused: \(error)"
        }
    }

    /// The panel, as text.
    func panel() -> String {
        let session = runtime.session
        let interrupted = session.isInterrupted ? "INTERRUPTED" : (session.isActive ? "active" : "inactive")
        let silenced = runtime.silenceCause.map { "SILENCED (\($0.name))" }
            ?? (runtime.isDucked ? "audible, DUCKED -12 dB by another app" : "audible")
        let voices = runtime.voicesInUse
        let track = runtime.isSoundtrackPlaying ? "playing" : (runtime.soundtrackPosition == nil ? "stopped" : "paused")
        let position = runtime.soundtrackPosition.map { String(format: "%.1f s", Double($0) / 48_000) } ?? "-"
        let level = runtime.isRunning && runtime.silenceCause == nil ? min(20, voices * 2 + (runtime.isSoundtrackPlaying ? 6 : 0)) : 0
        var lines = [
            "GameSound — shooter soundboard                                    q: quit",
            "",
            "  category      \(session.category.name)",
            "  session       \(interrupted)",
            "  other audio   \(session.isOtherAudioPlaying ? "playing" : "none")   secondary hint: \(session.secondaryAudioShouldBeSilencedHint ? "ON" : "off")",
            "  output        \(silenced)   route: \(session.currentRoute.name)",
            systemLine,
            "  voices        \(voices)/\(runtime.configuration.voices)",
            "  soundtrack    \(track)  \(position)",
            "  activity      [" + String(repeating: "#", count: level) + String(repeating: ".", count: 20 - level) + "]",
            "",
            "  1-9 fire: " + Self.effects.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: "  "),
        ]
        let help = bindings.map { "\($0.key) \($0.label)" }
        lines += stride(from: 0, to: help.count, by: 4).map { "  " + help[$0..<min($0 + 4, help.count)].joined(separator: " · ") }
        lines += ["", "  > \(message)", "", "  latest events:"]
        lines += recorder.latest(8).map { "    \($0)" }
        return lines.joined(separator: "\n")
    }

    private func draw() {
        let text = panel().split(separator: "\n", omittingEmptySubsequences: false).map { $0 + "\u{1B}[K" }.joined(separator: "\r\n")
        Terminal.write("\u{1B}[H" + text + "\u{1B}[J")
    }
}

/// The latest event lines, fed from the runtime's thread.
final class EventLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line); if $0.count > 50 { $0.removeFirst() } } }
    func latest(_ count: Int) -> [String] { lines.withLock { Array($0.suffix(count)) } }
}

import Synchronization
