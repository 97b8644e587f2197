// SPDX-License-Identifier: Zlib
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
    /// The sounds the soundboard placed in the world, for the radar (ended ones are dropped each frame).
    private var emitters: [Emitter] = []
    /// Which way the next fly-by goes.
    private var nextFlyByGoesRight = true

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

    /// The switches simulated on top of the desktop, when the panel runs there.
    var desktopSwitches: SimulatedSwitchesOverlay? { runtime.system as? SimulatedSwitchesOverlay }

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
            let on = board.runtime.simulatedSystem?.silentSwitchOn ?? board.desktopSwitches?.silentSwitchOn
            try board.toggle(on == true, .silentSwitchOn, .silentSwitchOff)
        },
        .init(key: "x", label: "screen lock") { board in
            let locked = board.runtime.simulatedSystem?.screenLocked ?? board.desktopSwitches?.screenLocked
            try board.toggle(locked == true, .screenLock, .screenUnlock)
        },
        .init(key: "e", label: "headphones in/out (HRTF follows)") { board in
            let plugged = board.runtime.simulatedSystem?.pluggedPorts.contains(.headphones) == true
            try board.runtime.perform(plugged ? .routeUnplug(port: .headphones) : .routePlug(port: .headphones))
        },
        .init(key: "y", label: "fly-by: a klaxon passes in front (Doppler)") { try $0.flyBy() },
        .init(key: "v", label: "next environment (reverb)") { board in
            let order = Self.environments
            let next = order[((order.firstIndex(of: board.runtime.environment) ?? 0) + 1) % order.count]
            try board.runtime.setEnvironment(next, over: 0.5)
            board.message = "environment \(next.rawValue) (crossfading over 0.5 s)"
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
                try fire(Self.effects[digit - 1], mark: Character(String(digit)))
            } else if key == "?" {
                showsAllKeys.toggle()
                message = showsAllKeys ? "all keys (? again for the events)" : "events"
            } else if let binding = bindings.first(where: { $0.key == key }) {
                message = binding.label  // an action may say more
                try binding.action(self)
            }
        } catch {
            message = "refused: \(error)"
        }
    }

    /// The panel, as text, fitted to `columns` × `rows`: every line is cut to the width (nothing
    /// wraps), and the event log gets the rows that are left. Every line but the space line and the
    /// radar comes from one snapshot of the runtime, so those lines cannot disagree; the snapshot has
    /// nothing of space, so the listener, the environment and HRTF are read just after it. From 60×15
    /// up, a radar of the sounds around the listener takes the right-hand end of the lines under the title.
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
        let showsRadar = columns >= Self.radarMinimum.columns && rows >= Self.radarMinimum.rows
        // Not in the snapshot: the runtime has no snapshot of space (see spaceLine).
        let listener = runtime.listener
        var lines = [
            "GameSound shooter soundboard" + String(repeating: " ", count: max(1, columns - 28 - 16)) + "? keys  q quit",
            "you hear    " + now.whatYouHear,
            "session     \(session.category.name), \(state)" + (marks.isEmpty ? "" : "  " + marks.joined(separator: " ")),
            systemLine(route: session.currentRoute.name),
            "soundtrack  \(track)   voices \(now.voicesInUse)/\(now.voices)",
            "buses       " + busLine(now.buses),
            spaceLine(showsRadar: showsRadar, metersExcludeHRTF: now.levels.excludesHRTF),
        ] + [("out", now.levels.output), ("fx", now.levels.effects), ("music", now.levels.soundtrack)].map { name, level in
            Self.meter(name, level, columns: columns)
        } + [
            "keys        1-9 fire  y fly-by  v reverb  e phones  p call  a accept  h hang up  l alarm  u music  n nav  s switch  tab -/+ M P",
            "> \(message)",
        ]
        if showsRadar {
            // The radar takes the right-hand end of the lines below the title; they are cut to make room.
            let width = columns - 1 - Self.radarSize.columns - 2
            for (index, row) in radar(listener: listener, frame: now.frame).enumerated() {
                let line = lines[1 + index]
                let cut = line.count <= width ? line : String(line.prefix(width - 1)) + "…"
                lines[1 + index] = cut + String(repeating: " ", count: width - cut.count + 2) + row
            }
        }
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
        tick()
        let size = Terminal.size
        let text = panel(columns: size.columns, rows: size.rows).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0 + "\u{1B}[K" }.joined(separator: "\r\n")
        Terminal.write("\u{1B}[H" + text + "\u{1B}[J")
    }
}

