// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#endif
import AudioFiles
import GameSound

/// Where a scenario's sounds come from: effect, soundtrack and stream names mapped to files.
///
/// A scenario names its effects (`"fire": "laser"`), its soundtrack (`"soundtrack": "theme"`) and
/// its streams (`"stream": "wind"`); the assets say which file each name means. A soundtrack or
/// stream string that is not a known name is taken as a file path.
public struct ScenarioAssets: Sendable, Hashable {
    /// Effect names mapped to sound files (WAV, FLAC, Ogg Vorbis or Opus).
    public var effects: [String: String]
    /// Soundtrack names mapped to sound files.
    public var soundtracks: [String: String]
    /// Stream names (ambience beds, long lines) mapped to sound files, for `stream` events.
    public var streams: [String: String]

    /// Creates assets from explicit maps.
    ///
    /// - Parameters:
    ///   - effects: Effect names mapped to sound file paths.
    ///   - soundtracks: Soundtrack names mapped to sound file paths.
    ///   - streams: Stream names mapped to sound file paths.
    public init(effects: [String: String] = [:], soundtracks: [String: String] = [:], streams: [String: String] = [:]) {
        self.effects = effects
        self.soundtracks = soundtracks
        self.streams = streams
    }

    /// Finds the assets in a folder laid out like the demo's: sound files in `root/sfx` for effects,
    /// `root/music` for soundtracks and `root/ambience` for streams, each named by its file name
    /// without the extension.
    ///
    /// Sound files are those with an extension in `SoundFileName.extensions` (`.wav`, `.flac`,
    /// `.ogg`, `.opus`, in any case), the same list the runtime's folder loading uses. A missing
    /// `sfx`, `music` or `ambience` folder simply contributes nothing. When two files share a name,
    /// the lossless one wins (`x.wav` over `x.flac` over `x.ogg` over `x.opus`).
    ///
    /// - Parameter root: The assets folder.
    /// - Returns: The assets found.
    public static func folder(_ root: String) -> ScenarioAssets {
        ScenarioAssets(effects: soundFiles(in: root + "/sfx"), soundtracks: soundFiles(in: root + "/music"),
                       streams: soundFiles(in: root + "/ambience"))
    }

    /// The sound files in `folder` by name, the most preferred extension winning when names clash.
    private static func soundFiles(in folder: String) -> [String: String] {
        // A missing folder contributes nothing (see ``folder(_:)``).
        let names = (try? Folder.names(in: folder)) ?? []
        var chosen: [String: (path: String, preference: Int)] = [:]
        for file in names {
            guard let (name, fileExtension) = SoundFileName.split(file) else { continue }
            let preference = SoundFileName.preference(of: fileExtension)
            if let current = chosen[name], current.preference <= preference { continue }
            chosen[name] = (folder + "/" + file, preference)
        }
        return chosen.mapValues(\.path)
    }

    /// The file a scenario's soundtrack string means: the soundtrack of that name, else the string
    /// itself if a file exists there.
    ///
    /// - Parameter nameOrPath: A soundtrack name such as `"theme"`, or a path.
    /// - Returns: The file's path, or nil when it is neither a known name nor an existing file.
    public func soundtrackPath(for nameOrPath: String) -> String? {
        if let path = soundtracks[nameOrPath] { return path }
        return Self.isFile(nameOrPath) ? nameOrPath : nil
    }

    /// The file a scenario's `stream` string means: the stream of that name, else the soundtrack of
    /// that name (a second piece of music streams too), else the string itself if a file exists there.
    ///
    /// - Parameter nameOrPath: A stream name such as `"wind"`, a soundtrack name, or a path.
    /// - Returns: The file's path, or nil when it is neither a known name nor an existing file.
    public func streamPath(for nameOrPath: String) -> String? {
        if let path = streams[nameOrPath] ?? soundtracks[nameOrPath] { return path }
        return Self.isFile(nameOrPath) ? nameOrPath : nil
    }

    private static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR
    }
}
