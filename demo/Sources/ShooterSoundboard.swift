// SPDX-License-Identifier: Zlib
import ArgumentParser
import Logging
import AudioSession
import Foundation
import GameSound
import GameSoundTesting
import OpenAL
import PulseSystem
import DesktopSignals

/// `shooter-soundboard`: GameSound's demo. Fire weapons and throw phone calls, alarms and
/// headphone unplugs at the game, or render scenarios headlessly.
@main
struct ShooterSoundboard: ParsableCommand {
    /// Examples and exit codes, printed at the end of each subcommand's help.
    static let examples: [String: String] = [
        "render": Render.examples,
        "play": """
            EXAMPLES:
              shooter-soundboard                              the panel on the default audio device
              shooter-soundboard --output null                everything live, no sound (no sound card needed)
              shooter-soundboard --policy effectsOnly         an ambient game: try n for a ducking prompt
              shooter-soundboard --output null --log al.txt   OpenAL Soft's messages into al.txt

            EXIT STATUS:
              0 after q; 1 when no audio device opens (try --output null); 64 a usage mistake.
            """,
        "scenarios": """
            EXAMPLES:
              shooter-soundboard scenarios
              shooter-soundboard render alarm --out alarm.wav --timeline alarm.svg
            """,
    ]

    /// Parses and runs a subcommand like ParsableCommand's own main, but a help request gets the
    /// subcommand's examples at its end.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let message = fullMessage(for: error)
            if exitCode(for: error) == .success, message.hasPrefix("OVERVIEW") {
                let arguments = CommandLine.arguments.dropFirst()
                let name = arguments.first { examples[$0] != nil } ?? (arguments.first?.hasPrefix("-") != false ? "play" : "")
                print(message.trimmingCharacters(in: .newlines) + (examples[name].map { "\n\n" + $0 } ?? ""))
                Self.exit()
            }
            exit(withError: error)
        }
    }

    static let configuration = CommandConfiguration(
        commandName: "shooter-soundboard",
        abstract: "A shooter soundboard that shows how GameSound behaves like a well-made iOS game.",
        subcommands: [Play.self, Render.self, ListScenarios.self, CheckDevice.self],
        defaultSubcommand: Play.self)
}

/// Options shared by the subcommands that need the demo's sounds.
struct AssetOptions: ParsableArguments {
    @Option(help: "The folder holding sfx/, music/ and ambience/.")
    var assets: String = "assets"

    func validatedFolder() throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: assets + "/sfx", isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("No demo sounds in '\(assets)/sfx'. Run from the repository root, or pass --assets DIR (make assets builds them).")
        }
        return assets
    }
}

extension ShooterSoundboard {
    /// The interactive soundboard (the default).
    struct Play: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Play the interactive soundboard in this terminal.")

        enum OutputChoice: String, ExpressibleByArgument, CaseIterable {
            case device, null
        }

        enum SystemChoice: String, ExpressibleByArgument, CaseIterable {
            /// `pulse` is the old name of `desktop`, kept for scripts that use it.
            case simulated, desktop, pulse
        }

        @OptionGroup var assetOptions: AssetOptions

        @Option(help: "device: the system's default audio device; null: OpenAL Soft's silent null device (real time, no sound).")
        var output: OutputChoice = .device

        @Option(help: "simulated: the keys ring phones and plug headphones; desktop (or pulse): the real desktop through PulseAudio or PipeWire (calls, music players and devices are real; only the silent switch and screen lock keys are simulated on top).")
        var system: SystemChoice = .simulated

        @Option(help: "A file for the runtime's diagnostics and OpenAL Soft's and ALSA's messages while the panel is up (otherwise they are dropped, so they never scribble on the panel).")
        var log: String?

        @Option(help: "The category policy: \(GameSoundConfiguration.Policy.allCases.map(\.rawValue).joined(separator: ", ")). effectsOnly (ambient) lets another app's navigation prompt (key n) duck the game.")
        var policy: GameSoundConfiguration.Policy = .effectsPlusSoundtrackIfNoOtherAudio

