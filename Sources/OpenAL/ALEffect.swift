// SPDX-License-Identifier: Zlib
import COpenAL

/// An effect (`ALC_EXT_EFX`): for now a reverb, set from ``ALReverbProperties``.
///
/// An effect is a set of settings; it is heard once it is attached to an ``ALAuxiliarySlot``
/// (``ALAuxiliarySlot/attach(_:)``) that sources send to. The slot copies the settings when the
/// effect is attached: after changing the effect, attach it again.
///
/// Effects belong to their context's device, like buffers; create them while their context is
/// current, and every call checks that it still is. Not thread-safe: keep it with one owner.
public final class ALEffect {
    /// Which effect an ``ALEffect`` is.
    public enum Kind: Sendable, Hashable {
        /// No effect yet (`AL_EFFECT_NULL`): a slot holding it outputs silence.
        case null
        /// The standard reverb (`AL_EFFECT_REVERB`).
        case reverb
        /// The EAX reverb (`AL_EFFECT_EAXREVERB`): the standard reverb plus low-frequency
        /// control, echo, modulation and panned reflections. OpenAL Soft always has it.
        case eaxReverb
    }

    /// The OpenAL name (`ALuint`) of this effect.
    public let name: UInt32
    /// The context that was current when the effect was created.
    public let context: ALContext
    /// Whether ``delete()`` has run.
    public private(set) var isDeleted = false
    /// Which effect this is now.
    public private(set) var kind: Kind = .null

    /// Creates an empty effect (``Kind/null``) in `context`, which must be current.
    ///
    /// - Throws: ``OpenALError`` with `extensionMissing("ALC_EXT_EFX")` without effect support,
    ///   or a context refusal.
    ///
    /// The corresponding C function is `alGenEffects`.
    public init(context: ALContext) throws(OpenALError) {
        try context.requireEffects("alGenEffects")
        self.name = try ALCall.generateEffect()
        self.context = context
        context.device.liveEffectCount += 1
    }

    /// Creates a reverb in `context`, which must be current: an EAX reverb when OpenAL has one,
    /// otherwise the standard reverb (see ``setReverb(_:allowingEAX:)``).
    ///
    /// - Throws: ``OpenALError`` as ``init(context:)`` and ``setReverb(_:allowingEAX:)`` do; no
    ///   effect is left behind.
    public convenience init(context: ALContext, reverb: ALReverbProperties) throws(OpenALError) {
        try self.init(context: context)
        do {
            try setReverb(reverb)
        } catch {
            try? delete()
            throw error
        }
    }

    /// Makes this effect a reverb with `properties`.
    ///
    /// - Parameters:
    ///   - properties: Every setting, usually a preset such as ``ALReverbProperties/cave``.
    ///   - allowingEAX: When true (the default), the effect becomes an EAX reverb if OpenAL
    ///     supports one (asked by setting `AL_EFFECT_EAXREVERB`, as the EFX guide does), and a
    ///     standard reverb otherwise. When false, always the standard reverb, which ignores the
    ///     EAX-only settings.
    /// - Throws: ``OpenALError`` with `invalidValue` from `alEffectf` (or `alEffectfv`) for a
    ///   setting outside its range. The settings before it are applied, the rest are not.
    ///
    /// The corresponding C functions are `alEffecti` (`AL_EFFECT_TYPE`), `alEffectf` and
    /// `alEffectfv` with the `AL_EAXREVERB_*` or `AL_REVERB_*` parameters.
    public func setReverb(_ properties: ALReverbProperties, allowingEAX: Bool = true) throws(OpenALError) {
        try requireUsable("alEffecti")
        if allowingEAX, kind != .eaxReverb, try ALCall.trySetEffectType(name, AL_EFFECT_EAXREVERB) {
            kind = .eaxReverb
        }
        if allowingEAX, kind == .eaxReverb {
            try applyEAXReverb(properties)
        } else {
            if kind != .reverb {
                try ALCall.setEffect(name, AL_EFFECT_TYPE, integer: AL_EFFECT_REVERB)
                kind = .reverb
            }
            try applyStandardReverb(properties)
        }
    }

