// SPDX-License-Identifier: Zlib
import Foundation
import GameSoundStorms
import GameSoundTesting

/// `--replay FILE`: runs a saved failure again — the seed's whole storm and its shrunk steps through
/// the storm runner, the saved scenario through the scenario runner — and says whether it still fails.
struct StormReplay {
    let path: String

    /// - Returns: Whether the whole storm or its shrunk form still breaks an invariant.
    func run() throws -> Bool {
        let (file, scenarioText) = try StormFailureFile.read(path: path)
        let runner = StormRunner(comparison: file.effectiveComparison)
        let storm = StormSequence.random(seed: file.seed, environments: file.environments)
        print("Replaying \(path): seed \(file.seed) (\(storm.policy.rawValue), \(storm.strategy.rawValue), \(storm.voices) voices, "
              + "\(storm.steps.count) steps)")
        print("  saved: \(file.failure.kind) after step \(file.failure.step); shrunk to \(file.keptSteps.count) steps, "
              + "\(file.shrunkFailure.kind) after step \(file.shrunkFailure.step)")
        let whole = runner.run(storm)
        print("  the whole storm: " + (whole.map { "FAILS: \($0)" } ?? "passes"))
        var shrunkFails = false
        if file.keptSteps.allSatisfy(storm.steps.indices.contains),
           case let small = storm.keeping(steps: file.keptSteps), small.steps.map(Self.words) == file.steps {
            let (failure, trace) = runner.traced(small)
            shrunkFails = failure != nil
            print("  the shrunk storm: " + (failure.map { "FAILS: \($0)" } ?? "passes"))
            print("  the scenario: " + replayScenario(scenarioText, against: trace))
        } else {
            print("  the seed draws other steps now than the file lists (the storm generator changed): the shrunk steps cannot be run")
            print("  the scenario: " + replayScenario(scenarioText, against: nil))
        }
        let stillFails = whole != nil || shrunkFails
        print(stillFails ? "Still fails." : "Passes now.")
        return stillFails
    }

    /// A step as the file lists it.
    static func words(_ step: StormStep) -> String { "\(step.action), then \(step.framesAfter) frames" }

    /// Renders the saved scenario and compares it with the shrunk storm's own run.
    ///
    /// - Returns: What happened, in words.
    private func replayScenario(_ text: String, against trace: StormTrace?) -> String {
        let assets = ScenarioAssets.folder(StormAssets.root)
        let render: ScenarioRender
        do {
            render = try ScenarioRunner().render(try Scenario.parse(json: text, sounds: Set(assets.effects.keys)), assets: assets)
        } catch {
            return "FAILS to render: \(error)"
        }
        let rendered = "rendered \(render.frameCount) frames"
        guard let trace else { return rendered }
        let end = trace.samples.count / 2
        // actionRefused and callRefused are the scenario runner's own entries; the storm ignores refusals silently.
        let replayed = render.events.filter { $0.frame < end && $0.name != "actionRefused" && $0.name != "callRefused" }
        guard Array(replayed.prefix(trace.events.count)) == trace.events else {
            let index = zip(replayed, trace.events).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(replayed.count, trace.events.count)
            return "\(rendered); its log differs from the storm's at entry \(index)"
        }
        let heard = render.samples.prefix(end * 2)
        if let first = zip(heard, trace.samples).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            return "\(rendered); its audio differs from the storm's from frame \(first / 2)"
        }
        return "\(rendered); the same log and the same samples as the shrunk storm, frame for frame, up to where it failed"
    }
}
