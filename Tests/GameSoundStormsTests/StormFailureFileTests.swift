// SPDX-License-Identifier: Zlib
import Foundation
import GameSoundStorms
import GameSoundTesting
import Testing

@Suite("A failing storm saved as a file")
struct StormFailureFileTests {
    @Test("The saved file reads back: the same fields, and a scenario that parses to the one the storm printed, number for number")
    func roundTrip() throws {
        let storm = StormSequence.random(seed: 42)
        let (failure, trace) = StormRunner().traced(storm)
        try #require(failure == nil)
        let broken = StormFailure(kind: .noSoundAfterRecovery, step: 3, message: "a \"quoted\" message\nover two lines")
        let kept = [0, 2, 3]
        let record = StormFailureFile(storm: storm, environments: false, failure: broken, shrunk: storm.keeping(steps: kept),
                                      shrunkFailure: broken, keptSteps: kept)
        let printed = storm.scenarioJSON(trace: trace)
        let path = NSTemporaryDirectory() + "storm-failure-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(record.json(scenario: printed).utf8).write(to: URL(fileURLWithPath: path))
        let (read, scenario) = try StormFailureFile.read(path: path)
        #expect(read == record)
        #expect(read.steps.count == 3)
        let sounds = Set(ScenarioAssets.folder(StormAssets.root).effects.keys)
        #expect(try Scenario.parse(json: scenario, sounds: sounds) == Scenario.parse(json: printed, sounds: sounds))
    }
}
