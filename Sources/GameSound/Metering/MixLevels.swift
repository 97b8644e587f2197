// SPDX-License-Identifier: Zlib
/// Level meters for what the game sends to the output: the whole output and each of its layers,
/// over the last ``windowSeconds`` before the current play position.
///
/// Read them with ``GameSoundRuntime/levels``, for example ten times a second for an on-screen
/// meter or a debug overlay. They are computed from the signal GameSound hands OpenAL Soft: the
/// samples each playing voice and soundtrack stream reaches at that moment, times their gains,
/// placed left and right the way OpenAL Soft 1.19 places a sound on stereo speakers, and summed.
/// The ``output`` meter also carries the master volume and any duck, and reads exact silence
/// whenever the player hears none (an interruption, silencing, lost media services).
///
/// OpenAL Soft mixes on its own thread and offers no access to its mix on a real device, so the
/// meters model it rather than tap it. Against a headless render the model agrees with the rendered
/// samples within a quarter of a decibel for centred, panned and placed sounds, at any pitch (the
/// tests check this); it leaves out HRTF and filtering. ``excludesHRTF`` says when the device mixes
/// with HRTF, so a meter can show that its levels are the plain-stereo model's.
public struct MixLevels: Sendable, Hashable {
    /// Everything the player hears: effects and soundtrack, after the master volume and the duck.
    public var output: StereoLevel
    /// The effects layer: every playing effect voice, before the master volume.
    public var effects: StereoLevel
    /// The streams: the soundtrack (crossfading tracks included) and every other streamed voice,
    /// before the master volume.
    public var soundtrack: StereoLevel
    /// How long a stretch of audio the meters cover, in seconds.
    public var windowSeconds: Double
    /// Whether the device mixed with HRTF when the meters were read (as the device reports it): the
    /// levels then leave HRTF out. They are those of plain stereo panning, while what each ear gets
    /// differs (a sound on the right also reaches the left ear, delayed and filtered).
    public var excludesHRTF: Bool

    /// Creates meters.
    public init(output: StereoLevel, effects: StereoLevel, soundtrack: StereoLevel, windowSeconds: Double,
                excludesHRTF: Bool = false) {
        self.output = output
        self.effects = effects
        self.soundtrack = soundtrack
        self.windowSeconds = windowSeconds
        self.excludesHRTF = excludesHRTF
    }
}
