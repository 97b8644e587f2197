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

    /// Whether the full list of keys replaces the event log (key `?`).
    private var showsAllKeys = false
    /// The bus that `-` and `+` turn down and up (Tab picks the next one).
    private var selectedBus = BusName.music
    /// How much one press of `-` or `+` moves a bus's volume.
    static let volumeStep: Float = 0.1
    private let logPath: String?

    /// An event as the panel lists it: seconds with milliseconds, then who and what.
    static func line(for event: GameSoundEvent) -> String {
        let details = event.details.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        return String(format: "%8.3f s  ", event.time) + "\(event.origin.rawValue) \(event.name)"
            + (details.isEmpty ? "" : " " + details)
    }

    init(runtime: GameSoundRuntime, logPath: String? = nil) {
        self.logPath = logPath
        self.runtime = runtime
        let recorder = self.recorder
        observation = runtime.addEventObserver { event in
            guard event.origin != .game || event.name == "effectDropped" else { return }
            recorder.append(Self.line(for: event))
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
        .init(key: "\t", label: "select the next bus (tab)") { board in
            let names = board.runtime.busNames
            let next = ((names.firstIndex(of: board.selectedBus) ?? 0) + 1) % names.count
            board.selectedBus = names[next]
        },
        .init(key: "-", label: "selected bus quieter") { try $0.stepSelectedBus(by: -Self.volumeStep) },
        .init(key: "+", label: "selected bus louder") { try $0.stepSelectedBus(by: Self.volumeStep) },
        .init(key: "=", label: "selected bus louder") { try $0.stepSelectedBus(by: Self.volumeStep) },
        .init(key: "M", label: "mute/unmute music") { board in
            try board.runtime.setBusMuted(.music, board.status(of: .music)?.isMuted != true)
        },
        .init(key: "P", label: "pause menu: effects and music paused/resumed") { board in
            let paused = board.status(of: .effects)?.isPaused != true
            try board.runtime.setBusPaused(.effects, paused)
            try board.runtime.setBusPaused(.music, paused)
        },
    ]

    private func status(of bus: BusName) -> BusStatus? { runtime.buses.first { $0.name == bus } }

    /// Moves the selected bus's volume by `step` (between 0 and 1), ramped over 50 ms so it does not click.
    private func stepSelectedBus(by step: Float) throws {
        let volume = min(1, max(0, (runtime.busVolume(selectedBus) ?? 1) + step))
        try runtime.setBusVolume(selectedBus, (volume * 10).rounded() / 10, over: 0.05)
    }

    /// Runs until `q`.
    func run() {
        Terminal.enterRawMode(logPath: logPath)
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
            } else if key == "?" {
                showsAllKeys.toggle()
                message = showsAllKeys ? "all keys (? again for the events)" : "events"
            } else if let binding = bindings.first(where: { $0.key == key }) {
                try binding.action(self)
                message = binding.label
            }
        } catch {
            message = "refused: \(error)"
        }
    }

    /// The panel, as text, fitted to `columns` × `rows`: every line is cut to the width (nothing
    /// wraps), and the event log gets the rows that are left. Every line comes from one snapshot of
    /// the runtime, so no two lines can disagree.
    func panel(columns: Int = 80, rows: Int = 24) -> String {
        guard columns >= 50, rows >= 12 else {
            return Self.fit(["terminal too small: the panel needs 50×12 (this is \(columns)×\(rows))", "q quits"],
                            columns: columns, rows: rows)
        }
        let now = runtime.snapshot
        let session = now.session
        let state: String =
            switch now.state {
            case .running: "active"
            case .interrupted: "INTERRUPTED"
            case .inactive: "inactive"
            case .mediaServicesLost: "MEDIA SERVICES LOST"
            case .awaitingDevice: "NO OUTPUT DEVICE"
            case .stopped: "stopped"
            }
        var marks: [String] = []
        if let cause = now.silenceCause { marks.append("SILENCED (\(cause.name))") }
        if now.isDucked { marks.append("DUCKED") }
        if session.secondaryAudioShouldBeSilencedHint { marks.append("HINT") }
        let position = now.soundtrackPosition.map { String(format: " %.1f s", Double($0) / Double(now.sampleRate)) } ?? ""
        let track: String =
            switch now.soundtrack {
            case .playing: "playing" + position
            case .paused: "paused" + position
            case .heldForOtherAudio: "held: other audio plays"
            case .stopped: "none"
            }
        var lines = [
            "GameSound shooter soundboard" + String(repeating: " ", count: max(1, columns - 28 - 16)) + "? keys  q quit",
            "you hear    " + now.whatYouHear,
            "session     \(session.category.name), \(state)" + (marks.isEmpty ? "" : "  " + marks.joined(separator: " ")),
            systemLine(route: session.currentRoute.name),
            "soundtrack  \(track)   voices \(now.voicesInUse)/\(now.voices)",
            "buses       " + busLine(now.buses),
        ] + [("out", now.levels.output), ("fx", now.levels.effects), ("music", now.levels.soundtrack)].map { name, level in
            Self.meter(name, level, columns: columns)
        } + [
            "keys        1-9 fire  p call  a accept  h hang up  l alarm  u music  n nav  s switch  e phones  tab -/+ M P",
            "> \(message)",
        ]
        if showsAllKeys {
            lines.append("keys:")
            lines += ["  1-9 fire: " + Self.effects.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: " ")]
            lines += bindings.map { "  \($0.key)  \($0.label)" }
        } else {
            lines.append("events (seconds since start):")
            lines += recorder.latest(max(0, rows - lines.count)).map { "  " + $0 }
        }
        return Self.fit(lines, columns: columns, rows: rows)
    }

    /// Each bus's volume in percent, the selected one marked `>`, muted ones `(muted)`, paused ones `(paused)`.
    private func busLine(_ buses: [BusStatus]) -> String {
        buses.map { bus in
            let marks = (bus.isMuted ? " muted" : "") + (bus.isPaused ? " paused" : "") + (bus.duckGain < 1 ? " ducked" : "")
            return (bus.name == selectedBus ? ">" : "") + "\(bus.name) \(Int((bus.volume * 100).rounded()))%" + marks
        }.joined(separator: "  ")
    }

    /// The quietest level a meter shows; anything below reads as an empty bar.
    static let meterFloor: Float = -60

    /// One meter line: for each side, a bar filled to the RMS level (`█`), shaded on to the peak
    /// (`▒`), and the RMS in dBFS; the bars share what `columns` leaves after the label and numbers.
    static func meter(_ name: String, _ level: StereoLevel, columns: Int) -> String {
        let width = max(4, (columns - 1 - 12 - 2 * 9) / 2)
        func side(_ label: String, _ channel: ChannelLevel) -> String {
            func cells(_ dB: Float) -> Int {
                dB.isFinite ? Int(((max(dB, meterFloor) - meterFloor) / -meterFloor * Float(width)).rounded()) : 0
            }
            let rms = cells(channel.rmsDBFS), peak = max(rms, cells(channel.peakDBFS))
            let bar = String(repeating: "█", count: rms) + String(repeating: "▒", count: peak - rms)
                + String(repeating: "·", count: width - peak)
            let number = channel.rmsDBFS.isFinite ? String(format: "%5.1f", max(channel.rmsDBFS, -99)) : " -inf"
            return "\(label) \(bar) \(number)"
        }
        return name.padding(toLength: 12, withPad: " ", startingAt: 0) + side("L", level.left) + "  " + side("R", level.right)
    }

    /// At most `rows` lines, each at most `columns` - 1 characters (the last column is left free, so
    /// no terminal wraps), cut with "…".
    static func fit(_ lines: [String], columns: Int, rows: Int) -> String {
        lines.prefix(rows).map { line in
            line.count < columns ? line : String(line.prefix(max(0, columns - 2))) + "…"
        }.joined(separator: "\n")
    }

    private func draw() {
        let size = Terminal.size
        let text = panel(columns: size.columns, rows: size.rows).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0 + "\u{1B}[K" }.joined(separator: "\r\n")
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