// MARK: - Space: sounds placed around the listener, the fly-by, and the radar

extension Soundboard {
    /// A sound the soundboard placed in the world, remembered for the radar: the runtime does not
    /// list its voices' positions, so the board keeps where it put each one (and, for a moving one,
    /// where it is heading and over which frames), and asks ``GameSoundRuntime/state(of:)`` whether
    /// it still plays.
    struct Emitter {
        let voice: Voice
        /// What the radar draws: the weapon's key, or `>` / `<` for a fly-by.
        let mark: Character
        let from: SIMDPosition
        let to: SIMDPosition
        /// The runtime frames the move spans (none for a sound that stays put).
        let startFrame: Int
        let frames: Int
        /// When the board started fading it out (a fly-by, once it has passed), in runtime frames.
        var stoppedAt: Int?

        /// Where it is at `frame`, moving in a straight line as the runtime's position ramp does.
        func position(at frame: Int) -> SIMDPosition {
            guard frames > 0 else { return to }
            let t = Float(min(max(frame - startFrame, 0), frames)) / Float(frames)
            return SIMDPosition(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t, z: from.z + (to.z - from.z) * t)
        }
    }

    /// The environments `v` steps through, in order.
    static let environments: [Environment] = [.none, .room, .hall, .cave, .corridor, .hangar, .underwater, .generic]
    /// The radar's size in characters, and how far from the listener its edges are, in the game's units.
    static let radarSize = (rows: 5, columns: 11)
    static let radarReach: Float = 10
    /// Below this terminal size the radar is left out.
    static let radarMinimum = (columns: 60, rows: 15)
    /// How far a fired weapon sounds from the listener, in the game's units.
    static let weaponDistance: ClosedRange<Float> = 2...10
    /// The fly-by: from this far on one side to as far on the other, passing this far in front, in this long.
    static let flyByReach: Float = 60
    static let flyByPassing: Float = 3
    static let flyBySeconds = 3.0

    /// The listener's right and forward directions (length 1).
    private static func axes(of listener: Listener) -> (right: SIMDPosition, forward: SIMDPosition) {
        let at = listener.at, up = listener.up
        let right = SIMDPosition(x: at.y * up.z - at.z * up.y, y: at.z * up.x - at.x * up.z, z: at.x * up.y - at.y * up.x)
        func unit(_ v: SIMDPosition) -> SIMDPosition { let l = v.length; return SIMDPosition(x: v.x / l, y: v.y / l, z: v.z / l) }
        return (unit(right), unit(at))
    }

    /// The point `right` units to the listener's right and `forward` units ahead of it, in the world.
    static func place(right: Float, forward: Float, around listener: Listener) -> SIMDPosition {
        let (r, f) = axes(of: listener), p = listener.position
        return SIMDPosition(x: p.x + right * r.x + forward * f.x, y: p.y + right * r.y + forward * f.y,
                            z: p.z + right * r.z + forward * f.z)
    }

    /// How far to the listener's right and ahead of it a point in the world is.
    static func bearing(of point: SIMDPosition, from listener: Listener) -> (right: Float, forward: Float) {
        let (r, f) = axes(of: listener)
        let d = SIMDPosition(x: point.x - listener.position.x, y: point.y - listener.position.y, z: point.z - listener.position.z)
        return (d.x * r.x + d.y * r.y + d.z * r.z, d.x * f.x + d.y * f.y + d.z * f.z)
    }

    /// Fires a weapon at a random place around the listener, 2 to 10 units away.
    func fire(_ name: String, mark: Character) throws {
        let angle = Float.random(in: -Float.pi...Float.pi), distance = Float.random(in: Self.weaponDistance)
        let listener = runtime.listener
        let position = Self.place(right: distance * sin(angle), forward: distance * cos(angle), around: listener)
        switch try runtime.play(name, options: .init(position: position)) {
        case .played(let voice, _):
            emitters.append(Emitter(voice: voice, mark: mark, from: position, to: position, startFrame: 0, frames: 0))
            let degrees = Int((abs(angle) * 180 / Float.pi).rounded())
            let side = degrees == 0 ? "ahead" : degrees == 180 ? "behind" : "\(degrees)° \(angle < 0 ? "left" : "right")"
            message = "fired \(name), \(String(format: "%.1f", distance)) units away, \(side)"
        case .dropped(let reason):
            message = "\(name) dropped: \(reason.rawValue)"
        }
    }

