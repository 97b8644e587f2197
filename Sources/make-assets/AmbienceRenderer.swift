// SPDX-License-Identifier: Zlib
import AudioAnalysis
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders the ambience bed `wind`: a stereo loop of wind in the rigging, for a streamed voice on
/// the ambience bus.
///
/// Each side is seeded noise through a low rumble and a resonant band whose centre rises and falls
/// with the gusts, a low whoosh and a faint howl above it, under a low-pass that opens as a gust
/// grows. The gusts are sums of sines whose
/// periods divide the loop's length, so the wind is as strong at the end as at the start. The
/// noise cannot be made to repeat, so the loop is rendered one crossfade longer and its extra tail
/// is faded, at equal power, into its beginning: the last frame is followed, across the seam,
/// by the very next frame of the same render.
struct AmbienceRenderer {
    static let sampleRate = 48_000
    /// The loop's length: 8 seconds.
    static let frameCount = 8 * sampleRate
    /// The crossfade at the seam: 1 second.
    static let crossfadeFrames = sampleRate

    /// The finished loop at -9 dBFS peak.
    func render() -> StereoLoop {
        let left = side(seed: 0xA1B_0001, gustPhase: 0)
        let right = side(seed: 0xA1B_0002, gustPhase: 0.9)
        var loop = StereoLoop(frameCount: Self.frameCount)
        loop.left = Self.closeLoop(left)
        loop.right = Self.closeLoop(right)
        let peak = loop.peak
        if peak > 0 { loop.scale(by: Mastering.gain(decibels: -9) / peak) }
        return loop
    }

    /// How hard the wind blows at `t` seconds, about 0.2 to 1, repeating every loop.
    static func gust(_ t: Double, phase: Double) -> Double {
        let cycle = 2 * Double.pi * t / (Double(frameCount) / Double(sampleRate))
        return 0.6 + 0.22 * sin(cycle + phase) + 0.12 * sin(3 * cycle + 2 * phase + 1) + 0.06 * sin(5 * cycle - phase)
    }

    /// One side, a crossfade longer than the loop.
    private func side(seed: UInt64, gustPhase: Double) -> [Float] {
        var noise = SplitMix64(seed: seed)
        var rumble = StateVariableFilter()
        var whoosh = StateVariableFilter()
        var howl = StateVariableFilter()
        var darken = StateVariableFilter()
        let rate = Double(Self.sampleRate)
        return (0..<(Self.frameCount + Self.crossfadeFrames)).map { index in
            let t = Double(index) / rate
            let gust = Self.gust(t, phase: gustPhase)
            let white = noise.bipolar()
            let low = rumble.process(white, cutoff: 120, resonance: 0.7, sampleRate: rate).low
            let body = whoosh.process(white, cutoff: 250 + 650 * gust, resonance: 1.2, sampleRate: rate).band
            let whistle = howl.process(white, cutoff: 500 + 900 * gust * gust, resonance: 9, sampleRate: rate).band
            let wind = Float(gust) * (2 * low + body) + Float(gust * gust) * 0.12 * whistle
            // Stronger gusts are brighter; the calm is dull.
            return darken.process(wind, cutoff: 900 + 1800 * gust, resonance: 0.6, sampleRate: rate).low
        }
    }

    /// The loop from a render one crossfade longer: its tail faded into its head at equal power.
    static func closeLoop(_ long: [Float]) -> [Float] {
        var loop = Array(long[0..<frameCount])
        for index in 0..<crossfadeFrames {
            let angle = Double.pi / 2 * Double(index) / Double(crossfadeFrames)
            loop[index] = long[index] * Float(sin(angle)) + long[frameCount + index] * Float(cos(angle))
        }
        return loop
    }
}
