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

        func run() throws {
            let path = try BuiltInScenarios.path(for: scenario)
            let assets = ScenarioAssets.folder(try assetOptions.validatedFolder())
            let parsed = try Scenario.load(path: path, sounds: Set(assets.effects.keys))
            let clock = ContinuousClock()
            var result: ScenarioRender?
            let elapsed = try clock.measure { result = try ScenarioRunner().render(parsed, assets: assets) }
            guard let render = result else { return }
            try render.write(wav: out, events: events, timeline: timeline, format: format == .s16 ? .s16 : .f32)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            print("Rendered \(parsed.name): \(parsed.duration) s of audio in \(String(format: "%.2f", seconds)) s, \(render.events.count) events.")
            print("  audio:    \(out)")
            if let events { print("  events:   \(events)") }
            if let timeline { print("  timeline: \(timeline)") }
        }
    }
}
