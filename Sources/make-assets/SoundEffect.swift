// SPDX-License-Identifier: Zlib
/// One sound effect of the demo: its file name and how to synthesise it.
struct SoundEffect {
    /// Frames per second of every effect.
    static let sampleRate = 48_000

    /// The file name without extension, for example `laser`.
    var name: String
    /// Length in seconds.
    var duration: Double
    /// Fade-in and fade-out lengths in seconds.
    var fadeIn: Double = 0.003
    var fadeOut: Double = 0.03
    /// Produces the raw sample at time `t` seconds; it may keep state in the closure's captures.
    var synthesise: () -> (Double) -> Float

    /// Renders the effect: samples, then fades, then the peak set to -3 dBFS.
    func render() -> [Float] {
        let rate = Double(Self.sampleRate)
        let frameCount = Int((duration * rate).rounded())
        let voice = synthesise()
        var samples = [Float](repeating: 0, count: frameCount)
        for index in 0..<frameCount {
            samples[index] = voice(Double(index) / rate)
        }
        Mastering.fade(&samples, in: fadeIn, out: fadeOut, sampleRate: rate)
        Mastering.normalize(&samples, toPeak: Mastering.gain(decibels: -3))
        return samples
    }
}
