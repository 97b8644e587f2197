// SPDX-License-Identifier: Zlib
import AudioAnalysis
/// Renders the theme: every part into wrapping stereo loops, echoes, mix and level.
struct ThemeRenderer {
    static let sampleRate = 48_000

    /// Frames in one beat (an exact number at 120 beats a minute and 48 kHz).
    let framesPerBeat = sampleRate * 60 / ThemeScore.beatsPerMinute
    var framesPerStep: Int { framesPerBeat / 4 }
    var framesPerBar: Int { framesPerBeat * ThemeScore.beatsPerBar }
    var frameCount: Int { framesPerBar * ThemeScore.barCount }

    /// The finished loop at -6 dBFS peak.
    func render() -> StereoLoop {
        var dry = StereoLoop(frameCount: frameCount)
        var send = StereoLoop(frameCount: frameCount)
        addDrums(dry: &dry, send: &send)
        addBass(dry: &dry)
        addPads(dry: &dry)
        addLead(dry: &dry, send: &send)
        addArpeggio(dry: &dry, send: &send)

        let delay = PingPongDelay(delayFrames: framesPerStep * 3, feedback: 0.42, damping: 0.35)
        dry.mix(delay.echoes(of: send), gain: 1)
        let peak = dry.peak
        if peak > 0 { dry.scale(by: Mastering.gain(decibels: -6) / peak) }
        return dry
    }

    private func frame(bar: Int, step: Int) -> Int {
        bar * framesPerBar + step * framesPerStep
    }

    private func addDrums(dry: inout StereoLoop, send: inout StereoLoop) {
        var noise = SplitMix64(seed: 0xD7E_0001)
        for bar in 0..<ThemeScore.barCount {
            for step in ThemeScore.kickSteps(bar: bar) {
                dry.add(Instrument.kick(noise: &noise), at: frame(bar: bar, step: step), gain: 0.9)
            }
            for hit in ThemeScore.snareHits(bar: bar) {
                let snare = Instrument.snare(noise: &noise)
                dry.add(snare, at: frame(bar: bar, step: hit.step), gain: 0.45 * hit.velocity, pan: -0.05)
                send.add(snare, at: frame(bar: bar, step: hit.step), gain: 0.12 * hit.velocity)
            }
            let busy = ThemeScore.hasBusyHats(bar: bar)
            for step in stride(from: 0, to: 16, by: busy ? 1 : 2) {
                let open = step % 8 == 6 && !busy
                let accent: Float = step % 4 == 2 ? 1 : (step % 2 == 0 ? 0.6 : 0.4)
                dry.add(Instrument.hat(open: open, noise: &noise), at: frame(bar: bar, step: step),
                        gain: 0.16 * accent, pan: 0.35)
            }
        }
    }

    private func addBass(dry: inout StereoLoop) {
        let eighth = Double(framesPerStep * 2) / Double(Self.sampleRate)
        for bar in 0..<ThemeScore.barCount {
            let root = ThemeScore.bassRoots[bar % 4]
            for eighthIndex in 0..<8 {
                let note = root + (eighthIndex % 2 == 1 ? 12 : 0)
                dry.add(Instrument.bass(midi: note, seconds: eighth * 0.85),
                        at: frame(bar: bar, step: eighthIndex * 2), gain: 0.42)
            }
        }
    }

    private func addPads(dry: inout StereoLoop) {
        let barSeconds = Double(framesPerBar) / Double(Self.sampleRate)
        let haas = Self.sampleRate * 12 / 1000
        for bar in 0..<ThemeScore.barCount {
            let chord = Instrument.pad(midi: ThemeScore.pads[bar % 4], seconds: barSeconds)
            let start = frame(bar: bar, step: 0)
            // The right side a few milliseconds late makes the pad wide without a second render.
            dry.add(chord, at: start, leftGain: 0.2, rightGain: 0)
            dry.add(chord, at: start + haas, leftGain: 0, rightGain: 0.2)
        }
    }

    private func addLead(dry: inout StereoLoop, send: inout StereoLoop) {
        let beatSeconds = Double(framesPerBeat) / Double(Self.sampleRate)
        for (index, phrase) in ThemeScore.leadPhrases.enumerated() {
            let phraseStart = frame(bar: index * 4, step: 0)
            for note in phrase {
                let sound = Instrument.lead(midi: note.midi, seconds: note.beats * beatSeconds)
                let start = phraseStart + Int(note.beat * Double(framesPerBeat))
                dry.add(sound, at: start, gain: 0.3)
                send.add(sound, at: start, gain: 0.2)
            }
        }
    }

    private func addArpeggio(dry: inout StereoLoop, send: inout StereoLoop) {
        for bar in 0..<ThemeScore.barCount where ThemeScore.hasArpeggio(bar: bar) {
            let notes = ThemeScore.arpeggios[bar % 4]
            for step in 0..<16 {
                let sound = Instrument.pluck(midi: notes[ThemeScore.arpeggioPattern[step]])
                let pan: Float = step % 2 == 0 ? -0.4 : 0.4
                dry.add(sound, at: frame(bar: bar, step: step), gain: 0.1, pan: pan)
                send.add(sound, at: frame(bar: bar, step: step), gain: 0.12)
            }
        }
    }
}
