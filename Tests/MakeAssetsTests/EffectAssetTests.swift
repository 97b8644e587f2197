// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioFiles
import Testing

@Suite("The committed sound effects")
struct EffectAssetTests {
    @Test("each effect is mono 48 kHz, 0.1 to 1.5 s long, peaks between 0.3 and 1.0, and starts and ends near silence",
          arguments: Assets.effectNames)
    func effectShape(name: String) throws {
        let sound = try Assets.decode(Assets.effectPath(name))
        #expect(sound.format == PCMFormat(sampleRate: 48_000, channelCount: 1))
        #expect((0.1...1.5).contains(sound.duration), "\(name) lasts \(sound.duration) s")
        let peak = Signal.peak(sound.samples)
        #expect((0.3...1.0).contains(peak), "\(name) peaks at \(peak)")
        // The first half millisecond and the last millisecond: fades leave only codec noise there.
        let head = Signal.peak(sound.samples.prefix(24))
        let tail = Signal.peak(sound.samples.suffix(48))
        #expect(head < 0.05, "\(name) starts at \(head)")
        #expect(tail < 0.02, "\(name) ends at \(tail)")
    }

    @Test("the laser's pitch dives: far higher in its first 30 ms than 150 ms later")
    func laserDives() throws {
        let laser = try Assets.decode(Assets.effectPath("laser"))
        let early = Signal.dominantFrequency(Array(laser.samples[240..<1_680]), sampleRate: 48_000)
        let late = Signal.dominantFrequency(Array(laser.samples[8_640..<10_080]), sampleRate: 48_000)
        #expect(early > 3 * late, "early \(early) Hz, late \(late) Hz")
    }

    @Test("the explosion's energy sits in the lows: more at 60 Hz than at 3 kHz once the blast has passed")
    func explosionRumbles() throws {
        let explosion = try Assets.decode(Assets.effectPath("explosion"))
        let body = Array(explosion.samples[9_600..<33_600])
        let low = Signal.power(at: 60, in: body, sampleRate: 48_000)
        let high = Signal.power(at: 3_000, in: body, sampleRate: 48_000)
        #expect(low > 10 * high, "60 Hz: \(low), 3 kHz: \(high)")
    }

    @Test("the klaxon sounds twice: two loud whoops with a near-silent gap between them")
    func klaxonWhoopsTwice() throws {
        let klaxon = try Assets.decode(Assets.effectPath("klaxon"))
        let first = Signal.rms(klaxon.samples[9_600..<24_000])
        let gap = Signal.rms(klaxon.samples[31_000..<33_000])
        let second = Signal.rms(klaxon.samples[43_200..<57_600])
        #expect(gap < first / 10 && gap < second / 10, "first \(first), gap \(gap), second \(second)")
    }

    @Test("the blip jumps up a fourth, from about 988 Hz to about 1319 Hz")
    func blipRises() throws {
        let blip = try Assets.decode(Assets.effectPath("blip"))
        let low = Signal.dominantFrequency(Array(blip.samples[240..<2_000]), sampleRate: 48_000)
        let high = Signal.dominantFrequency(Array(blip.samples[2_400..<4_400]), sampleRate: 48_000)
        #expect(abs(low - 987.77) < 15, "first tone \(low) Hz")
        #expect(abs(high - 1_318.51) < 15, "second tone \(high) Hz")
    }
}
