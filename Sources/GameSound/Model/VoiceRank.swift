// SPDX-License-Identifier: Zlib
/// Where a voice stands when real voices run out and some must be virtual: priority first, then how
/// loud it is heard, as FMOD ranks its virtual voices.
///
/// A priority-100 sound is kept real over any number of louder priority-0 sounds; among sounds of
/// one priority the louder is real. A sound that cannot be heard at all (paused, or at gain 0) ranks
/// below every audible one whatever its priority: a source spent on silence helps nobody. Pure: the
/// runtime works the loudness out, the rank decides.
struct VoiceRank: Equatable {
    /// The priority the sound was played with (``PlayOptions/priority``).
    var priority: Int
    /// Its gain as heard: gain × bus × distance attenuation, capped at 1.
    var loudness: Float

    /// How much louder a sound must be than one of the same priority to take its source (2 dB),
    /// so that two sounds of nearly equal level do not swap back and forth.
    static let loudnessMargin: Float = 1.26

    /// Whether this voice should take a real voice from `other`: a higher priority always does; the
    /// same priority only when louder (by `margin`, 1 for a new sound that takes a source at once).
    func displaces(_ other: VoiceRank, margin: Float = 1) -> Bool {
        guard isAudible else { return false }
        if !other.isAudible { return true }
        if priority != other.priority { return priority > other.priority }
        return loudness > other.loudness * margin
    }

    /// Orders voices from the least to the most deserving of a real voice (lower priority first,
    /// then quieter), with no margin: to find the weakest real voice and the strongest virtual one.
    func ranksBelow(_ other: VoiceRank) -> Bool {
        if isAudible != other.isAudible { return !isAudible }
        return (priority, loudness) < (other.priority, other.loudness)
    }

    /// Whether the sound is heard at all.
    var isAudible: Bool { loudness > 0 }
}
