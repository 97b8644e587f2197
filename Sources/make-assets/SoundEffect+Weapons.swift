// SPDX-License-Identifier: Zlib
import AudioAnalysis
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SoundEffect {
    /// A classic "pew": a bright square-and-saw pair diving from 2.4 kHz to 180 Hz through a
    /// resonant low-pass that follows the pitch.
    static func laser() -> SoundEffect {
        SoundEffect(name: "laser", duration: 0.32) {
            var square = Oscillator(.square)
            var saw = Oscillator(.saw, phase: 0.3)
            var filter = StateVariableFilter()
            let rate = Double(sampleRate)
            return { t in
                let pitch = Envelope.glide(t, from: 2400, to: 180, over: 0.28)
                let tone = 0.6 * square.next(frequency: pitch, sampleRate: rate)
                    + 0.4 * saw.next(frequency: pitch * 1.5, sampleRate: rate)
                let filtered = filter.process(tone, cutoff: pitch * 4, resonance: 2, sampleRate: rate).low
                return filtered * Float(Envelope.attackDecay(t, attack: 0.002, decay: 0.09))
            }
        }
    }

    /// A heavier energy shot: two detuned saws ring-modulated by a sine, diving from 900 Hz,
    /// with a bright noise crack at the start and a little saturation.
    static func blaster() -> SoundEffect {
        SoundEffect(name: "blaster", duration: 0.45, fadeIn: 0.006) {
            var sawA = Oscillator(.saw)
            var sawB = Oscillator(.saw, phase: 0.5)
            var ring = Oscillator(.sine)
            var body = StateVariableFilter()
            var crack = StateVariableFilter()
            var noise = SplitMix64(seed: 0xB1A5_7E12)
            let rate = Double(sampleRate)
            return { t in
                let pitch = Envelope.glide(t, from: 900, to: 90, over: 0.3)
                let saws = sawA.next(frequency: pitch, sampleRate: rate) + sawB.next(frequency: pitch * 1.013, sampleRate: rate)
                let ringed = saws * (0.5 + 0.5 * ring.next(frequency: pitch * 3.3, sampleRate: rate))
                let cutoff = Envelope.glide(t, from: 6000, to: 400, over: 0.35)
                let tone = body.process(ringed, cutoff: cutoff, resonance: 1.5, sampleRate: rate).low
                let burst = crack.process(noise.bipolar(), cutoff: 3000, resonance: 1.2, sampleRate: rate).band
                    * Float(Envelope.decay(t, time: 0.015))
                let mix = Double(tone) * Envelope.attackDecay(t, attack: 0.001, decay: 0.12) + 1.5 * Double(burst)
                return Float(tanh(2.5 * mix))
            }
        }
    }

    /// A launched torpedo: a low thump, then a warbling tone rising from 200 to 700 Hz over a
    /// whoosh of noise whose band sweeps up from 400 Hz to 2.5 kHz.
    static func torpedo() -> SoundEffect {
        SoundEffect(name: "torpedo", duration: 1.3, fadeOut: 0.15) {
            var thump = Oscillator(.sine)
            var warble = Oscillator(.triangle)
            var whooshFilter = StateVariableFilter()
            var noise = SplitMix64(seed: 0x7042_ED00)
            let rate = Double(sampleRate)
            return { t in
                let thumpPitch = Envelope.glide(t, from: 120, to: 40, over: 0.25)
                let low = thump.next(frequency: thumpPitch, sampleRate: rate) * Float(Envelope.decay(t, time: 0.15))
                let band = Envelope.glide(t, from: 400, to: 2500, over: 1.0)
                let whoosh = whooshFilter.process(noise.bipolar(), cutoff: band, resonance: 3, sampleRate: rate).band
                    * Float(Envelope.attackDecay(t, attack: 0.15, decay: 0.5))
                let tonePitch = Envelope.glide(t, from: 200, to: 700, over: 1.1) * (1 + 0.05 * sin(2 * Double.pi * 14 * t))
                let tone = warble.next(frequency: tonePitch, sampleRate: rate)
                    * Float(Envelope.attackDecay(t, attack: 0.1, decay: 0.5))
                return 0.9 * low + 0.8 * whoosh + 0.35 * tone
            }
        }
    }

    /// A big explosion: noise through a low-pass closing from 4 kHz to 150 Hz, a sub boom
    /// sliding from 90 to 30 Hz, a long rumble and scattered crackles, softly saturated.
    static func explosion() -> SoundEffect {
        SoundEffect(name: "explosion", duration: 1.5, fadeIn: 0.004, fadeOut: 0.2) {
            var blast = StateVariableFilter()
            var rumble = StateVariableFilter()
            var crackle = StateVariableFilter()
            var boom = Oscillator(.sine)
            var noise = SplitMix64(seed: 0xE8F1_0510)
            var sparks = SplitMix64(seed: 0x5BA2_C5)
            var sparkLevel: Float = 0
            let rate = Double(sampleRate)
            return { t in
                let white = noise.bipolar()
                let cutoff = Envelope.glide(t, from: 4000, to: 150, over: 1.2)
                let body = blast.process(white, cutoff: cutoff, resonance: 0.8, sampleRate: rate).low
                    * Float(Envelope.attackDecay(t, attack: 0.004, decay: 0.35))
                let deep = rumble.process(white, cutoff: 120, resonance: 0.7, sampleRate: rate).low
                    * Float(Envelope.attackDecay(t, attack: 0.02, decay: 0.6))
                let sub = boom.next(frequency: Envelope.glide(t, from: 90, to: 30, over: 0.6), sampleRate: rate)
                    * Float(Envelope.decay(t, time: 0.4))
                // Crackles: rare sparks, fewer as the blast dies, each a short decaying burst.
                if sparks.unit() < 0.004 * Envelope.decay(t, time: 0.5) { sparkLevel = 1 }
                sparkLevel *= 0.995
                let crack = crackle.process(white * sparkLevel, cutoff: 2500, resonance: 1, sampleRate: rate).band
                let mix = 1.2 * Double(body) + 2.5 * Double(deep) + 0.8 * Double(sub) + 0.6 * Double(crack)
                return Float(tanh(1.5 * mix))
            }
        }
    }
}
