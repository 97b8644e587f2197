// SPDX-License-Identifier: Zlib
import GameSound

/// A stretch of a render during which the audio was held back or lowered, shaded on the timeline picture.
struct TimelineSpan {
    /// The kinds of stretch, each with the events that open and close it and its colour.
    enum Kind: String, CaseIterable {
        case interruption
        case silenced
        case mediaServicesLost
        case ducked
        case answeredCall
        case hintHeld
        case busPaused
        case busDucked

        var opening: String {
            switch self {
            case .interruption: "interruptionBegan"
            case .silenced: "outputSilenced"
            case .mediaServicesLost: "mediaServicesLost"
            case .ducked: "duckBegan"
            case .answeredCall: "phone.accept"
            case .hintHeld: "secondaryHintBegan"
            case .busPaused: "busPaused"
            case .busDucked: "busDucked"
            }
        }

        var closing: Set<String> {
            switch self {
            case .interruption: ["interruptionEnded", "contextRestored"]
            case .silenced: ["outputUnsilenced"]
            case .mediaServicesLost: ["mediaServicesReset"]
            case .ducked: ["duckEnded"]
            case .answeredCall: ["phone.hangUp"]
            case .hintHeld: ["secondaryHintEnded"]
            case .busPaused: ["busResumed"]
            case .busDucked: ["busRestored"]
            }
        }

        var colour: String {
            switch self {
            case .interruption: "#ff9f1c"
            case .silenced: "#7f8c8d"
            case .mediaServicesLost: "#e63946"
            case .ducked: "#3a86ff"
            case .answeredCall: "#8338ec"
            case .hintHeld: "#2a9d8f"
            case .busPaused: "#f15bb5"
            case .busDucked: "#00b4d8"
            }
        }

        /// Whether an opening and a closing event pair only when they name the same `bus`.
        var pairsByBus: Bool { self == .busPaused || self == .busDucked }

        var legend: String {
            switch self {
            case .interruption: "interrupted"
            case .silenced: "output silenced"
            case .mediaServicesLost: "media services lost"
            case .ducked: "ducked by another app"
            case .answeredCall: "answered call"
            case .hintHeld: "soundtrack held by the hint"
            case .busPaused: "bus paused"
            case .busDucked: "ducked by a rule"
            }
        }
    }

    let kind: Kind
    let startFrame: Int
    let endFrame: Int

    /// Pairs every opening event with the first closing event after it; a stretch never closed
    /// runs to `frameCount`. Nested openings of one kind extend the same stretch. The bus kinds
    /// pair by the `bus` they name: their stretch lasts while any bus is paused (or ducked by a rule).
    static func spans(in events: [GameSoundEvent], frameCount: Int) -> [TimelineSpan] {
        var spans: [TimelineSpan] = []
        for kind in Kind.allCases {
            var openedAt: Int?
            var open: Set<String> = []
            for event in events {
                let bus = event["bus"].map { "\($0)" } ?? ""
                if event.name == kind.opening {
                    if openedAt == nil { openedAt = event.frame }
                    open.insert(bus)
                } else if kind.closing.contains(event.name), let start = openedAt {
                    open.remove(bus)
                    guard open.isEmpty || !kind.pairsByBus else { continue }
                    spans.append(TimelineSpan(kind: kind, startFrame: start, endFrame: event.frame))
                    openedAt = nil
                    open = []
                }
            }
            if let start = openedAt { spans.append(TimelineSpan(kind: kind, startFrame: start, endFrame: frameCount)) }
        }
        return spans
    }
}
