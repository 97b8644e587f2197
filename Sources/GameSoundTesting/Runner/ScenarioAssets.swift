import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Where a scenario's sounds come from: effect names and soundtrack names mapped to files.
///
/// A scenario names its effects (`"fire": "laser"`) and its soundtrack (`"soundtrack": "theme"`);
/// the assets say which file each name means. A soundtrack string that is not a known name is
/// taken as a file path.
public struct ScenarioAssets: Sendable, Hashable {
    /// Effect names mapped to WAV or Ogg Vorbis files.
    public var effects: [String: String]
    /// Soundtrack names mapped to Ogg Vorbis files.
    public var soundtracks: [String: String]

    /// Creates assets from explicit maps.
    ///
    /// - Parameters:
    ///   - effects: Effect names mapped to WAV or Ogg Vorbis file paths.
    ///   - soundtracks: Soundtrack names mapped to Ogg Vorbis file paths.
    public init(effects: [String: String] = [:], soundtracks: [String: String] = [:]) {
        self.effects = effects
        self.soundtracks = soundtracks
    }

    /// Finds the assets in a folder laid out like the demo's: `root/sfx/*.ogg` and `root/sfx/*.wav`
    /// for effects, `root/music/*.ogg` for soundtracks, each named by its file name without the extension.
    ///
    /// A missing `sfx` or `music` folder simply contributes nothing. When both `x.ogg` and `x.wav`
    /// exist, the WAV file wins (it decodes exactly).
    ///
    /// - Parameter root: The assets folder.
    /// - Returns: The assets found.
    public static func folder(_ root: String) -> ScenarioAssets {
        var effects: [String: String] = [:]
        for (name, path, fileExtension) in files(in: root + "/sfx", extensions: ["ogg", "wav"]) {
            if effects[name] == nil || fileExtension == "wav" { effects[name] = path }
        }
        var soundtracks: [String: String] = [:]
        for (name, path, _) in files(in: root + "/music", extensions: ["ogg"]) { soundtracks[name] = path }
        return ScenarioAssets(effects: effects, soundtracks: soundtracks)
    }

    private static func files(in folder: String, extensions: Set<String>) -> [(String, String, String)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().compactMap { file in
            let url = URL(fileURLWithPath: file)
            let fileExtension = url.pathExtension.lowercased()
            guard extensions.contains(fileExtension) else { return nil }
            return (url.deletingPathExtension().lastPathComponent, folder + "/" + file, fileExtension)
        }
    }

    /// The file a scenario's soundtrack string means: the soundtrack of that name, else the string
    /// itself if a file exists there.
    ///
    /// - Parameter nameOrPath: A soundtrack name such as `"theme"`, or a path.
    /// - Returns: The file's path, or nil when it is neither a known name nor an existing file.
    public func soundtrackPath(for nameOrPath: String) -> String? {
        if let path = soundtracks[nameOrPath] { return path }
        var info = stat()
        guard stat(nameOrPath, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { return nil }
        return nameOrPath
    }
}
