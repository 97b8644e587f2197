// SPDX-License-Identifier: Zlib
import ArgumentParser
import Foundation
import GameSound
import GameSoundTesting
import Logging

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

        @Flag(help: "Show a progress bar with the time left (only when standard output is a terminal).")
        var progress = false

        @Flag(help: "Print nothing on success.")
        var quiet = false

        @OptionGroup var assetOptions: AssetOptions

        static let examples = """
            EXAMPLES:
              shooter-soundboard render tour --out tour.wav --events tour.jsonl --timeline tour.svg
              shooter-soundboard render my-scenario.json --out a.wav --format f32 --assets game/assets
              shooter-soundboard render long.json --out long.wav --progress

            EXIT STATUS:
              0 rendered; 1 the render failed (a file that does not decode or cannot be written,
              a malformed scenario): one line says which file and why, and no output is left
              behind; 64 a usage mistake (unknown option, the same path for two outputs).
            """

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
            // A failure is reported once, as the command's one line; the runtime's own diagnostics
            // would say the same again.
            LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
            let path = try BuiltInScenarios.path(for: scenario)
            let assets = ScenarioAssets.folder(try assetOptions.validatedFolder())
            let parsed = try Scenario.load(path: path, sounds: Set(assets.effects.keys))
            let clock = ContinuousClock()
            let bar = progress && isatty(STDOUT_FILENO) == 1 && !quiet ? ProgressBar() : nil
            var runner = ScenarioRunner()
            if let bar { runner.progress = { fraction in bar.show(fraction) } }
            // The outputs are written as the render goes, to temporary files beside them that are
            // renamed into place at the end: memory does not grow with the scenario's length, and a
            // failed render leaves nothing behind. A folder that does not exist fails before the render.
            let writer = try ScenarioFileWriter(scenario: parsed, wav: out, events: events, timeline: timeline,
                                                format: format == .s16 ? .s16 : .f32)
            var sink = SoundtrackWatch(writer: writer)
            InterruptCleanup.install(removing: writer.temporaryPaths)
            do {
                let elapsed = try clock.measure { try runner.render(parsed, assets: assets, into: &sink) }
                bar?.finish()
                try writer.finish()
                report(elapsed: elapsed, events: writer.eventCount, name: parsed.name, duration: parsed.duration)
            } catch {
                bar?.finish()
                writer.discard()
                throw error
            }
        }

        private func report(elapsed: Duration, events eventCount: Int, name: String, duration: Double) {
            guard !quiet else { return }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            print("Rendered \(name): \(duration) s of audio in \(String(format: "%.2f", seconds)) s, \(eventCount) events.")
            print("  audio:    \(out)")
            if let events { print("  events:   \(events)") }
            if let timeline { print("  timeline: \(timeline)") }
        }
    }
}

/// Passes the render on to the file writer, and stops it at the first `soundtrackFailed`: a
/// soundtrack that could not be played is a failed render, not a silent one.
struct SoundtrackWatch: ScenarioRenderSink {
    let writer: ScenarioFileWriter

    func receive(frames: UnsafeBufferPointer<Float>) throws {
        try writer.receive(frames: frames)
    }

    func receive(events: [GameSoundEvent]) throws {
        if let failure = events.first(where: { $0.name == "soundtrackFailed" }) {
            throw CommandFailure(failure.details.first { $0.key == "error" }.map { "\($0.value)" } ?? "the soundtrack failed")
        }
        try writer.receive(events: events)
    }
}

/// Removes a render's temporary files when the render is interrupted (Ctrl-C) or terminated, so that
/// stopping an hour's render leaves no hidden half-written file behind; then exits as the signal would.
enum InterruptCleanup {
    /// The paths as C strings, made before any signal can come: the handler only reads them.
    nonisolated(unsafe) private static var paths: UnsafeMutableBufferPointer<UnsafeMutablePointer<CChar>?> = .init(start: nil, count: 0)

    static func install(removing temporary: [String]) {
        let copies = UnsafeMutableBufferPointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: temporary.count)
        for (index, path) in temporary.enumerated() { copies[index] = strdup(path) }
        paths = copies
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { received in
                for path in InterruptCleanup.paths { if let path { unlink(path) } }
                _exit(128 + received)
            }
        }
    }
}

/// A failure that is not a usage mistake: printed as one line, with no usage, and exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

/// A one-line progress bar with the time left, redrawn in place on the terminal.
final class ProgressBar: Sendable {
    private let started = ContinuousClock.now

    func show(_ fraction: Double) {
        let done = min(max(fraction, 0), 1)
        let width = 30
        let filled = Int((done * Double(width)).rounded(.down))
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let left = done > 0 ? seconds * (1 - done) / done : 0
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        Terminal.write("\r[" + bar + "]" + String(format: " %3.0f%%  %.1f s left ", done * 100, left))
    }

    func finish() {
        Terminal.write("\r" + String(repeating: " ", count: 60) + "\r")
    }
}

