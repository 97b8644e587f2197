// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SoundEffect {
    /// A menu blip: a soft square that jumps from B5 up to E6, through a gentle low-pass.
    static func blip() -> SoundEffect {
        SoundEffect(name: "blip", duration: 0.12, fadeIn: 0.002, fadeOut: 0.02) {
            var tone = Oscillator(.square)
            var filter = StateVariableFilter()
            let rate = Double(sampleRate)
            return { t in
                let pitch = t < 0.045 ? 987.77 : 1318.51
                let raw = tone.next(frequency: pitch, sampleRate: rate)
                let soft = filter.process(raw, cutoff: 3000, resonance: 0.7, sampleRate: rate).low
                return soft * Float(Envelope.attackDecay(t, attack: 0.002, decay: 0.05))
            }
        }
    }

    /// A red-alert klaxon: two "whoops", each a saw-and-square pair rising from 300 to 460 Hz and
    /// holding, shaped by a resonant band-pass around 1.2 kHz and a little saturation.
    static func klaxon() -> SoundEffect {
        SoundEffect(name: "klaxon", duration: 1.4, fadeIn: 0.005, fadeOut: 0.06) {
            var saw = Oscillator(.saw)
            var square = Oscillator(.square)
            var formant = StateVariableFilter()
            var tame = StateVariableFilter()
            let rate = Double(sampleRate)
            let whoop = 0.7
            return { t in
                let local = t.truncatingRemainder(dividingBy: whoop)
                let pitch = Envelope.glide(local, from: 300, to: 460, over: 0.45)
                let raw = 0.6 * saw.next(frequency: pitch, sampleRate: rate)
                    + 0.4 * square.next(frequency: pitch * 1.002, sampleRate: rate)
                let voiced = formant.process(raw, cutoff: 1200, resonance: 1.5, sampleRate: rate).band + 0.4 * raw
                let smooth = tame.process(voiced, cutoff: 3500, resonance: 0.7, sampleRate: rate).low
                let gain = Envelope.gated(local, attack: 0.02, gate: 0.55, release: 0.08)
                return Float(tanh(1.8 * Double(smooth) * gain))
            }
        }
    }
}
