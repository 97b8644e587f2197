// SPDX-License-Identifier: Zlib
/// The table the bench prints at the end: one row per figure, with its baseline and the ratio.
final class ReportTable {
    struct Row {
        var benchCase: String
        var figure: String
        var gameSound: String
        var baseline: String
        var ratio: String
    }

    private(set) var rows: [Row] = []

    func add(_ benchCase: String, _ figure: String, gameSound: String, baseline: String, ratio: String = "") {
        rows.append(Row(benchCase: benchCase, figure: figure, gameSound: gameSound, baseline: baseline, ratio: ratio))
        print("  \(benchCase) · \(figure): GameSound \(gameSound) | baseline \(baseline)\(ratio.isEmpty ? "" : " | \(ratio)")")
    }

    /// The table in Markdown, ready to paste into docs/performance.md.
    func markdown() -> String {
        var lines = ["| case | figure | GameSound | baseline | ratio |", "|---|---|---|---|---|"]
        for row in rows {
            lines.append("| \(row.benchCase) | \(row.figure) | \(row.gameSound) | \(row.baseline) | \(row.ratio) |")
        }
        return lines.joined(separator: "\n")
    }
}
