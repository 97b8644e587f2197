import ArgumentParser

extension ShooterSoundboard {
    /// Renders a scenario headlessly (filled in once the scenario runner lands).
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Render a scenario headlessly to WAV, an event log and a timeline picture.")

        @Argument(help: "A scenario file, or the name of a built-in scenario.")
        var scenario: String

        func run() throws {
            _ = try BuiltInScenarios.path(for: scenario)
        }
    }
}
