// SPDX-License-Identifier: Zlib
extension LoopPoints {
    /// The loop points that the Vorbis comments `LOOPSTART`, `LOOPLENGTH` and `LOOPEND` describe,
    /// checked against a stream of `frameCount` frames; nil when none of the three is present.
    ///
    /// The convention (RPG Maker's, and many engines'): values are whole frames; `LOOPSTART` is the
    /// first frame of the loop (0 when absent), `LOOPLENGTH` the number of frames in it, and
    /// `LOOPEND` the frame just after it (exclusive, so `LOOPEND = LOOPSTART + LOOPLENGTH`). When
    /// both `LOOPLENGTH` and `LOOPEND` are given, `LOOPLENGTH` is used and `LOOPEND` ignored; when
    /// neither is, the loop runs to the end of the stream. Tag names are matched without regard to
    /// case, spaces around a value are ignored, and only the first comment of each name counts.
    ///
    /// - Parameters:
    ///   - comments: The user comments, each `NAME=value`.
    ///   - frameCount: The stream's length in frames.
    ///   - label: The name errors give for the file.
    /// - Throws: ``AudioFileError`` with reason `.badLoopPoints(_:)` for a value that is not a
    ///   whole number, a negative `LOOPSTART` or one at or past the end of the stream, a
    ///   `LOOPLENGTH` of zero or less, or a loop that ends past the end of the stream or
    ///   (`LOOPEND`) not after its start.
    static func parse(vorbisComments comments: [String], frameCount: Int,
                      label: String) throws(AudioFileError) -> LoopPoints? {
        func failure(_ problem: String) -> AudioFileError {
            AudioFileError(file: label, reason: .badLoopPoints(problem))
        }
        var values: [String: String] = [:]
        for comment in comments {
            guard let equals = comment.firstIndex(of: "=") else { continue }
            let name = comment[..<equals].uppercased()
            guard ["LOOPSTART", "LOOPLENGTH", "LOOPEND"].contains(name), values[name] == nil else { continue }
            values[name] = String(comment[comment.index(after: equals)...])
        }
        func number(_ name: String) throws(AudioFileError) -> Int? {
            guard let text = values[name] else { return nil }
            guard let value = Int(text.trimmingSpaces) else {
                throw failure("\(name)=\(text) is not a whole number of frames")
            }
            return value
        }
        let start = try number("LOOPSTART")
        let length = try number("LOOPLENGTH")
        let end = try number("LOOPEND")
        guard start != nil || length != nil || end != nil else { return nil }

        let first = start ?? 0
        let startText = start.map { "LOOPSTART=\($0)" } ?? "frame 0 (no LOOPSTART)"
        if let start {
            guard start >= 0 else { throw failure("LOOPSTART=\(start) is negative") }
            guard start < frameCount else {
                throw failure("LOOPSTART=\(start) is at or past the end of the stream (\(frameCount) frames)")
            }
        }
        if let length {
            guard length > 0 else { throw failure("LOOPLENGTH=\(length) is not a positive number of frames") }
            let (last, overflow) = first.addingReportingOverflow(length)
            guard !overflow, last <= frameCount else {
                let ending = overflow ? "ends" : "ends at frame \(last),"
                let loop = start.map { "LOOPSTART=\($0) + LOOPLENGTH=\(length)" }
                    ?? "LOOPLENGTH=\(length) from frame 0 (no LOOPSTART)"
                throw failure("\(loop) \(ending) past the end of the stream (\(frameCount) frames)")
            }
            return LoopPoints(start: first, end: last)
        }
        if let end {
            guard end > first else { throw failure("LOOPEND=\(end) is not after \(startText)") }
            guard end <= frameCount else {
                throw failure("LOOPEND=\(end) is past the end of the stream (\(frameCount) frames)")
            }
            return LoopPoints(start: first, end: end)
        }
        return LoopPoints(start: first, end: frameCount)
    }
}

extension String {
    /// The string without spaces and tabs at either end.
    fileprivate var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
