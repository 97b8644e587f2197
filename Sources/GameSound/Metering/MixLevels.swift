/// How loud one channel was over the metering window: its largest sample and its RMS level.
///
/// Both are linear, with 1.0 at digital full scale; ``peakDBFS`` and ``rmsDBFS`` give the same in
/// decibels relative to full scale, the unit level meters usually show.
public struct ChannelLevel: Sendable, Hashable {
    /// The largest absolute sample value in the window.
    public var peak: Float
    /// The root-mean-square level over the window.
    public var rms: Float

    /// A channel with nothing in it.
    public static let silent = ChannelLevel(peak: 0, rms: 0)

    /// Creates a level from linear values.
    public init(peak: Float, rms: Float) {
        self.peak = peak
        self.rms = rms
    }

    /// ``peak`` in dBFS; `-Float.infinity` for exact silence.
    public var peakDBFS: Float { Self.decibels(peak) }
    /// ``rms`` in dBFS; `-Float.infinity` for exact silence. A full-scale sine reads about -3 dBFS.
    public var rmsDBFS: Float { Self.decibels(rms) }

    /// Converts a linear level to dBFS.
    public static func decibels(_ linear: Float) -> Float {
        linear > 0 ? 20 * log10(linear) : -.infinity
    }
}

/// The level of a left and a right channel.
public struct StereoLevel: Sendable, Hashable {
    /// The left channel.
    public var left: ChannelLevel
    /// The right channel.
    public var right: ChannelLevel

    /// Nothing on either side.
    public static let silent = StereoLevel(left: .silent, right: .silent)

    /// Creates a stereo level.
    public init(left: ChannelLevel, right: ChannelLevel) {
        self.left = left
        self.right = right
    }

    /// Whether both channels are exactly silent.
    public var isSilent: Bool { left.peak == 0 && right.peak == 0 }
}

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

#if canImport(Glibc)
import Glibc
#endif
