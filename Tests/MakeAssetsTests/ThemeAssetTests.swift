// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioFiles
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("The committed theme")
struct ThemeAssetTests {
    @Test("the theme is stereo 48 kHz, at least 60 s, a whole number of 2-second bars, peaking near -6 dBFS")
    func themeShape() throws {
        let theme = try Assets.decode(Assets.themePath)
        #expect(theme.format == PCMFormat(sampleRate: 48_000, channelCount: 2))
        #expect(theme.duration >= 60, "the theme lasts \(theme.duration) s")
        #expect(theme.frameCount % 96_000 == 0, "\(theme.frameCount) frames is not a whole number of bars")
        let peak = Signal.peak(theme.samples)
        #expect((0.35...0.71).contains(peak), "the theme peaks at \(peak)")
    }

    @Test("the loop seam does not click: the jump from the last frame to the first is no larger than 1.5 x the largest jump in the first second",
          arguments: [0, 1])
    func seamlessLoop(channel: Int) throws {
        let theme = try Assets.decode(Assets.themePath)
        let samples = theme.channel(channel)
        let firstSecond = samples.prefix(48_000)
        var largestJump: Float = 0
        for index in firstSecond.indices.dropFirst() {
            largestJump = max(largestJump, abs(samples[index] - samples[index - 1]))
        }
        let last = try #require(samples.last), first = try #require(samples.first)
        let seamJump = abs(first - last)
        #expect(largestJump > 0)
        #expect(seamJump <= 1.5 * largestJump, "seam jump \(seamJump), largest jump in the first second \(largestJump)")
    }

    @Test("the loop seam is continuous in level too: the last and first 50 ms are about equally loud")
    func seamLevelsMatch() throws {
        let theme = try Assets.decode(Assets.themePath)
        for channel in 0..<2 {
            let samples = theme.channel(channel)
            let before = Signal.rms(samples.suffix(2_400))
            let after = Signal.rms(samples.prefix(2_400))
            #expect(before > 0.01 && after > 0.01)
            #expect(abs(20 * log10(Double(before / after))) < 12, "channel \(channel): \(before) before, \(after) after")
        }
    }

    @Test("the theme file stays under 1.5 MB")
    func themeSize() throws {
        var status = stat()
        #expect(stat(Assets.themePath, &status) == 0)
        #expect(status.st_size > 0 && status.st_size < 1_500_000, "theme.ogg is \(status.st_size) bytes")
    }
}
