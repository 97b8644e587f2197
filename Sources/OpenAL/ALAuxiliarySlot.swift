// SPDX-License-Identifier: Zlib
import COpenAL

/// An auxiliary effect slot (`ALC_EXT_EFX`): a bus that runs one effect, such as a room's
/// reverb, on everything sources send into it, and mixes the result into the output.
///
/// Load an ``ALEffect`` into it with ``attach(_:)``, then feed sources in with
/// ``ALSource/setAuxiliarySend(_:send:filter:)``. A game usually has one slot for the reverb of
/// the space the player is in, and sends every world sound to it. The sources' dry sound still
/// reaches the listener directly; the slot adds the effect on top.
///
/// Slots live in their context (like sources) and are destroyed with it. Create them while
/// their context is current; every call checks that it still is. Not thread-safe: keep it with
/// one owner.
public final class ALAuxiliarySlot {
    /// The OpenAL name (`ALuint`) of this slot.
    public let name: UInt32
    /// The context the slot lives in.
    public let context: ALContext
    /// Whether ``delete()`` has run.
    public private(set) var isDeleted = false
    /// The effect last attached with ``attach(_:)``, or nil.
    public private(set) var effect: ALEffect?
    /// The level of the slot's output, 0...1 (`AL_EFFECTSLOT_GAIN`, 1 by default).
    public private(set) var gain: Float = 1
    /// How many source sends feed this slot (see ``ALSource/setAuxiliarySend(_:send:filter:)``).
    /// The slot cannot be deleted while it is above 0.
    public internal(set) var feedingSendCount = 0

    /// Creates an empty slot (it runs no effect and outputs silence) in `context`, which must be current.
    ///
    /// - Throws: ``OpenALError`` with `extensionMissing("ALC_EXT_EFX")` without effect support,
    ///   or a context refusal.
    ///
    /// The corresponding C function is `alGenAuxiliaryEffectSlots`.
    public init(context: ALContext) throws(OpenALError) {
        try context.requireEffects("alGenAuxiliaryEffectSlots")
        self.name = try ALCall.generateAuxiliarySlot()
        self.context = context
        context.liveAuxiliarySlotCount += 1
    }

    /// Loads `effect` into the slot, or empties it with nil.
    ///
    /// The slot copies the effect's settings now: after changing the effect (a new
    /// ``ALEffect/setReverb(_:allowingEAX:)``), attach it again to hear the change. The effect
    /// may be deleted afterwards; the slot keeps its copy.
    ///
    /// The corresponding C call is `alAuxiliaryEffectSloti(slot, AL_EFFECTSLOT_EFFECT, effect)`.
    public func attach(_ effect: ALEffect?) throws(OpenALError) {
        try requireUsable("alAuxiliaryEffectSloti")
        if let effect { try effect.requireUsable("alAuxiliaryEffectSloti") }
        try ALCall.setAuxiliarySlot(name, AL_EFFECTSLOT_EFFECT, integer: Int32(bitPattern: effect?.name ?? 0))
        self.effect = effect
    }

    /// Sets the level of the slot's output, 0...1: the wet level of a reverb, for every source
    /// sending to it.
    ///
    /// - Throws: ``OpenALError`` with `invalidValue` outside 0...1.
    ///
    /// The corresponding C call is `alAuxiliaryEffectSlotf(slot, AL_EFFECTSLOT_GAIN, gain)`.
    public func setGain(_ gain: Float) throws(OpenALError) {
        try requireUsable("alAuxiliaryEffectSlotf")
        try ALCall.setAuxiliarySlot(name, AL_EFFECTSLOT_GAIN, float: gain)
        self.gain = gain
    }

    /// Deletes the slot. Disconnect every send feeding it first
    /// (``ALSource/setAuxiliarySend(_:send:filter:)`` with nil, or delete those sources).
    /// Deleting twice does nothing.
    ///
    /// - Throws: ``OpenALError`` with `invalidOperation` while ``feedingSendCount`` is above 0.
    ///   The wrapper refuses this itself: OpenAL Soft 1.19.1 would answer `AL_INVALID_NAME`,
    ///   where the EFX specification says `AL_INVALID_OPERATION`.
    ///
    /// The corresponding C function is `alDeleteAuxiliaryEffectSlots`.
    public func delete() throws(OpenALError) {
        guard !isDeleted else { return }
        try context.requireCurrent("alDeleteAuxiliaryEffectSlots")
        guard feedingSendCount == 0 else {
            throw OpenALError.raised(operation: "alDeleteAuxiliaryEffectSlots", code: .invalidOperation)
        }
        try ALCall.deleteAuxiliarySlot(name)
        isDeleted = true
        effect = nil
        context.liveAuxiliarySlotCount -= 1
    }

    func requireUsable(_ operation: StaticString) throws(OpenALError) {
        if isDeleted { throw OpenALError.raised(operation: "\(operation)", code: .deleted) }
        try context.requireCurrent(operation)
    }
}
