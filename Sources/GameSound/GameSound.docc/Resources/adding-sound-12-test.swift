import GameSound
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
