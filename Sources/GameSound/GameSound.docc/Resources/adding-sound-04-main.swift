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

// Three shots, from left to right.
for pan: Float in [-0.6, 0, 0.6] {
    switch try audio.play("laser", options: PlayOptions(gain: 0.8, pan: pan)) {
    case .played(let voice, stole: _):
        print("laser on \(voice)")
    case .dropped(let reason):
        print("laser not heard: \(reason)")
    }
    try await Task.sleep(for: .milliseconds(300))
}

// A high priority keeps the explosion's voice when the pool is full.
try audio.play("explosion", options: PlayOptions(priority: 10))
try await Task.sleep(for: .seconds(2))
