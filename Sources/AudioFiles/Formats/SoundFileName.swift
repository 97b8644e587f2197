// SPDX-License-Identifier: Zlib
/// The file names that GameSound takes for sound files, wherever it finds sounds in a folder.
///
/// ``GameSound`` loads a folder of effects (`preloadBank(folder:)`, `gs_effect_load_folder`) and
/// the scenario runner finds a game's assets by these extensions; this is the one list they all
/// use. The extension only picks which files are sounds: what a file holds is told from its first
/// bytes, so a `.ogg` file holding Opus decodes as Opus.
///
/// ```swift
/// let sounds = fileNames.compactMap(SoundFileName.split)   // [("laser", "wav"), ("theme", "opus")]
/// ```
public enum SoundFileName {
    /// The extensions of sound files, lower case and without the dot, most preferred first: when a
    /// folder holds two files of the same name (`laser.wav` and `laser.ogg`), the one whose
    /// extension comes first wins. Lossless formats come before lossy ones.
    public static let extensions: [String] = ["wav", "flac", "ogg", "opus"]

    /// Splits a sound file's name into the name it is known by and its extension.
    ///
    /// The extension is matched whatever its case (`LASER.WAV` is a sound called `LASER`).
    ///
    /// - Parameter fileName: A file name without folders, such as `"laser.ogg"`.
    /// - Returns: The name without the extension and the extension in lower case, or nil when the
    ///   file is not a sound file by its name (`notes.txt`, a bare `.ogg`, no extension at all).
    public static func split(_ fileName: String) -> (name: String, fileExtension: String)? {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return nil }
        let fileExtension = fileName[fileName.index(after: dot)...].lowercased()
        guard extensions.contains(fileExtension) else { return nil }
        return (String(fileName[..<dot]), fileExtension)
    }

    /// How strongly `fileExtension` (lower case) is preferred: 0 for the first of ``extensions``,
    /// larger for later ones, `Int.max` for one that is not a sound file's.
    public static func preference(of fileExtension: String) -> Int {
        extensions.firstIndex(of: fileExtension) ?? Int.max
    }
}
