// SPDX-License-Identifier: Zlib
import COpenAL

/// Filters and effect sends (`ALC_EXT_EFX`): how a source reaches the listener directly, and
/// how much of it feeds reverb or other effects.
extension ALSource {
    /// Filters the sound that goes straight to the listener (`AL_DIRECT_FILTER`): a low-pass
    /// muffles a sound behind a wall or under water. Nil removes the filter. Effect sends are
    /// not affected.
    ///
    /// OpenAL copies the filter's settings now: after changing `filter`, call this again for the
    /// source to hear the change. The filter may be deleted afterwards; the source keeps the copy.
    ///
    /// - Throws: ``OpenALError`` with `deleted`, `wrongContext` or `noCurrentContext` when the
    ///   source or the filter cannot be used now.
    ///
    /// The corresponding C call is `alSourcei(source, AL_DIRECT_FILTER, filter)`.
    public func setDirectFilter(_ filter: ALFilter?) throws(OpenALError) {
        if let filter { try filter.requireUsable("alSourcei") }
        try set(AL_DIRECT_FILTER, Int32(bitPattern: filter?.name ?? 0))
    }

    /// Feeds the source into an auxiliary effect slot through one of its sends
    /// (`AL_AUXILIARY_SEND_FILTER`): a sound in a cave sends to the slot holding the cave's
    /// reverb. Nil disconnects the send.
    ///
    /// - Parameters:
    ///   - slot: The slot to feed, or nil to disconnect this send.
    ///   - send: Which of the source's sends, from 0 to ``ALDevice/maxAuxiliarySends()`` − 1.
    ///   - filter: Filters what this send feeds the slot (a low-pass for a distant room), or nil
    ///     for no filter. Its settings are copied now, as with ``setDirectFilter(_:)``.
    /// - Throws: ``OpenALError`` with `invalidValue` for a send the context does not have, or
    ///   `deleted`, `wrongContext` or `noCurrentContext` when the source, the slot or the filter
    ///   cannot be used now.
    ///
    /// The corresponding C call is `alSource3i(source, AL_AUXILIARY_SEND_FILTER, slot, send, filter)`.
    public func setAuxiliarySend(_ slot: ALAuxiliarySlot?, send: Int, filter: ALFilter? = nil) throws(OpenALError) {
        try requireUsable("alSource3i")
        if let slot { try slot.requireUsable("alSource3i") }
        if let filter { try filter.requireUsable("alSource3i") }
        try ALCall.setSource(name, AL_AUXILIARY_SEND_FILTER, Int32(bitPattern: slot?.name ?? 0),
                             Int32(clamping: send), Int32(bitPattern: filter?.name ?? 0))
        auxiliarySends[send]?.feedingSendCount -= 1
        auxiliarySends[send] = slot
        slot?.feedingSendCount += 1
    }
}