        func run() throws {
            // The runtime's diagnostics (label gamesound) go to standard error, which the panel sends
            // to --log FILE, or nowhere, while it is up.
            LoggingSystem.bootstrap { label in
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = .info
                return handler
            }
            let folder = try assetOptions.validatedFolder()
            if output == .null { OpenALProcess.setDrivers("null", overridingEnvironment: true) }
            let chosen = try Self.makeSystem(system)
            let runtime = try Self.makeRuntime(system: chosen, policy: policy, soundtrack: folder + "/music/theme.ogg")
            defer { runtime.shutdown() }
            let report = try runtime.preloadBank(folder: folder + "/sfx")
            for (name, error) in report.failed { print("warning: \(name) did not load: \(error)") }
            guard Terminal.isInteractive else {
                print(Soundboard(runtime: runtime).panel())
                return
            }
            Soundboard(runtime: runtime, logPath: log).run()
        }

        /// The simulated system, or the desktop (created before OpenAL opens its device, so that the
        /// game's stream carries media.role=game): the sound server, MPRIS players and logind, with
        /// the silent switch and the screen lock simulated on top, as a C game gets it.
        static func makeSystem(_ choice: SystemChoice) throws -> any SystemAudio {
            switch choice {
            case .simulated:
                return SimulatedSystem()
            case .desktop, .pulse:
                do {
                    let logger = Logger(label: "gamesound.desktop")
                    let desktop = DesktopSignalsSystem(wrapping: try PulseSystem(logger: logger), logger: logger)
                    return SimulatedSwitchesOverlay(wrapping: desktop)
                } catch {
                    throw ValidationError("--system \(choice.rawValue): \(error). Run without it for the simulated system.")
                }
            }
        }

        /// A real-time runtime, or one clear sentence when no audio device opens.
        static func makeRuntime(
            system: any SystemAudio, policy: GameSoundConfiguration.Policy, soundtrack: String
        ) throws -> GameSoundRuntime {
            let result = Result { () throws(GameSoundError) -> GameSoundRuntime in
                try GameSoundRuntime(configuration: .init(policy: policy, output: .realtime()), system: system,
                                     soundtrack: soundtrack)
            }
            switch result {
            case .success(let runtime):
                return runtime
            case .failure(.openAL(let error)) where error.code == .deviceUnavailable(name: nil):
                throw ValidationError(
                    "No audio device could be opened on this machine; try `shooter-soundboard --output null` "
                        + "(no sound, everything else live) or `shooter-soundboard render tour --out tour.wav --timeline tour.svg`.")
            case .failure(let error):
                throw error
            }
        }
    }

    /// Exits 0 when the default audio device opens (used by `make demo` to choose between the
    /// live soundboard and a headless render).
    struct CheckDevice: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check-device", abstract: "Exit 0 if the default audio device opens.", shouldDisplay: false)

        func run() throws {
            do {
                let device = try ALDevice.openOutput()
                try device.close()
            } catch {
                throw ExitCode(1)
            }
        }
    }

    /// Lists the built-in scenarios.
    struct ListScenarios: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "scenarios", abstract: "List the built-in scenarios.")

        func run() throws {
            for scenario in try BuiltInScenarios.all() {
                print(scenario.name.padding(toLength: 28, withPad: " ", startingAt: 0) + scenario.description)
            }
        }
    }
}

/// The scenarios shipped with the demo (demo/Sources/scenarios, bundled as resources).
enum BuiltInScenarios {
    struct Entry {
        let name: String
        let description: String
        let path: String
    }

    static func all() throws -> [Entry] {
        guard let folder = Bundle.module.url(forResource: "scenarios", withExtension: nil)?.path else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted().map { file in
            let path = folder + "/" + file
            let scenario = try Scenario.load(path: path)
            return Entry(name: String(file.dropLast(5)), description: scenario.summary ?? "", path: path)
        }
    }

    /// A built-in scenario's path by name, or `nameOrPath` itself when it is a file.
    static func path(for nameOrPath: String) throws -> String {
        if FileManager.default.fileExists(atPath: nameOrPath) { return nameOrPath }
        if let entry = try all().first(where: { $0.name == nameOrPath }) { return entry.path }
        throw CommandFailure("\(nameOrPath): no such scenario file, and no built-in scenario of that name (see `shooter-soundboard scenarios`)")
    }
}

extension GameSoundConfiguration.Policy: ExpressibleByArgument {}
