import GameSound
import GameSoundTesting
import Testing

@Test func aPhoneCallSilencesTheGame() throws {
    // Headless: no sound card needed, and nothing plays until the test asks for frames.
    let audio = try GameSoundRuntime(configuration: GameSoundConfiguration(output: .headless))
    try audio.preload("laser", path: "assets/sfx/laser.ogg")
    try audio.play("laser", options: PlayOptions(loop: true))

    let beforeTheCall = try audio.render(frames: 4_800)
    #expect(beforeTheCall.contains { $0 != 0 })

    // Exact silence for as long as the phone rings.
    try audio.perform(.phoneRing)
    let duringTheCall = try audio.render(frames: 48_000)
    #expect(duringTheCall.allSatisfy { $0 == 0 })

    // Back within one update of the call's end: 256 frames.
    try audio.perform(.phoneDecline)
    let afterTheCall = try audio.render(frames: 256)
    #expect(afterTheCall.contains { $0 != 0 })
}

@Test func theCallAsAScenario() throws {
    let scenario = try Scenario.parse(json: """
        {
          "name": "call-during-a-fight",
          "duration": 6,
          "events": [
            { "at": 0.5, "fire": "laser", "loop": true },
            { "at": 2, "system": "phone.ring" },
            { "at": 4, "system": "phone.decline" }
          ]
        }
        """)
    let render = try ScenarioRunner().render(scenario, assets: .folder("assets"))

    let ring = render.frame(of: 2), decline = render.frame(of: 4)
    #expect(render.isExactlySilent(frames: ring..<decline))
    #expect(render.firstAudibleFrame(after: decline)! - decline < 256)
    #expect(render.containsInOrder(["phone.ring", "interruptionBegan", "phone.decline", "interruptionEnded"]))

    // Keep the evidence: the audio, the event log and a picture of the timeline.
    try render.write(wav: "call.wav", events: "call.jsonl", timeline: "call.svg")
}
