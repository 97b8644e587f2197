// SPDX-License-Identifier: Zlib
import GameSound

/// The sink behind ``ScenarioRunner/render(_:assets:)``: keeps the whole render in memory.
struct ScenarioRenderCollector: ScenarioRenderSink {
    let scenario: Scenario
    private var samples: [Float]
    private var events: [GameSoundEvent] = []

    init(scenario: Scenario) {
        self.scenario = scenario
        samples = []
        samples.reserveCapacity(scenario.frameCount * 2)
    }

    mutating func receive(frames: UnsafeBufferPointer<Float>) { samples += frames }
    mutating func receive(events: [GameSoundEvent]) { self.events += events }

    var render: ScenarioRender { ScenarioRender(scenario: scenario, samples: samples, events: events) }
}
