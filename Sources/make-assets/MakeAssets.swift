// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `make-assets [--out DIR]`: synthesises the demo's sound effects, theme and ambience bed and
/// writes them as Ogg Vorbis files under DIR (default `assets`).
///
/// Everything is computed from fixed seeds and fixed numbers, so the same build writes the
/// same bytes on every run and the committed files can be checked against a fresh run.
@main
enum MakeAssets {
    static func main() {
        do {
            let options = try CommandLineOptions(arguments: Array(CommandLine.arguments.dropFirst()))
            if options.wantsHelp {
                print(CommandLineOptions.usage)
                return
            }
            try run(options)
        } catch {
            FileHandleOutput.standardError("make-assets: \(error)")
            exit(1)
        }
    }

    private static func run(_ options: CommandLineOptions) throws(MakeAssetsError) {
        let writer = AssetWriter(root: options.outputDirectory)
        for (index, effect) in SoundEffect.catalogue().enumerated() {
            let written = try writer.write(effect.render(), channels: 1, sampleRate: SoundEffect.sampleRate,
                                           quality: 0.5, decodedPeak: Mastering.gain(decibels: -3),
                                           serialNumber: Int32(100 + index),
                                           folder: "sfx", name: effect.name)
            print("\(written.path)  \(written.bytes) bytes")
        }
        let theme = ThemeRenderer().render()
        let written = try writer.write(theme.interleaved(), channels: 2, sampleRate: ThemeRenderer.sampleRate,
                                       quality: 0.3, serialNumber: 1, folder: "music", name: "theme")
        print("\(written.path)  \(written.bytes) bytes")
        let wind = AmbienceRenderer().render()
        let bed = try writer.write(wind.interleaved(), channels: 2, sampleRate: AmbienceRenderer.sampleRate,
                                   quality: 0.2, serialNumber: 2, folder: "ambience", name: "wind")
        print("\(bed.path)  \(bed.bytes) bytes")
    }
}