    /// Deletes the effect. Slots it was attached to keep their copy of its settings. Deleting
    /// twice does nothing.
    ///
    /// The corresponding C function is `alDeleteEffects`.
    public func delete() throws(OpenALError) {
        guard !isDeleted else { return }
        try context.requireCurrent("alDeleteEffects")
        try ALCall.deleteEffect(name)
        isDeleted = true
        context.device.liveEffectCount -= 1
    }

    func requireUsable(_ operation: StaticString) throws(OpenALError) {
        if isDeleted { throw OpenALError.raised(operation: "\(operation)", code: .deleted) }
        try context.requireCurrent(operation)
    }

    // MARK: Parameters

    private func applyEAXReverb(_ p: ALReverbProperties) throws(OpenALError) {
        let floats: [(Int32, Float)] = [
            (AL_EAXREVERB_DENSITY, p.density), (AL_EAXREVERB_DIFFUSION, p.diffusion),
            (AL_EAXREVERB_GAIN, p.gain), (AL_EAXREVERB_GAINHF, p.gainHF), (AL_EAXREVERB_GAINLF, p.gainLF),
            (AL_EAXREVERB_DECAY_TIME, p.decayTime), (AL_EAXREVERB_DECAY_HFRATIO, p.decayHFRatio),
            (AL_EAXREVERB_DECAY_LFRATIO, p.decayLFRatio),
            (AL_EAXREVERB_REFLECTIONS_GAIN, p.reflectionsGain), (AL_EAXREVERB_REFLECTIONS_DELAY, p.reflectionsDelay),
            (AL_EAXREVERB_LATE_REVERB_GAIN, p.lateReverbGain), (AL_EAXREVERB_LATE_REVERB_DELAY, p.lateReverbDelay),
            (AL_EAXREVERB_ECHO_TIME, p.echoTime), (AL_EAXREVERB_ECHO_DEPTH, p.echoDepth),
            (AL_EAXREVERB_MODULATION_TIME, p.modulationTime), (AL_EAXREVERB_MODULATION_DEPTH, p.modulationDepth),
            (AL_EAXREVERB_AIR_ABSORPTION_GAINHF, p.airAbsorptionGainHF),
            (AL_EAXREVERB_HFREFERENCE, p.hfReference), (AL_EAXREVERB_LFREFERENCE, p.lfReference),
            (AL_EAXREVERB_ROOM_ROLLOFF_FACTOR, p.roomRolloffFactor),
        ]
        for (parameter, value) in floats { try ALCall.setEffect(name, parameter, float: value) }
        try ALCall.setEffect(name, AL_EAXREVERB_REFLECTIONS_PAN, floats: [p.reflectionsPan.x, p.reflectionsPan.y, p.reflectionsPan.z])
        try ALCall.setEffect(name, AL_EAXREVERB_LATE_REVERB_PAN, floats: [p.lateReverbPan.x, p.lateReverbPan.y, p.lateReverbPan.z])
        try ALCall.setEffect(name, AL_EAXREVERB_DECAY_HFLIMIT, integer: p.decayHFLimit ? AL_TRUE : AL_FALSE)
    }

    private func applyStandardReverb(_ p: ALReverbProperties) throws(OpenALError) {
        let floats: [(Int32, Float)] = [
            (AL_REVERB_DENSITY, p.density), (AL_REVERB_DIFFUSION, p.diffusion),
            (AL_REVERB_GAIN, p.gain), (AL_REVERB_GAINHF, p.gainHF),
            (AL_REVERB_DECAY_TIME, p.decayTime), (AL_REVERB_DECAY_HFRATIO, p.decayHFRatio),
            (AL_REVERB_REFLECTIONS_GAIN, p.reflectionsGain), (AL_REVERB_REFLECTIONS_DELAY, p.reflectionsDelay),
            (AL_REVERB_LATE_REVERB_GAIN, p.lateReverbGain), (AL_REVERB_LATE_REVERB_DELAY, p.lateReverbDelay),
            (AL_REVERB_AIR_ABSORPTION_GAINHF, p.airAbsorptionGainHF),
            (AL_REVERB_ROOM_ROLLOFF_FACTOR, p.roomRolloffFactor),
        ]
        for (parameter, value) in floats { try ALCall.setEffect(name, parameter, float: value) }
        try ALCall.setEffect(name, AL_REVERB_DECAY_HFLIMIT, integer: p.decayHFLimit ? AL_TRUE : AL_FALSE)
    }
}
