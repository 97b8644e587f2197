// SPDX-License-Identifier: Zlib
import COpenAL

/// A low-pass filter (`ALC_EXT_EFX`): it muffles a sound, for a voice behind a door, a gun
/// fired in the next room, or the world heard under water.
///
/// Attach it to a source with ``ALSource/setDirectFilter(_:)`` (what the listener hears
/// directly) or ``ALSource/setAuxiliarySend(_:send:filter:)`` (what feeds an effect). The
/// source copies the filter's settings when it is attached: after ``setLowPass(gain:gainHF:)``,
/// attach it again to be heard. One filter can serve many sources.
///
/// Filters belong to their context's device, like buffers; create them while their context is
/// current, and every call checks that it still is. Not thread-safe: keep it with one owner.
public final class ALFilter {
    /// The OpenAL name (`ALuint`) of this filter.
    public let name: UInt32
    /// The context that was current when the filter was created.
    public let context: ALContext
    /// Whether ``delete()`` has run.
    public private(set) var isDeleted = false
    /// The overall level it lets through, 0...1 (`AL_LOWPASS_GAIN`).
    public private(set) var gain: Float
    /// The level it lets through at high frequencies, 0...1 (`AL_LOWPASS_GAINHF`), on top of
    /// ``gain``. OpenAL Soft's low-pass is a shelf, and this is its gain at 5 kHz: 0.1 makes a
    /// 5 kHz tone 20 dB quieter (10 kHz about 33 dB) while a 200 Hz tone keeps its level.
    public private(set) var gainHF: Float

    /// Creates a low-pass filter in `context`, which must be current.
    ///
    /// - Parameters:
    ///   - context: The current context.
    ///   - gain: The overall level, 0...1.
    ///   - gainHF: The level at high frequencies, 0...1; 1 lets them through unchanged.
    /// - Throws: ``OpenALError`` with `extensionMissing("ALC_EXT_EFX")` without effect support,
    ///   `invalidValue` for a gain outside 0...1, or a context refusal.
    ///
    /// The corresponding C functions are `alGenFilters` and `alFilteri`/`alFilterf`.
    public init(context: ALContext, gain: Float = 1, gainHF: Float = 1) throws(OpenALError) {
        try context.requireEffects("alGenFilters")
        let name = try ALCall.generateFilter()
        do {
            try Self.configure(name, gain: gain, gainHF: gainHF)
        } catch {
            try? ALCall.deleteFilter(name)
            throw error
        }
        self.name = name
        self.context = context
        self.gain = gain
        self.gainHF = gainHF
        context.device.liveFilterCount += 1
    }

    /// Changes the filter's levels. Sources keep the settings they copied until the filter is
    /// attached to them again.
    ///
    /// - Throws: ``OpenALError`` with `invalidValue` for a gain outside 0...1 (the filter keeps
    ///   its previous levels then), or a refusal when it cannot be used now.
    ///
    /// The corresponding C function is `alFilterf`.
    public func setLowPass(gain: Float, gainHF: Float) throws(OpenALError) {
        try requireUsable("alFilterf")
        guard (0...1).contains(gain), (0...1).contains(gainHF) else {
            throw OpenALError.raised(operation: "alFilterf", code: .invalidValue)
        }
        try Self.configure(name, gain: gain, gainHF: gainHF)
        self.gain = gain
        self.gainHF = gainHF
    }

    /// Deletes the filter. Sources it was attached to keep their copy of its settings. Deleting
    /// twice does nothing.
    ///
    /// The corresponding C function is `alDeleteFilters`.
    public func delete() throws(OpenALError) {
        guard !isDeleted else { return }
        try context.requireCurrent("alDeleteFilters")
        try ALCall.deleteFilter(name)
        isDeleted = true
        context.device.liveFilterCount -= 1
    }

    func requireUsable(_ operation: StaticString) throws(OpenALError) {
        if isDeleted { throw OpenALError.raised(operation: "\(operation)", code: .deleted) }
        try context.requireCurrent(operation)
    }

    private static func configure(_ name: ALuint, gain: Float, gainHF: Float) throws(OpenALError) {
        try ALCall.setFilter(name, AL_FILTER_TYPE, integer: AL_FILTER_LOWPASS)
        try ALCall.setFilter(name, AL_LOWPASS_GAIN, float: gain)
        try ALCall.setFilter(name, AL_LOWPASS_GAINHF, float: gainHF)
    }
}
