// SPDX-License-Identifier: Zlib
@testable import GameSound
import Testing

/// ``VoiceRank``: which sounds hold the real voices when there are more sounds than voices.
/// Priority first, then loudness (as FMOD ranks), and a silent sound below every audible one.
@Suite("Virtual-voice ranking")
struct VoiceRankTests {
    @Test("a higher priority displaces a lower one however loud the lower one is, never the other way")
    func priorityFirst() {
        let important = VoiceRank(priority: 100, loudness: 0.05)
        let loud = VoiceRank(priority: 0, loudness: 1)
        #expect(important.displaces(loud, margin: VoiceRank.loudnessMargin))
        #expect(!loud.displaces(important, margin: VoiceRank.loudnessMargin))
        #expect(loud.ranksBelow(important) && !important.ranksBelow(loud))
    }

    @Test("at one priority the louder displaces the quieter, by the margin when it is given")
    func loudnessWithinAPriority() {
        let quiet = VoiceRank(priority: 3, loudness: 0.5)
        #expect(VoiceRank(priority: 3, loudness: 0.6).displaces(quiet))
        #expect(!VoiceRank(priority: 3, loudness: 0.6).displaces(quiet, margin: VoiceRank.loudnessMargin))
        #expect(VoiceRank(priority: 3, loudness: 0.64).displaces(quiet, margin: VoiceRank.loudnessMargin))
        #expect(!quiet.displaces(quiet))
        #expect(quiet.ranksBelow(VoiceRank(priority: 3, loudness: 0.6)))
    }

    @Test("a sound that cannot be heard ranks below every audible one and displaces none")
    func silenceRanksLast() {
        let silentImportant = VoiceRank(priority: 100, loudness: 0)
        let audible = VoiceRank(priority: 0, loudness: 0.01)
        #expect(audible.displaces(silentImportant))
        #expect(!silentImportant.displaces(audible))
        #expect(!silentImportant.displaces(VoiceRank(priority: 0, loudness: 0)))
        #expect(silentImportant.ranksBelow(audible))
    }
}
