import ArgumentParser
import Foundation
import GameSoundTesting

extension ShooterSoundboard {
    /// Renders a scenario headlessly: WAV, event log and timeline picture.
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render a scenario headlessly to WAV, an event log (JSON Lines) and a timeline picture (SVG).")

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case s16, f32
        }

        @Argument(help: "A scenario file, or the name of a built-in scenario (see `shooter-soundboard scenarios`).")
        var scenario: String

        @Option(help: "Where to write the WAV file.")
        var out: String

        @Option(help: "Where to write the event log (JSON Lines).")
        var events: String?

        @Option(help: "Where to write the timeline picture (SVG).")
        var timeline: String?

        @Option(help: "s16: 16-bit PCM; f32: 32-bit float.")
        var format: Format = .s16

        @OptionGroup var assetOptions: AssetOptions

        func validate() throws {
            // Refused before any work: two outputs at one path would overwrite each other.
            let paths = [out, events, timeline].compactMap { $0 }.map(Self.normalised)
            if let twice = paths.first(where: { path in paths.filter { $0 == path }.count > 1 }) {
                throw ValidationError("the same path is given for two outputs: \(twice)")
            }
        }

        /// A path without `./` steps and doubled slashes, to compare outputs.
        private static func normalised(_ path: String) -> String {
            let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
            return URL(fileURLWithPath: absolute).standardizedFileURL.path
        }

        func run() throws {
            let path = try BuiltInScenarios.path(for: scenario)
            let assets = ScenarioAssets.folder(try assetOptions.validatedFolder())
            let parsed = try Scenario.load(path: path, sounds: Set(assets.effects.keys))
            let clock = ContinuousClock()
            var result: ScenarioRender?
            let elapsed = try clock.measure { result = try ScenarioRunner().render(parsed, assets: assets) }
            guard let render = result else { return }
            // A soundtrack that could not be played is a failed render, not a silent one.
            if let failure = render.events.first(where: { $0.name == "soundtrackFailed" }) {
                throw CommandFailure(failure.details.first { $0.key == "error" }.map { "\($0.value)" } ?? "the soundtrack failed")
            }
            try render.write(wav: out, events: events, timeline: timeline, format: format == .s16 ? .s16 : .f32)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            print("Rendered \(parsed.name): \(parsed.duration) s of audio in \(String(format: "%.2f", seconds)) s, \(render.events.count) events.")
            print("  audio:    \(out)")
            if let events { print("  events:   \(events)") }
            if let timeline { print("  timeline: \(timeline)") }
        }
    }
}

/// A failure that is not a usage mistake: printed as one line, with no usage, and exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

