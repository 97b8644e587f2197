// SPDX-License-Identifier: Zlib
import AudioFiles
import Testing

/// Where the committed assets are, found from this file's own path.
enum Assets {
    /// The repository root: two folders above `Tests/MakeAssetsTests`.
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    /// The effects `make-assets` must write, by file name without extension.
    static let effectNames = ["laser", "blaster", "torpedo", "explosion", "shield", "reload", "step", "blip", "klaxon"]

    /// Every file `make-assets` writes, relative to its output folder.
    static let relativePaths = effectNames.map { "sfx/\($0).ogg" } + ["music/theme.ogg", "ambience/wind.ogg"]

    static func effectPath(_ name: String) -> String { "\(root)/assets/sfx/\(name).ogg" }
    static let themePath = "\(root)/assets/music/theme.ogg"
    static let windPath = "\(root)/assets/ambience/wind.ogg"

    /// Decodes a committed asset, failing the test with the decoder's reason if it cannot.
    static func decode(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> PCMBuffer<Float> {
        do {
            return try AudioDecoder.decode(path: path)
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
            throw error
        }
    }
}
