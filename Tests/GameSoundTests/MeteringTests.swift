// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioSession
import GameSound
import Testing

/// The level meters, checked against the audio the runtime actually rendered over the same 50 ms.
@Suite("Level meters")
struct MeteringTests {
    /// The last `frames` rendered frames of one channel.
    private func lastRendered(_ h: Harness, channel: Int, frames: Int = 2_400) -> [Float] {
        ((h.frame - frames)..<h.frame).map { h.samples[$0 * 2 + channel] }
    }

    /// Whether the meter and the rendered audio agree within `tolerance` dB, RMS and peak, both sides.
    private func agrees(_ level: StereoLevel, _ h: Harness, tolerance: Float = 0.25,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        for (channel, meter) in [(0, level.left), (1, level.right)] {
            let rendered = lastRendered(h, channel: channel)
            let rms = ChannelLevel.decibels(Signal.rms(rendered)), peak = ChannelLevel.decibels(Signal.peak(rendered))
            #expect(meter.rmsDBFS == rms || abs(meter.rmsDBFS - rms) <= tolerance, "channel \(channel) RMS: meter \(meter.rmsDBFS) dB, rendered \(rms) dB",
                    sourceLocation: sourceLocation)
            #expect(meter.peakDBFS == peak || abs(meter.peakDBFS - peak) <= tolerance, "channel \(channel) peak: meter \(meter.peakDBFS) dB, rendered \(peak) dB",
                    sourceLocation: sourceLocation)
        }
    }

    @Test("an effect, centred, panned or placed in the world: the output meter matches the rendered samples within 0.25 dB",
          arguments: [PlayOptions(loop: true), PlayOptions(pan: 0.6, loop: true), PlayOptions(pan: -1, loop: true),
                      PlayOptions(gain: 0.5, pitch: 1.5, loop: true),
                      PlayOptions(position: SIMDPosition(x: 3, y: 0, z: -4), loop: true),
                      PlayOptions(position: SIMDPosition(x: -1, y: 1, z: 2), loop: true)])
    func effectMatchesRender(options: PlayOptions) throws {
        let h = try Harness(soundtrack: false)
        try h.runtime.play("beep", options: options)
        try h.render(seconds: 0.5)
        let levels = h.runtime.levels
        agrees(levels.output, h)
        #expect(levels.effects == levels.output, "master volume 1, no duck: the output is the effects layer")
        #expect(levels.soundtrack.isSilent)
    }

    @Test("soundtrack and effects together: each layer has its own level and the output is their sum as rendered")
    func layersAndSum() throws {
        let h = try Harness()
        try h.render(seconds: 0.5)
        let trackOnly = h.runtime.levels
        agrees(trackOnly.output, h)
        #expect(trackOnly.effects.isSilent)
        #expect(trackOnly.soundtrack.left.rms > 0.1)
        try h.runtime.play("beep", options: .init(pan: 0.3, loop: true))
        try h.render(seconds: 0.5)
        let both = h.runtime.levels
        agrees(both.output, h)
        #expect(both.effects.right.rms > both.effects.left.rms, "panned right")
    }

    @Test("the effects volume lowers the effects layer; a duck lowers the output by 12 dB and leaves the layers alone")
    func volumeAndDuck() throws {
        let h = try Harness(policy: .effectsOnly, soundtrack: false)
        try h.runtime.play("beep", options: .init(loop: true))
        try h.render(seconds: 0.5)
        let full = h.runtime.levels
        try h.runtime.setEffectsVolume(0.5)
        try h.render(seconds: 0.5)
        let half = h.runtime.levels
        agrees(half.output, h)
        #expect(abs(full.effects.left.rmsDBFS - half.effects.left.rmsDBFS - 6.02) < 0.1)
        try h.perform("otherApp.activate", ["category": .string("playback"), "options": .strings(["duckOthers"])])
        try h.render(seconds: 0.5)
        let ducked = h.runtime.levels
        agrees(ducked.output, h)
        #expect(abs(half.output.left.rmsDBFS - ducked.output.left.rmsDBFS - 12.04) < 0.1, "ducked by 12 dB")
        #expect(abs(ducked.effects.left.rmsDBFS - half.effects.left.rmsDBFS) < 0.01, "the layer is not ducked")
    }

    @Test("silence is read as silence: during an interruption, while silenced and while media services are lost",
          arguments: [(["phone.ring"], ["phone.decline"]), (["silentSwitch.on"], ["silentSwitch.off"]),
                      (["mediaServices.lose"], ["mediaServices.reset"])])
    func silenceReadsSilent(begin: [String], end: [String]) throws {
        let h = try Harness(policy: .effectsOnly, soundtrack: false)
        try h.runtime.play("beep", options: .init(loop: true))
        try h.render(seconds: 0.5)
        #expect(!h.runtime.levels.output.isSilent)
        for action in begin { try h.perform(action) }
        try h.render(seconds: 0.5)
        #expect(h.runtime.levels.output.isSilent)
        #expect(Signal.isExactlySilent(lastRendered(h, channel: 0)))
        for action in end { try h.perform(action) }
        try h.render(seconds: 0.5)
        let back = h.runtime.levels
        #expect(!back.output.isSilent)
        agrees(back.output, h)
    }

    @Test("a finished effect leaves the meters silent")
    func finishedEffect() throws {
        let h = try Harness(soundtrack: false)
        try h.runtime.play("beep")
        try h.render(seconds: 0.5)  // the beep lasts 0.3 s
        #expect(h.runtime.levels.output.isSilent)
        #expect(h.runtime.levels.output.left.rmsDBFS == -.infinity)
    }
}
