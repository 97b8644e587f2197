import GameSound

// One runtime for the whole game. It activates the audio session, opens the output device and,
// when no other audio is playing, starts streaming the soundtrack.
let audio = try GameSoundRuntime(soundtrack: "assets/music/theme.ogg")
