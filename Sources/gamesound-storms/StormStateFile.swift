// SPDX-License-Identifier: Zlib
import Foundation

/// The record of finished chunks that makes a run resumable: one line per chunk, appended as each
/// finishes, `done A..<B failed` followed by `seed:kind` for each storm of it that failed.
struct StormStateFile {
    let path: String

    static let header = "# gamesound-storms: one line per finished chunk of seeds; a rerun with the same arguments skips them.\n"

    /// The chunks recorded as finished, with the failures of each (seed and kind).
    func finished() throws -> [SeedRange: [(seed: UInt64, kind: String)]] {
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var chunks: [SeedRange: [(seed: UInt64, kind: String)]] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("done ") {
            let words = line.split(separator: " ")
            // A line cut short by a kill lacks its "failed" word: that chunk runs again.
            guard words.count >= 3, words[2] == "failed", let range = SeedRange(argument: String(words[1])) else { continue }
            chunks[range] = words.dropFirst(3).compactMap { word in
                let parts = word.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, let seed = UInt64(parts[0]) else { return nil }
                return (seed, String(parts[1]))
            }
        }
        return chunks
    }

    /// Starts the file afresh (the header only).
    func reset() throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(Self.header.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Records a finished chunk.
    func append(_ range: SeedRange, failed: [(seed: UInt64, kind: String)]) throws {
        if !FileManager.default.fileExists(atPath: path) { try reset() }
        guard let handle = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileWriteUnknown) }
        defer { try? handle.close() }
        try handle.seekToEnd()
        let line = (["done", range.description, "failed"] + failed.map { "\($0.seed):\($0.kind)" }).joined(separator: " ") + "\n"
        try handle.write(contentsOf: Data(line.utf8))
    }
}
