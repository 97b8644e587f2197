// The GameSoundTesting module.
