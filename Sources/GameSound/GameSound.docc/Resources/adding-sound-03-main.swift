import GameSound

// One runtime for the whole game. It activates the audio session, opens the output device and,
// when no other audio is playing, starts streaming the soundtrack.
let audio = try GameSoundRuntime(soundtrack: "assets/music/theme.ogg")

// Decode every .wav, .flac, .ogg and .opus in the folder once, in parallel. Each sound is named after its file.
let report = try audio.preloadBank(folder: "assets/sfx")
for (name, error) in report.failed {
    print("could not load \(name): \(error)")
}
print("loaded \(report.loaded.joined(separator: ", "))")
