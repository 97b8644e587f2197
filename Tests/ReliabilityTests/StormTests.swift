import Foundation
import GameSound
import GameSoundTesting
import OpenAL
import Testing

@Suite("Random storms on the whole headless stack")
struct StormTests {
    /// How many storms to run: `GAMESOUND_STORMS`, else a count that keeps CI under a minute.
    static let stormCount = ProcessInfo.processInfo.environment["GAMESOUND_STORMS"].flatMap(Int.init) ?? 500
    static let firstSeed = ProcessInfo.processInfo.environment["GAMESOUND_STORM_SEED"].flatMap(UInt64.init) ?? 1

    @Test("Every random storm keeps silence, recovery, interruption pairing, the OpenAL pool and error count intact")
    func randomStorms() {
        let runner = StormRunner()
        var failures = 0
        for seed in Self.firstSeed..<(Self.firstSeed + UInt64(Self.stormCount)) {
            let storm = StormSequence.random(seed: seed)
            guard let failure = runner.run(storm) else { continue }
            failures += 1
            let (small, smallFailure) = storm.shrunk(failing: failure, runner: runner)
            Issue.record("""
                Storm seed \(seed) (\(storm.policy.rawValue), \(storm.strategy.rawValue), \(storm.voices) voices) failed: \(failure)
                Shrunk to \(small.steps.count) of \(storm.steps.count) steps: \(smallFailure)
                \(small.scenarioReport)
                """)
            if failures >= 3 { break }
        }
    }

    @Test("A shrunk storm printed as a scenario parses and renders through the scenario runner")
    func printedScenarioReplays() throws {
        let storm = StormSequence.random(seed: 42, length: 12...12)
        let report = storm.scenarioReport
        let start = try #require(report.firstIndex(of: "{"))
        let end = try #require(report.range(of: "\n}\n")?.upperBound)
        let json = String(report[start..<end])
        let assets = ScenarioAssets.folder(StormAssets.root)
        let scenario = try Scenario.parse(json: Array(json.utf8), sounds: Set(assets.effects.keys))
        #expect(scenario.name == "storm-42")
        let render = try ScenarioRunner().render(scenario, assets: assets)
        #expect(render.samples.count == scenario.frameCount * 2)
    }

    @Test("The runner catches a broken invariant: the OpenAL error hook counts a refused call")
    func errorHookCounts() throws {
        OpenALProcess.setDrivers("null")
        let before = OpenALProcess.errorCountOnCurrentThread
        let processBefore = OpenALProcess.errorCount
        try OpenALProcess.withExclusiveAccess {
            let device = try ALDevice.openLoopback()
            defer { try? device.close() }
            let context = try ALContext(device: device, attributes: .init(
                frequency: 48_000, renderFormat: .init(sampleRate: 48_000, channels: .stereo, sampleType: .float32)))
            try ALContext.clearCurrent()
            #expect(throws: OpenALError.self) { try ALSource(context: context) }
            context.destroy()
        }
        #expect(OpenALProcess.errorCountOnCurrentThread == before + 1)
        #expect(OpenALProcess.errorCount >= processBefore + 1)
    }
}
