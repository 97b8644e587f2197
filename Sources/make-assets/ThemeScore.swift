// SPDX-License-Identifier: Zlib
/// What the theme plays: a 32-bar loop in A minor at 120 beats a minute.
///
/// The chords cycle Am, F, C, G a bar each, so the last bar (G) leads straight back into the
/// first (Am). Four eight-bar sections: the tune; the tune again with an arpeggio and busier
/// hats; a breakdown with long lead notes and a thinner beat; the tune once more.
enum ThemeScore {
    /// A note of the lead, in beats from the start of a four-bar phrase.
    struct Note {
        var beat: Double
        var beats: Double
        var midi: Int
    }

    static let beatsPerMinute = 120
    static let beatsPerBar = 4
    static let barCount = 32

    /// One chord per bar, repeating every four bars: the pad's voicing, the bass root and the
    /// arpeggio's four notes.
    static let pads: [[Int]] = [[57, 60, 64], [53, 57, 60], [55, 60, 64], [55, 59, 62]]
    static let bassRoots = [33, 29, 36, 31]
    static let arpeggios: [[Int]] = [[69, 72, 76, 81], [65, 69, 72, 77], [67, 72, 76, 79], [67, 71, 74, 79]]
    /// Which of the arpeggio's notes each sixteenth plays.
    static let arpeggioPattern = [0, 1, 2, 3, 1, 2, 3, 2, 0, 1, 2, 3, 1, 2, 3, 2]

    /// The tune's question: four bars.
    static let phraseA: [Note] = [
        Note(beat: 0, beats: 1.5, midi: 69), Note(beat: 1.5, beats: 0.5, midi: 72),
        Note(beat: 2, beats: 1, midi: 76), Note(beat: 3, beats: 1, midi: 74),
        Note(beat: 4, beats: 1.5, midi: 72), Note(beat: 5.5, beats: 0.5, midi: 74),
        Note(beat: 6, beats: 1, midi: 72), Note(beat: 7, beats: 1, midi: 69),
        Note(beat: 8, beats: 1.5, midi: 67), Note(beat: 9.5, beats: 0.5, midi: 72),
        Note(beat: 10, beats: 1.5, midi: 76), Note(beat: 11.5, beats: 0.5, midi: 74),
        Note(beat: 12, beats: 2, midi: 74), Note(beat: 14, beats: 1, midi: 71), Note(beat: 15, beats: 1, midi: 67),
    ]

    /// The tune's answer: four bars, climbing higher.
    static let phraseB: [Note] = [
        Note(beat: 0, beats: 1.5, midi: 76), Note(beat: 1.5, beats: 0.5, midi: 81),
        Note(beat: 2, beats: 1, midi: 79), Note(beat: 3, beats: 1, midi: 76),
        Note(beat: 4, beats: 1.5, midi: 77), Note(beat: 5.5, beats: 0.5, midi: 76),
        Note(beat: 6, beats: 1, midi: 72), Note(beat: 7, beats: 1, midi: 69),
        Note(beat: 8, beats: 1, midi: 67), Note(beat: 9, beats: 1, midi: 72),
        Note(beat: 10, beats: 1, midi: 76), Note(beat: 11, beats: 1, midi: 79),
        Note(beat: 12, beats: 1.5, midi: 74), Note(beat: 13.5, beats: 0.5, midi: 76),
        Note(beat: 14, beats: 1, midi: 74), Note(beat: 15, beats: 1, midi: 71),
    ]

    /// The breakdown's long notes, low then high.
    static let breakdownLow: [Note] = [
        Note(beat: 0, beats: 3, midi: 76), Note(beat: 3, beats: 1, midi: 74), Note(beat: 4, beats: 4, midi: 72),
        Note(beat: 8, beats: 3, midi: 67), Note(beat: 11, beats: 1, midi: 72), Note(beat: 12, beats: 4, midi: 74),
    ]
    static let breakdownHigh: [Note] = [
        Note(beat: 0, beats: 3, midi: 81), Note(beat: 3, beats: 1, midi: 79), Note(beat: 4, beats: 4, midi: 77),
        Note(beat: 8, beats: 3, midi: 76), Note(beat: 11, beats: 1, midi: 79), Note(beat: 12, beats: 2, midi: 79),
        Note(beat: 14, beats: 2, midi: 74),
    ]

    /// The lead phrase that starts at each four-bar boundary (index = bar / 4).
    static let leadPhrases: [[Note]] = [phraseA, phraseB, phraseA, phraseB, breakdownLow, breakdownHigh, phraseA, phraseB]

    /// Whether the bar is part of the breakdown (bars 16 to 23).
    static func isBreakdown(bar: Int) -> Bool { (16..<24).contains(bar) }

    /// Whether the arpeggio plays in this bar (from bar 8 on).
    static func hasArpeggio(bar: Int) -> Bool { bar >= 8 }

    /// Whether the hats play every sixteenth rather than every eighth.
    static func hasBusyHats(bar: Int) -> Bool { (8..<16).contains(bar) || bar >= 24 }

    /// The sixteenths on which the kick plays in a bar.
    static func kickSteps(bar: Int) -> [Int] {
        if (16..<20).contains(bar) { return [] }
        if (20..<24).contains(bar) { return [0, 8] }
        return [0, 4, 8, 12]
    }

    /// The sixteenths and loudness of the snare in a bar; the last bar has a fill into the loop.
    static func snareHits(bar: Int) -> [(step: Int, velocity: Float)] {
        if bar == barCount - 1 {
            return [(4, 1), (10, 0.5), (12, 0.7), (13, 0.8), (14, 0.9), (15, 1)]
        }
        return [(4, 1), (12, 1)]
    }
}
