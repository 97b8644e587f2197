import GameSound
import Testing

@Test func aPhoneCallSilencesTheGame() throws {
    // Headless: no sound card needed, and nothing plays until the test asks for frames.
    let audio = try GameSoundRuntime(configuration: GameSoundConfiguration(output: .headless))
    try audio.preload("laser", path: "assets/sfx/laser.ogg")
    try audio.play("laser", options: PlayOptions(loop: true))

    let beforeTheCall = try audio.render(frames: 4_800)
    #expect(beforeTheCall.contains { $0 != 0 })
}
