// SPDX-License-Identifier: Zlib
import GameSound

/// Lays out and draws one timeline picture, from the events and a per-pixel summary of the audio
/// (so that a streamed render draws the same picture as one held in memory).
struct TimelineDrawing {
    let scenario: Scenario
    /// The frames the picture spans.
    let frameCount: Int
    let events: [GameSoundEvent]
    let waveform: TimelineWaveform
    /// At least 300 (``ScenarioRender/timelineSVG(width:)`` makes sure).
    let width: Int
    let plotLeft = 40.0
    let plotRight = 16.0
    let rowHeight = 13.0
    let laneHeight = 110.0
    let maxRows = 24

    var plotWidth: Double { Double(width) - plotLeft - plotRight }
    var frames: Int { max(frameCount, 1) }

    /// The number of pixel columns of the waveforms in a picture `width` pixels wide.
    static func columns(width: Int) -> Int { Int(Double(width) - 40 - 16) }

    func x(ofFrame frame: Int) -> Double { plotLeft + Double(frame) / Double(frames) * plotWidth }

    func svg() -> String {
        let labels = stackedLabels()
        let rows = (labels.map(\.row).max() ?? -1) + 1
        let labelsTop = 44.0
        let lanesTop = labelsTop + Double(rows) * rowHeight + 8
        let lanesBottom = lanesTop + 2 * laneHeight + 10
        let key = numberedKey(labels, top: lanesBottom + 30)
        let height = lanesBottom + 40 + key.height
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(Self.number(height))" \
        viewBox="0 0 \(width) \(Self.number(height))" font-family="sans-serif" font-size="10">
        <rect width="100%" height="100%" fill="#ffffff"/>
        <text x="\(Self.number(plotLeft))" y="18" font-size="14" font-weight="bold">\(Self.escape(scenario.name))</text>

        """
        out += legend()
        for span in TimelineSpan.spans(in: events, frameCount: frameCount) {
            let left = x(ofFrame: span.startFrame), right = x(ofFrame: span.endFrame)
            out += "<rect class=\"span \(span.kind.rawValue)\" x=\"\(Self.number(left))\" y=\"\(Self.number(lanesTop))\" "
                + "width=\"\(Self.number(max(right - left, 1)))\" height=\"\(Self.number(2 * laneHeight + 10))\" "
                + "fill=\"\(span.kind.colour)\" fill-opacity=\"0.3\"/>\n"
        }
        out += waveform(channel: 0, top: lanesTop, label: "L")
        out += waveform(channel: 1, top: lanesTop + laneHeight + 10, label: "R")
        for event in events where Self.unlabelled.contains(event.name) {
            let x = x(ofFrame: event.frame)
            out += "<g class=\"event\"><title>\(Self.escape(event.description))</title>"
                + "<line x1=\"\(Self.number(x))\" y1=\"\(Self.number(lanesTop - 6))\" x2=\"\(Self.number(x))\" "
                + "y2=\"\(Self.number(lanesTop))\" stroke=\"\(Self.colour(of: event.origin))\" stroke-opacity=\"0.6\"/></g>\n"
        }
        for label in labels {
            let y = labelsTop + Double(label.row + 1) * rowHeight
            let colour = Self.colour(of: label.event.origin)
            out += "<g class=\"event\"><title>\(Self.escape(label.event.description))</title>"
                + "<line x1=\"\(Self.number(label.x))\" y1=\"\(Self.number(y - 9))\" x2=\"\(Self.number(label.x))\" "
                + "y2=\"\(Self.number(lanesBottom))\" stroke=\"\(colour)\" stroke-opacity=\"0.6\"/>"
                + (label.text.isEmpty ? "" : "<text x=\"\(Self.number(label.endsAtLine ? label.x - 2 : label.x + 2))\" "
                    + "y=\"\(Self.number(y))\"" + (label.endsAtLine ? " text-anchor=\"end\"" : "")
                    + (label.number != nil ? " font-weight=\"bold\"" : "")
                    + " fill=\"\(colour)\">\(Self.escape(label.text))</text>") + "</g>\n"
        }
        out += axis(top: lanesBottom)
        out += key.svg
        return out + "</svg>\n"
    }

    // MARK: - Parts

    /// One entry per kind of span, right-aligned at the top; entries that do not fit beside the
    /// title go on a second row. Widths are estimated from the label's length (about 6.5 px a
    /// character at the legend's size), so nothing runs off the picture.
    private func legend() -> String {
        let entries = TimelineSpan.Kind.allCases.map { kind in (kind, 16 + Double(kind.legend.count) * 6.5 + 16) }
        let available = Double(width) - plotRight - 220
        var rows: [[(TimelineSpan.Kind, Double)]] = [[]]
        for entry in entries {
            if let row = rows.last, !row.isEmpty, row.reduce(0, { $0 + $1.1 }) + entry.1 > available { rows.append([]) }
            rows[rows.count - 1].append(entry)
        }
        var out = ""
        for (index, row) in rows.enumerated() {
            var left = Double(width) - plotRight - row.reduce(0) { $0 + $1.1 }
            let top = 8 + Double(index) * 16
            for (kind, entryWidth) in row {
                out += "<rect x=\"\(Self.number(left))\" y=\"\(Self.number(top))\" width=\"12\" height=\"12\" "
                    + "fill=\"\(kind.colour)\" fill-opacity=\"0.5\"/>"
                    + "<text x=\"\(Self.number(left + 16))\" y=\"\(Self.number(top + 10))\">\(Self.escape(kind.legend))</text>\n"
                left += entryWidth
            }
        }
        return out
    }

    private func waveform(channel: Int, top: Double, label: String) -> String {
        let middle = top + laneHeight / 2, half = laneHeight / 2 - 2
        var path = ""
        precondition(waveform.columns == Int(plotWidth) && waveform.frameCount == frameCount, "a summary for another picture")
        for column in 0..<waveform.columns {
            guard !waveform.frames(of: column).isEmpty else { continue }
            let low = waveform.low[column * 2 + channel], high = waveform.high[column * 2 + channel]
            let top = middle - Double(min(high, 1)) * half, bottom = middle - Double(max(low, -1)) * half
            let x = plotLeft + Double(column) + 0.5
            path += "M\(Self.number(x)) \(Self.number(top))V\(Self.number(max(bottom, top + 0.5)))"
        }
        return "<rect x=\"\(Self.number(plotLeft))\" y=\"\(Self.number(top))\" width=\"\(Self.number(plotWidth))\" "
            + "height=\"\(Self.number(laneHeight))\" fill=\"none\" stroke=\"#cccccc\"/>\n"
            + "<line x1=\"\(Self.number(plotLeft))\" y1=\"\(Self.number(middle))\" x2=\"\(Self.number(plotLeft + plotWidth))\" "
            + "y2=\"\(Self.number(middle))\" stroke=\"#dddddd\"/>\n"
            + "<text x=\"\(Self.number(plotLeft - 16))\" y=\"\(Self.number(middle + 4))\" font-size=\"12\">\(label)</text>\n"
            + "<path class=\"waveform\" d=\"\(path)\" stroke=\"#264653\" stroke-width=\"1\" fill=\"none\"/>\n"
    }

    private func axis(top: Double) -> String {
        let duration = Double(frameCount) / Double(scenario.sampleRate)
        let pixelsPerSecond = plotWidth / max(duration, 1e-9)
        let labelStep = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1200].first { Double($0) * pixelsPerSecond >= 50 } ?? 1800
        let tickStep = pixelsPerSecond >= 3 ? 1 : labelStep
        var out = "<line x1=\"\(Self.number(plotLeft))\" y1=\"\(Self.number(top))\" x2=\"\(Self.number(plotLeft + plotWidth))\" "
            + "y2=\"\(Self.number(top))\" stroke=\"#333333\"/>\n"
        var second = 0
        while Double(second) <= duration {
            let x = x(ofFrame: scenario.frame(of: Double(second)))
            let labelled = second % labelStep == 0
            out += "<line class=\"tick\" x1=\"\(Self.number(x))\" y1=\"\(Self.number(top))\" x2=\"\(Self.number(x))\" "
                + "y2=\"\(Self.number(top + (labelled ? 8 : 4)))\" stroke=\"#333333\"/>"
            if labelled {
                out += "<text x=\"\(Self.number(x))\" y=\"\(Self.number(top + 20))\" text-anchor=\"middle\">\(second) s</text>"
            }
            out += "\n"
            second += tickStep
        }
        return out
    }

    // MARK: - Labels

    struct Label {
        let event: GameSoundEvent
        let text: String
        let x: Double
        let row: Int
        /// Whether the text ends at the event's line (near the right edge) instead of starting there.
        let endsAtLine: Bool
        /// The label's number in the key below the axis, when no row had room for its text.
        let number: Int?
    }

    /// Events drawn as a short tick without a label: they follow every sound, and would crowd out the rest.
    static let unlabelled: Set<String> = ["voiceEnded"]

    /// An event's label: its name, then the sound or the bus it concerns, if any; a stream's sound,
    /// a path, by its file name alone.
    static func labelText(_ event: GameSoundEvent) -> String {
        var text = event.name
        if case .string(let sound)? = event["sound"] {
            text += " " + (event["stream"] == .bool(true) ? String(sound.split(separator: "/").last ?? Substring(sound)) : sound)
        } else if case .string(let bus)? = event["bus"] {
            text += " " + bus
        }
        return text
    }

    /// About how wide a label's text is at the labels' 10 px sans-serif, with some air.
    private static func textWidth(_ text: String) -> Double { Double(text.count) * 6.2 + 6 }

    /// Places each event's label in the first row where it overlaps no other label; a label near the
    /// right edge ends at its line rather than running off the picture. When every row is taken
    /// there, the label becomes a number whose text is listed in the key below the axis; numbers
    /// that would land on one another share one tag, a range such as `12-15`.
    private func stackedLabels() -> [Label] {
        var rows: [[ClosedRange<Double>]] = []
        var labels: [Label] = []
        var numbered = 0
        /// The tag numbered events join while they fall within its room: its label's index and extent.
        var openTag: (index: Int, first: Int, extent: ClosedRange<Double>)?
        let right = Double(width) - plotRight
        func free(_ row: Int, _ range: ClosedRange<Double>) -> Bool { !rows[row].contains { $0.overlaps(range) } }
        for event in events where !Self.unlabelled.contains(event.name) {
            let text = Self.labelText(event)
            let x = x(ofFrame: event.frame)
            let endsAtLine = x + Self.textWidth(text) > right
            let extent = endsAtLine ? (x - Self.textWidth(text))...x : x...(x + Self.textWidth(text))
            // The last row is kept for numbers, so that a number always has somewhere to go.
            if let row = rows.indices.first(where: { $0 < maxRows - 1 && free($0, extent) })
                ?? (rows.count < maxRows - 1 ? rows.count : nil) {
                if row == rows.count { rows.append([]) }
                rows[row].append(extent)
                labels.append(Label(event: event, text: text, x: x, row: row, endsAtLine: endsAtLine, number: nil))
                continue
            }
            numbered += 1
            if let tag = openTag, tag.extent.contains(x) {
                // Joins the tag: the tag now names a range, and this label draws only its line.
                let old = labels[tag.index]
                labels[tag.index] = Label(event: old.event, text: "\(tag.first)-\(numbered)", x: old.x, row: old.row,
                                          endsAtLine: old.endsAtLine, number: old.number)
                labels.append(Label(event: event, text: "", x: x, row: old.row, endsAtLine: false, number: numbered))
                continue
            }
            let room = Self.textWidth("999-999")
            let tagEndsAtLine = x + room > right
            let tagExtent = tagEndsAtLine ? (x - room)...x : x...(x + room)
            if rows.count < maxRows { rows += Array(repeating: [], count: maxRows - rows.count) }
            guard let row = rows.indices.reversed().first(where: { free($0, tagExtent) }) else {
                // Not even a number fits: the line alone, and the key still lists the event.
                labels.append(Label(event: event, text: "", x: x, row: 0, endsAtLine: false, number: numbered))
                continue
            }
            rows[row].append(tagExtent)
            openTag = (labels.count, numbered, tagExtent)
            labels.append(Label(event: event, text: String(numbered), x: x, row: row, endsAtLine: tagEndsAtLine,
                                number: numbered))
        }
        return labels
    }

    /// The key to numbered labels: "N  time  name", in as many columns as fit.
    private func numberedKey(_ labels: [Label], top: Double) -> (svg: String, height: Double) {
        let entries = labels.compactMap { label -> String? in
            guard let number = label.number else { return nil }
            let text = Self.labelText(label.event)
            let tenths = Int((label.event.time * 10).rounded())
            return "\(number)  \(tenths / 10).\(tenths % 10) s  \(text)"
        }
        guard !entries.isEmpty else { return ("", 0) }
        let columnWidth = (entries.map { Self.textWidth($0) }.max() ?? 100) + 12
        let columns = max(1, Int(plotWidth / columnWidth))
        let rowsNeeded = (entries.count + columns - 1) / columns
        var out = "<text x=\"\(Self.number(plotLeft))\" y=\"\(Self.number(top + 12))\" font-weight=\"bold\">"
            + "Numbered events</text>\n"
        for (index, entry) in entries.enumerated() {
            let x = plotLeft + Double(index / rowsNeeded) * columnWidth
            let y = top + 26 + Double(index % rowsNeeded) * rowHeight
            out += "<text class=\"key\" x=\"\(Self.number(x))\" y=\"\(Self.number(y))\">\(Self.escape(entry))</text>\n"
        }
        return (out, 26 + Double(rowsNeeded) * rowHeight)
    }


    // MARK: - Formatting

    static func colour(of origin: GameSoundEvent.Origin) -> String {
        switch origin {
        case .system: "#c0392b"
        case .session: "#1f6fb4"
        case .engine: "#8e44ad"
        case .game: "#2a9d3f"
        }
    }

    /// A coordinate with one decimal, never in exponent notation.
    static func number(_ value: Double) -> String {
        let tenths = Int(((value.isFinite ? value : 0) * 10).rounded())
        return (tenths < 0 ? "-" : "") + "\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// Text safe inside an XML element or attribute.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default:
                // XML 1.0 forbids most control characters even when escaped.
                if let ascii = character.asciiValue, ascii < 0x20, ascii != 0x09, ascii != 0x0A, ascii != 0x0D {
                    escaped += " "
                } else {
                    escaped.append(character)
                }
            }
        }
        return escaped
    }
}
