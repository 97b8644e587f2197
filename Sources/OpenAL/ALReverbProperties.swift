// SPDX-License-Identifier: Zlib
/// Every setting of a reverb, in the field order of `EFXEAXREVERBPROPERTIES` from OpenAL Soft's
/// `efx-presets.h`, so a preset from that file (or from an EAX tool) can be typed in field by field.
///
/// Start from a preset such as ``generic``, ``cave`` or ``castleHall`` and adjust it, then give it
/// to ``ALEffect/setReverb(_:allowingEAX:)``. Each field documents its range; OpenAL refuses a
/// value outside it with `invalidValue` (the pans excepted, see ``reflectionsPan``). Gains are
/// linear amplitudes (0.3162 is −10 dB), times are in seconds, frequencies in hertz.
///
/// The EAX reverb uses every field. The standard reverb, used when OpenAL has no EAX reverb,
/// ignores ``gainLF``, ``decayLFRatio``, ``reflectionsPan``, ``lateReverbPan``, ``echoTime``,
/// ``echoDepth``, ``modulationTime``, ``modulationDepth``, ``hfReference`` and ``lfReference``.
public struct ALReverbProperties: Sendable, Hashable {
    /// How dense the echoes of the tail are, 0...1: low values sound grainy, like a small room.
    public var density: Float
    /// How smoothly the echoes spread, 0...1: low values sound like distinct repeats.
    public var diffusion: Float
    /// The level of the whole reverb, 0...1 (the reverb adds to the dry sound; it does not replace it).
    public var gain: Float
    /// How much of the high frequencies the reverb keeps, 0...1 (at ``hfReference``).
    public var gainHF: Float
    /// How much of the low frequencies the reverb keeps, 0...1 (at ``lfReference``; EAX only).
    public var gainLF: Float
    /// How long the tail takes to fade by 60 dB, 0.1...20 seconds: the size of the room.
    public var decayTime: Float
    /// How long the high frequencies last compared with the mid range, 0.1...2.
    public var decayHFRatio: Float
    /// How long the low frequencies last compared with the mid range, 0.1...2 (EAX only).
    public var decayLFRatio: Float
    /// The level of the first, distinct reflections off nearby walls, 0...3.16.
    public var reflectionsGain: Float
    /// When the first reflections arrive after the dry sound, 0...0.3 seconds.
    public var reflectionsDelay: Float
    /// Where the first reflections come from, a vector of length 0...1 in the listener's space
    /// (zero: from all around; EAX only). OpenAL Soft 1.19.1 refuses only a non-finite vector,
    /// so keep the length within 1 yourself.
    public var reflectionsPan: SIMD3<Float>
    /// The level of the late reverb, the dense tail, 0...10.
    public var lateReverbGain: Float
    /// When the tail starts after the first reflections, 0...0.1 seconds.
    public var lateReverbDelay: Float
    /// Where the tail comes from, a vector of length 0...1 (zero: from all around; EAX only).
    /// As with ``reflectionsPan``, only a non-finite vector is refused.
    public var lateReverbPan: SIMD3<Float>
    /// The period of a repeating echo in the tail, 0.075...0.25 seconds (EAX only).
    public var echoTime: Float
    /// How strong that echo is, 0...1 (EAX only).
    public var echoDepth: Float
    /// The period of a pitch wobble in the tail, 0.004...4 seconds (EAX only).
    public var modulationTime: Float
    /// How strong that wobble is, 0...1 (EAX only).
    public var modulationDepth: Float
    /// How much the air absorbs high frequencies per metre of reflection path, 0.892...1.
    public var airAbsorptionGainHF: Float
    /// The frequency ``gainHF`` and ``decayHFRatio`` refer to, 1 000...20 000 Hz (EAX only).
    public var hfReference: Float
    /// The frequency ``gainLF`` and ``decayLFRatio`` refer to, 20...1 000 Hz (EAX only).
    public var lfReference: Float
    /// How much the reverb fades with the source's distance, 0...10 (0: not at all).
    public var roomRolloffFactor: Float
    /// Whether high frequencies may not outlast what ``airAbsorptionGainHF`` allows.
    public var decayHFLimit: Bool

    /// Creates a reverb from every setting, in the order of `EFXEAXREVERBPROPERTIES`. The defaults
    /// are the ``generic`` preset: OpenAL's own defaults, to within rounding.
    public init(density: Float = 1, diffusion: Float = 1, gain: Float = 0.3162, gainHF: Float = 0.8913,
                gainLF: Float = 1, decayTime: Float = 1.49, decayHFRatio: Float = 0.83, decayLFRatio: Float = 1,
                reflectionsGain: Float = 0.05, reflectionsDelay: Float = 0.007, reflectionsPan: SIMD3<Float> = .zero,
                lateReverbGain: Float = 1.2589, lateReverbDelay: Float = 0.011, lateReverbPan: SIMD3<Float> = .zero,
                echoTime: Float = 0.25, echoDepth: Float = 0, modulationTime: Float = 0.25, modulationDepth: Float = 0,
                airAbsorptionGainHF: Float = 0.9943, hfReference: Float = 5_000, lfReference: Float = 250,
                roomRolloffFactor: Float = 0, decayHFLimit: Bool = true) {
        self.density = density
        self.diffusion = diffusion
        self.gain = gain
        self.gainHF = gainHF
        self.gainLF = gainLF
        self.decayTime = decayTime
        self.decayHFRatio = decayHFRatio
        self.decayLFRatio = decayLFRatio
        self.reflectionsGain = reflectionsGain
        self.reflectionsDelay = reflectionsDelay
        self.reflectionsPan = reflectionsPan
        self.lateReverbGain = lateReverbGain
        self.lateReverbDelay = lateReverbDelay
        self.lateReverbPan = lateReverbPan
        self.echoTime = echoTime
        self.echoDepth = echoDepth
        self.modulationTime = modulationTime
        self.modulationDepth = modulationDepth
        self.airAbsorptionGainHF = airAbsorptionGainHF
        self.hfReference = hfReference
        self.lfReference = lfReference
        self.roomRolloffFactor = roomRolloffFactor
        self.decayHFLimit = decayHFLimit
    }
}
