// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioEncoding
import AudioFiles
import Foundation
import GameSound

/// The sounds the storms use, written once per process in the layout of a scenario assets folder
/// (`sfx/*.wav`, `music/*.ogg`), so a printed scenario renders against the same files. Each file
/// appears whole (written aside, then renamed), so processes sharing a folder never read half a file.
public enum StormAssets {
    /// The rate every storm renders at, in hertz.
    public static let sampleRate = 48_000
    /// The looping probe: as long as it runs, every block the player may hear must carry sound.
    public static let probe = "probe"
    /// Effects the storm preloads, fires and unloads at random (never the probe).
    public static let effects = ["laser", "step", "boom"]
    /// The soundtracks the storm plays and crossfades between, and streams on the ambience bus.
    public static let tracks = ["stormA", "stormB"]
    /// The sound every storm defines at launch (``definition``) and fires by name.
    public static let definedSound = "volley"
    /// Two of the effects as variants, with random pitch and gain; its variants are loaded at launch.
    public static let definition = SoundDefinition(variants: ["laser", "step"], pitch: 0.8...1.25, gain: 0.5...1)

    /// The assets folder: `GAMESOUND_STORM_ASSETS`, else a folder of this process under the temporary
    /// directory; written on first use (files already there are kept).
    public static let root: String = {
        let root = ProcessInfo.processInfo.environment["GAMESOUND_STORM_ASSETS"]
            ?? NSTemporaryDirectory() + "gamesound-storm-assets-\(getpid())"
        let manager = FileManager.default
        try? manager.createDirectory(atPath: root + "/sfx", withIntermediateDirectories: true)
        try? manager.createDirectory(atPath: root + "/music", withIntermediateDirectories: true)
        let sounds: [(String, Double, Int, Double)] = [
            (probe, 880, 1, 0.3), ("laser", 1_320, 1, 0.1), ("step", 440, 1, 0.05), ("boom", 110, 2, 0.5),
        ]
        for (name, frequency, channels, seconds) in sounds {
            let path = root + "/sfx/\(name).wav"
            guard !manager.fileExists(atPath: path) else { continue }
            let tone = Signal.sine(frequency: frequency, amplitude: 0.5, frameCount: Int(seconds * 48_000), sampleRate: sampleRate)
            let samples = channels == 1 ? tone : tone.flatMap { [$0, $0] }
            let aside = path + ".part-\(getpid())"
            try? WAVEncoder.write(PCMBuffer(format: PCMFormat(sampleRate: sampleRate, channelCount: channels), samples: samples),
                                  as: .pcm16, to: aside)
            _ = rename(aside, path)
        }
        for (name, frequency, seconds) in [("stormA", 220.0, 1.5), ("stormB", 330.0, 1.0)] {
            let path = root + "/music/\(name).ogg"
            guard !manager.fileExists(atPath: path) else { continue }
            let tone = Signal.sine(frequency: frequency, amplitude: 0.4, frameCount: Int(seconds * 48_000), sampleRate: sampleRate)
            let stereo = PCMBuffer(format: PCMFormat(sampleRate: sampleRate, channelCount: 2), samples: tone.flatMap { [$0, $0] })
            try? Data((try? VorbisEncoder.encode(stereo)) ?? []).write(to: URL(fileURLWithPath: path), options: .atomic)
        }
        return root
    }()

    /// The file of the effect `name`.
    public static func effectPath(_ name: String) -> String { root + "/sfx/\(name).wav" }
    /// The file of the soundtrack `name`.
    public static func trackPath(_ name: String) -> String { root + "/music/\(name).ogg" }
}
