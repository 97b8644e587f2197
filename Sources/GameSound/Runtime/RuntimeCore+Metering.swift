/// The level meters: what the game sends to the output over the last few milliseconds, computed from
/// the voices and streams that play now (see ``MixLevels``).
extension RuntimeCore {
    /// The stretch of audio the meters cover: long enough for a steady RMS reading of a low tone,
    /// short enough to follow a gunshot.
    static let meterWindowSeconds = 0.05

    var levels: MixLevels {
        let frames = Int(Self.meterWindowSeconds * Double(configuration.sampleRate))
        var effects = MeterWindow(frames: frames, sampleRate: configuration.sampleRate)
        var music = effects
        var output = effects
        if phase == .running, (try? makeContextCurrentIfNeeded()) != nil {
            addEffectLevels(into: &effects)
            let now = currentFrame
            for stream in streams {
                try? stream.addLevels(into: &music, at: now)
            }
            if outputRunning, heardGain > 0 {
                output.add(effects, gain: heardGain)
                output.add(music, gain: heardGain)
            }
        }
        return MixLevels(output: output.level, effects: effects.level, soundtrack: music.level,
                         windowSeconds: Double(frames) / Double(configuration.sampleRate))
    }

    /// Adds every playing effect voice, placed and attenuated as OpenAL Soft does it.
    private func addEffectLevels(into window: inout MeterWindow) {
        for index in allocator.slots.indices where allocator.slots[index].busy {
            guard let source = slots[index].source, let name = slots[index].effect, let sound = bank[name],
                  (try? source.state()) == .playing, let offset = try? source.offset() else { continue }
            let now = currentFrame
            let place = placement(index, at: now)
            let direction = (place.x, place.y, place.z)
            let distance = (direction.0 * direction.0 + direction.1 * direction.1 + direction.2 * direction.2).squareRoot()
            // OpenAL Soft clamps a source's gain, distance attenuation included, to 1.
            let gain = min(sourceGain(index, at: now) * StereoPlacement.distanceGain(distance), 1)
            let gains = StereoPlacement.gains(direction: direction)
            let frames = sound.frameCount, loop = slots[index].options.loop
            window.add(format: sound.format, end: Double(offset), pitch: voicePitch(index, at: now),
                       gains: (gains.left * gain, gains.right * gain)) { frame in
                sound.stereoFrame(loop && frames > 0 ? (frame % frames + frames) % frames : frame)
            }
        }
    }
}
