// SPDX-License-Identifier: Zlib
import AudioAnalysis
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SoundEffect {
    /// A shield powering up: a chord of sines (root, fifth, octave) rising from 260 to 780 Hz
    /// with a fast tremolo and a faint ringing sparkle of noise.
    static func shield() -> SoundEffect {
        SoundEffect(name: "shield", duration: 0.9, fadeIn: 0.01, fadeOut: 0.1) {
            var root = Oscillator(.sine)
            var fifth = Oscillator(.sine)
            var octave = Oscillator(.sine)
            var sparkleFilter = StateVariableFilter()
            var noise = SplitMix64(seed: 0x5411_E1D)
            let rate = Double(sampleRate)
            return { t in
                let pitch = Envelope.glide(t, from: 260, to: 780, over: 0.7)
                let chord = 0.5 * root.next(frequency: pitch, sampleRate: rate)
                    + 0.3 * fifth.next(frequency: pitch * 1.5 * 1.003, sampleRate: rate)
                    + 0.25 * octave.next(frequency: pitch * 2.01, sampleRate: rate)
                let tremolo = Float(1 - 0.4 * (0.5 + 0.5 * sin(2 * Double.pi * 16 * t)))
                let sparkle = sparkleFilter.process(noise.bipolar(), cutoff: pitch * 4, resonance: 8, sampleRate: rate).band
                let gain = Float(Envelope.gated(t, attack: 0.06, gate: 0.6, release: 0.28))
                return (chord * tremolo + 0.3 * sparkle) * gain
            }
        }
    }

    /// A weapon reloading: a light click, a short servo whine, then a heavy "chunk" and a latch.
    static func reload() -> SoundEffect {
        SoundEffect(name: "reload", duration: 0.7, fadeIn: 0.002, fadeOut: 0.05) {
            var clickFilter = StateVariableFilter()
            var servo = Oscillator(.saw)
            var servoFilter = StateVariableFilter()
            var ring = Oscillator(.sine)
            var thump = Oscillator(.sine)
            var noise = SplitMix64(seed: 0x2E10_AD)
            let rate = Double(sampleRate)
            // (start time, loudness, how much low "chunk" it has)
            let clicks: [(Double, Double, Double)] = [(0.01, 0.5, 0), (0.45, 1, 1), (0.53, 0.6, 0.2)]
            return { t in
                var impact = 0.0
                var body = 0.0
                for (start, loudness, weight) in clicks where t >= start {
                    impact += loudness * Envelope.decay(t - start, time: 0.006)
                    body += loudness * weight * Envelope.decay(t - start, time: 0.03)
                }
                let click = clickFilter.process(noise.bipolar() * Float(impact), cutoff: 2500, resonance: 4, sampleRate: rate).band
                let metal = ring.next(frequency: 1800, sampleRate: rate) * Float(impact * 0.5)
                let chunk = thump.next(frequency: 150, sampleRate: rate) * Float(body)
                let whine: Float
                if t > 0.08 && t < 0.4 {
                    let pitch = Envelope.glide(t - 0.08, from: 420, to: 620, over: 0.3)
                    let raw = servo.next(frequency: pitch, sampleRate: rate)
                    let shaped = Envelope.gated(t - 0.08, attack: 0.03, gate: 0.26, release: 0.05)
                    whine = servoFilter.process(raw, cutoff: pitch * 3, resonance: 2, sampleRate: rate).band * Float(shaped)
                } else {
                    whine = 0
                }
                return 2 * click + metal + chunk + 0.4 * whine
            }
        }
    }

    /// A boot on a metal deck: a low thump, a short scuff of high noise and a faint inharmonic
    /// ring from the plating.
    static func step() -> SoundEffect {
        SoundEffect(name: "step", duration: 0.28, fadeIn: 0.002, fadeOut: 0.04) {
            var thump = Oscillator(.sine)
            var lowNoise = StateVariableFilter()
            var scuff = StateVariableFilter()
            var plates = [523.0, 1187.0, 1987.0, 2743.0].map { ($0, Oscillator(.sine)) }
            var noise = SplitMix64(seed: 0x57E9)
            let rate = Double(sampleRate)
            return { t in
                let white = noise.bipolar()
                let low = thump.next(frequency: Envelope.glide(t, from: 110, to: 60, over: 0.05), sampleRate: rate)
                    * Float(Envelope.attackDecay(t, attack: 0.002, decay: 0.04))
                let dull = lowNoise.process(white, cutoff: 700, resonance: 0.7, sampleRate: rate).low
                    * Float(Envelope.decay(t, time: 0.03))
                let grit = scuff.process(white, cutoff: 3000, resonance: 0.7, sampleRate: rate).high
                    * Float(Envelope.decay(t, time: 0.015))
                var ring: Float = 0
                for index in plates.indices {
                    ring += plates[index].1.next(frequency: plates[index].0, sampleRate: rate) / Float(index + 1)
                }
                ring *= Float(Envelope.attackDecay(t, attack: 0.001, decay: 0.06))
                return low + 1.5 * dull + 0.4 * grit + 0.12 * ring
            }
        }
    }
}
