// SPDX-License-Identifier: Zlib
import AudioAnalysis
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The theme's instruments: each renders one note or hit as a mono sound, tail included.
///
/// Drums take their noise from a generator the caller owns, so the whole track draws from
/// seeded streams in a fixed order and comes out the same on every run.
enum Instrument {
    static let sampleRate = 48_000.0

    /// The frequency of a MIDI note number (69 is A4, 440 Hz).
    static func frequency(midi: Int) -> Double {
        440 * pow(2, Double(midi - 69) / 12)
    }

    private static func render(seconds: Double, _ voice: (Double) -> Float) -> [Float] {
        let frameCount = Int(seconds * sampleRate)
        var samples = [Float](repeating: 0, count: frameCount)
        for index in 0..<frameCount {
            samples[index] = voice(Double(index) / sampleRate)
        }
        return samples
    }

    /// A synth kick: a sine falling from 160 to 45 Hz with a short noise click on top.
    static func kick(noise: inout SplitMix64) -> [Float] {
        var body = Oscillator(.sine)
        return render(seconds: 0.45) { t in
            let pitch = Envelope.glide(t, from: 160, to: 45, over: 0.12)
            let tone = body.next(frequency: pitch, sampleRate: sampleRate) * Float(Envelope.attackDecay(t, attack: 0.001, decay: 0.22))
            let click = noise.bipolar() * Float(0.3 * Envelope.decay(t, time: 0.003))
            return tone + click * Float(Envelope.smoothRamp(t, length: 0.0005)) * Float(Envelope.smoothRamp(0.45 - t, length: 0.02))
        }
    }

    /// A snare: a 185 Hz body under a bright burst of band-limited noise.
    static func snare(noise: inout SplitMix64) -> [Float] {
        var body = Oscillator(.triangle)
        var wires = StateVariableFilter()
        return render(seconds: 0.4) { t in
            let tone = body.next(frequency: 185, sampleRate: sampleRate) * Float(Envelope.decay(t, time: 0.06))
            let rattle = wires.process(noise.bipolar(), cutoff: 1800, resonance: 0.6, sampleRate: sampleRate)
            let noisy = (rattle.high + 0.5 * rattle.band) * Float(Envelope.decay(t, time: 0.12))
            return (0.6 * tone + noisy) * Float(Envelope.smoothRamp(t, length: 0.001)) * Float(Envelope.smoothRamp(0.4 - t, length: 0.03))
        }
    }

    /// A hi-hat: high-passed noise, short when closed, longer when open.
    static func hat(open: Bool, noise: inout SplitMix64) -> [Float] {
        var filter = StateVariableFilter()
        let length = open ? 0.3 : 0.08
        return render(seconds: length) { t in
            let hiss = filter.process(noise.bipolar(), cutoff: 7500, resonance: 0.9, sampleRate: sampleRate).high
            let decay = Envelope.decay(t, time: open ? 0.09 : 0.022)
            return hiss * Float(decay * Envelope.smoothRamp(t, length: 0.0005) * Envelope.smoothRamp(length - t, length: 0.01))
        }
    }

    /// A driving bass note: saw plus a sub square, through a low-pass that closes after the attack.
    static func bass(midi: Int, seconds: Double) -> [Float] {
        let pitch = frequency(midi: midi)
        var saw = Oscillator(.saw)
        var sub = Oscillator(.square)
        var filter = StateVariableFilter()
        let release = 0.03
        return render(seconds: seconds + release) { t in
            let raw = 0.7 * saw.next(frequency: pitch, sampleRate: sampleRate) + 0.3 * sub.next(frequency: pitch / 2, sampleRate: sampleRate)
            let cutoff = 180 + 1400 * Envelope.decay(t, time: 0.06)
            let tone = filter.process(raw, cutoff: cutoff, resonance: 1.3, sampleRate: sampleRate).low
            return tone * Float(Envelope.gated(t, attack: 0.004, gate: seconds, release: release))
        }
    }

    /// The lead: two saws detuned a few cents apart with a sub-octave square, a low-pass that
    /// softens after each attack, and a vibrato that fades in on long notes.
    static func lead(midi: Int, seconds: Double) -> [Float] {
        let pitch = frequency(midi: midi)
        var sawA = Oscillator(.saw)
        var sawB = Oscillator(.saw, phase: 0.37)
        var sub = Oscillator(.square)
        var filter = StateVariableFilter()
        let release = 0.15
        return render(seconds: seconds + release) { t in
            let vibrato = 1 + 0.004 * sin(2 * Double.pi * 5.5 * t) * min(1, max(0, (t - 0.25) / 0.3))
            let f = pitch * vibrato
            let raw = 0.4 * sawA.next(frequency: f * 1.004, sampleRate: sampleRate)
                + 0.4 * sawB.next(frequency: f / 1.004, sampleRate: sampleRate)
                + 0.2 * sub.next(frequency: f / 2, sampleRate: sampleRate)
            let cutoff = 1600 + 2600 * Envelope.decay(t, time: 0.15)
            let tone = filter.process(raw, cutoff: cutoff, resonance: 1.1, sampleRate: sampleRate).low
            return tone * Float(Envelope.gated(t, attack: 0.012, gate: seconds - 0.02, release: release))
        }
    }

    /// A soft pad chord: every note as a pair of detuned saws, through one mellow low-pass, with
    /// slow attack and release.
    static func pad(midi notes: [Int], seconds: Double) -> [Float] {
        var oscillators = notes.flatMap { note in
            [(frequency(midi: note) * 1.003, Oscillator(.saw)), (frequency(midi: note) / 1.003, Oscillator(.saw, phase: 0.5))]
        }
        var filter = StateVariableFilter()
        let release = 0.5
        return render(seconds: seconds + release) { t in
            var sum: Float = 0
            for index in oscillators.indices {
                sum += oscillators[index].1.next(frequency: oscillators[index].0, sampleRate: sampleRate)
            }
            let cutoff = 900 + 300 * sin(2 * Double.pi * 0.25 * t)
            let tone = filter.process(sum / Float(oscillators.count), cutoff: cutoff, resonance: 0.8, sampleRate: sampleRate).low
            return tone * Float(Envelope.gated(t, attack: 0.3, gate: seconds, release: release))
        }
    }

    /// A short plucked square for the arpeggio.
    static func pluck(midi: Int) -> [Float] {
        let pitch = frequency(midi: midi)
        var tone = Oscillator(.square)
        var filter = StateVariableFilter()
        return render(seconds: 0.25) { t in
            let cutoff = 600 + 3000 * Envelope.decay(t, time: 0.04)
            let raw = tone.next(frequency: pitch, sampleRate: sampleRate)
            let soft = filter.process(raw, cutoff: cutoff, resonance: 1.0, sampleRate: sampleRate).low
            return soft * Float(Envelope.attackDecay(t, attack: 0.002, decay: 0.07) * Envelope.smoothRamp(0.25 - t, length: 0.02))
        }
    }
}