    /// Sends the klaxon, looping, past the listener: from 60 units on one side to 60 on the other,
    /// 3 units in front, in 3 s (40 units a second, given as its velocity so the Doppler shift is
    /// heard); the board stops it when it is through. Each fly-by goes the other way from the last.
    func flyBy() throws {
        let listener = runtime.listener, side: Float = nextFlyByGoesRight ? 1 : -1
        let from = Self.place(right: -side * Self.flyByReach, forward: Self.flyByPassing, around: listener)
        let to = Self.place(right: side * Self.flyByReach, forward: Self.flyByPassing, around: listener)
        let seconds = Float(Self.flyBySeconds)
        let velocity = SIMDPosition(x: (to.x - from.x) / seconds, y: (to.y - from.y) / seconds, z: (to.z - from.z) / seconds)
        switch try runtime.play("klaxon", options: .init(position: from, loop: true, velocity: velocity)) {
        case .played(let voice, _):
            let start = runtime.currentFrame
            try runtime.setVoice(voice, position: to, over: Self.flyBySeconds)
            emitters.append(Emitter(voice: voice, mark: side > 0 ? ">" : "<", from: from, to: to, startFrame: start,
                                    frames: Int(Self.flyBySeconds * Double(runtime.snapshot.sampleRate))))
            nextFlyByGoesRight.toggle()
            message = "fly-by \(side > 0 ? "left to right" : "right to left"), \(Int(velocity.length)) units/s (Doppler)"
        case .dropped(let reason):
            message = "fly-by dropped: \(reason.rawValue)"
        }
    }

    /// How long a passed fly-by fades out.
    static let flyByFade = 0.3

    /// Once a frame: forgets the sounds that have ended, and fades out each fly-by that has passed.
    func tick() {
        let now = runtime.currentFrame
        emitters.removeAll { emitter in
            guard let state = try? runtime.state(of: emitter.voice) else { return true }
            return state == .ended
        }
        for index in emitters.indices where emitters[index].frames > 0 && emitters[index].stoppedAt == nil {
            if now >= emitters[index].startFrame + emitters[index].frames {
                _ = try? runtime.stop(emitters[index].voice, fade: Self.flyByFade)
                emitters[index].stoppedAt = now
            }
        }
    }

    /// The radar, top-down: the listener `▲` in the middle facing up, each sound the board placed
    /// as its mark, `radarReach` units from the middle to each edge; a sound farther out sits on the edge.
    func radar(listener: Listener, frame: Int) -> [String] {
        let (rows, columns) = Self.radarSize, middle = (row: rows / 2, column: columns / 2)
        var grid = [[Character]](repeating: [Character](repeating: "·", count: columns), count: rows)
        grid[middle.row][middle.column] = "▲"
        for emitter in emitters {
            let (right, forward) = Self.bearing(of: emitter.position(at: frame), from: listener)
            let across = right / Self.radarReach * Float(middle.column), up = forward / Self.radarReach * Float(middle.row)
            var column = min(max(middle.column + Int(across.rounded()), 0), columns - 1)
            var row = min(max(middle.row - Int(up.rounded()), 0), rows - 1)
            if row == middle.row, column == middle.column {
                // Near the listener: one cell out, the way it mostly lies.
                if abs(across) >= abs(up) { column += across < 0 ? -1 : 1 } else { row += up < 0 ? 1 : -1 }
            }
            grid[row][column] = emitter.mark
        }
        return grid.map { String($0) }
    }

    /// How sounds are placed now: HRTF or stereo panning (the route decides), the environment, and
    /// the radar's scale. Read apart from the snapshot: ``RuntimeSnapshot`` has nothing of space.
    /// HRTF, the environment and the radar's reach; with HRTF on, a note that the meters below leave it out.
    func spaceLine(showsRadar: Bool, metersExcludeHRTF: Bool) -> String {
        "space       " + (runtime.isHRTFActive ? "HRTF on" : "HRTF off (stereo)")
            + "  environment \(runtime.environment.rawValue)" + (showsRadar ? "  radar ±\(Int(Self.radarReach))" : "")
            + (metersExcludeHRTF ? "  meters: HRTF left out" : "")
    }
}

/// The latest event lines, fed from the runtime's thread.
final class EventLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line); if $0.count > 50 { $0.removeFirst() } } }
    func latest(_ count: Int) -> [String] { lines.withLock { Array($0.suffix(count)) } }
}

import Synchronization
