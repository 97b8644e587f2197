#if canImport(Glibc)
import Glibc
#endif
import GameSound

/// Where a scenario's sounds come from: effect, soundtrack and stream names mapped to files.
///
/// A scenario names its effects (`"fire": "laser"`), its soundtrack (`"soundtrack": "theme"`) and
/// its streams (`"stream": "wind"`); the assets say which file each name means. A soundtrack or
/// stream string that is not a known name is taken as a file path.
public struct ScenarioAssets: Sendable, Hashable {
    /// Effect names mapped to WAV or Ogg Vorbis files.
    public var effects: [String: String]
    /// Soundtrack names mapped to Ogg Vorbis files.
    public var soundtracks: [String: String]
    /// Stream names (ambience beds, long lines) mapped to WAV or Ogg Vorbis files, for `stream` events.
    public var streams: [String: String]

    /// Creates assets from explicit maps.
    ///
    /// - Parameters:
    ///   - effects: Effect names mapped to WAV or Ogg Vorbis file paths.
    ///   - soundtracks: Soundtrack names mapped to Ogg Vorbis file paths.
    ///   - streams: Stream names mapped to WAV or Ogg Vorbis file paths.
    public init(effects: [String: String] = [:], soundtracks: [String: String] = [:], streams: [String: String] = [:]) {
        self.effects = effects
        self.soundtracks = soundtracks
        self.streams = streams
    }

    /// Finds the assets in a folder laid out like the demo's: `root/sfx/*.ogg` and `root/sfx/*.wav`
    /// for effects, `root/music/*.ogg` for soundtracks, `root/ambience/*.ogg` and `root/ambience/*.wav`
    /// for streams, each named by its file name without the extension.
    ///
    /// A missing `sfx`, `music` or `ambience` folder simply contributes nothing. When both `x.ogg`
    /// and `x.wav` exist, the WAV file wins (it decodes exactly).
    ///
    /// - Parameter root: The assets folder.
    /// - Returns: The assets found.
    public static func folder(_ root: String) -> ScenarioAssets {
        var soundtracks: [String: String] = [:]
        for (name, path, _) in files(in: root + "/music", extensions: ["ogg"]) { soundtracks[name] = path }
        return ScenarioAssets(effects: preferringWAV(files(in: root + "/sfx", extensions: ["ogg", "wav"])), soundtracks: soundtracks,
                              streams: preferringWAV(files(in: root + "/ambience", extensions: ["ogg", "wav"])))
    }

    /// Files by name, a WAV file winning over an Ogg Vorbis one of the same name.
    private static func preferringWAV(_ files: [(String, String, String)]) -> [String: String] {
        var named: [String: String] = [:]
        for (name, path, fileExtension) in files where named[name] == nil || fileExtension == "wav" { named[name] = path }
        return named
    }

    private static func files(in folder: String, extensions: Set<String>) -> [(String, String, String)] {
        // A missing folder contributes nothing (see ``folder(_:)``).
        let names = (try? Folder.names(in: folder)) ?? []
        return names.sorted().compactMap { file in
            guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return nil }
            let fileExtension = file[file.index(after: dot)...].lowercased()
            guard extensions.contains(fileExtension) else { return nil }
            return (String(file[..<dot]), folder + "/" + file, fileExtension)
        }
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
