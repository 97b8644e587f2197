// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioFiles
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("The committed ambience bed")
struct AmbienceAssetTests {
    @Test("the wind is stereo 48 kHz, exactly 8 s, peaking near -9 dBFS, with two sides that are not the same")
    func windShape() throws {
        let wind = try Assets.decode(Assets.windPath)
        #expect(wind.format == PCMFormat(sampleRate: 48_000, channelCount: 2))
        #expect(wind.frameCount == 8 * 48_000, "\(wind.frameCount) frames")
        let peak = Signal.peak(wind.samples)
        #expect((0.25...0.5).contains(peak), "the wind peaks at \(peak)")
        let left = wind.channel(0), right = wind.channel(1)
        let difference = zip(left, right).map { $0 - $1 }
        #expect(Signal.rms(difference) > Signal.rms(left) / 2, "the sides are independent, so the bed is wide")
    }

    @Test("the wind gusts: its loudest second is at least twice as loud as its quietest")
    func windGusts() throws {
        let wind = try Assets.decode(Assets.windPath)
        let left = wind.channel(0)
        let seconds = (0..<8).map { Signal.rms(left[($0 * 48_000)..<(($0 + 1) * 48_000)]) }
        let loudest = try #require(seconds.max()), quietest = try #require(seconds.min())
        #expect(quietest > 0.005 && loudest > 2 * quietest, "\(seconds)")
    }

    @Test("the wind loops without a click: the jump from the last frame to the first is no larger than the largest jump in the first second",
          arguments: [0, 1])
    func seamlessLoop(channel: Int) throws {
        let wind = try Assets.decode(Assets.windPath)
        let samples = wind.channel(channel)
        var largestJump: Float = 0
        for index in 1..<48_000 { largestJump = max(largestJump, abs(samples[index] - samples[index - 1])) }
        let last = try #require(samples.last), first = try #require(samples.first)
        #expect(abs(first - last) <= largestJump, "seam jump \(abs(first - last)), largest jump in the first second \(largestJump)")
        let before = Signal.rms(samples.suffix(2_400)), after = Signal.rms(samples.prefix(2_400))
        #expect(abs(20 * log10(Double(before / after))) < 6, "the last and first 50 ms: \(before), \(after)")
    }

    @Test("the wind file stays under 150 kB")
    func windSize() throws {
        var status = stat()
        #expect(stat(Assets.windPath, &status) == 0)
        #expect(status.st_size > 0 && status.st_size < 150_000, "wind.ogg is \(status.st_size) bytes")
    }
}
