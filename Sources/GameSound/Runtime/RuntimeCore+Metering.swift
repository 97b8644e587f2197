// SPDX-License-Identifier: Zlib
import AudioFiles

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
        // From the model: what its clocks say each voice and stream plays now (read against the
        // device's clock in real time). Asks OpenAL nothing, so a display that reads the meters every
        // frame waits for no OpenAL work.
        if phase == .running, mirror.contextUsable {
            let mix = mixClock
            addEffectLevels(into: &effects, at: mix)
            let now = currentFrame
            for (record, player) in streamPlayers {
                guard let position = record.filePosition(at: mix, given: player.framesGiven) else { continue }
                player.addLevels(into: &music, gain: sourceGain(record, at: now), heardAt: position)
            }
            if outputRunning, heardGain > 0 {
                output.add(effects, gain: heardGain)
                output.add(music, gain: heardGain)
            }
        }
        return MixLevels(output: output.level, effects: effects.level, soundtrack: music.level,
                         windowSeconds: Double(frames) / Double(configuration.sampleRate), excludesHRTF: mirror.rendersHRTF)
    }

    /// Where a voice is heard from (listener space) and how loud: its source gain times the
    /// distance attenuation, capped at 1 as OpenAL Soft caps it. (The virtualiser ranks with its own
    /// inline `loudness`: sharing this computation there measured 10 % more instructions.)
    func asHeard(_ index: Int, at now: Int) -> (direction: (Float, Float, Float), gain: Float) {
        let place = model.voices[index].placement(at: now)
        let direction = place.relative ? (place.x, place.y, place.z) : inListenerSpace(place.x, place.y, place.z)
        let distance = (direction.0 * direction.0 + direction.1 * direction.1 + direction.2 * direction.2).squareRoot()
        let options = model.voices[index].options
        let attenuation = place.relative ? StereoPlacement.distanceGain(distance, model: model.distanceModel)
            : StereoPlacement.distanceGain(distance, model: model.distanceModel, reference: options.referenceDistance,
                                           maximum: options.maxDistance, rolloff: options.rolloff)
        return (direction, min(sourceGain(index, at: now) * attenuation, 1))
    }

    /// A point in the world as the listener hears it: x to its right, y above, −z ahead.
    private func inListenerSpace(_ x: Float, _ y: Float, _ z: Float) -> (Float, Float, Float) {
        let now = currentListener
        let d = SIMDPosition(x: x - now.position.x, y: y - now.position.y, z: z - now.position.z)
        let at = now.at.normalized, up = now.up.normalized
        let right = SIMDPosition(x: at.y * up.z - at.z * up.y, y: at.z * up.x - at.x * up.z, z: at.x * up.y - at.y * up.x)
        return (d.x * right.x + d.y * right.y + d.z * right.z, d.x * up.x + d.y * up.y + d.z * up.z,
                -(d.x * at.x + d.y * at.y + d.z * at.z))
    }

    /// Adds every playing effect voice, placed and attenuated as OpenAL Soft does it.
    private func addEffectLevels(into window: inout MeterWindow, at mix: Int) {
        for index in model.allocator.slots.indices where model.allocator.slots[index].busy {
            // Heard: a real voice whose clock runs (its source plays) and that has not played out.
            guard let name = model.voices[index].effect, let sound = bank[name], !model.voices[index].isVirtual,
                  model.voices[index].clock.isRunning, !hasPlayedOut(index, at: mix) else { continue }
            let offset = clockFrames(index, at: mix)
            let now = currentFrame
            let heard = asHeard(index, at: now)
            let gain = heard.gain
            let gains = StereoPlacement.gains(direction: heard.direction)
            let frames = sound.frameCount, loop = model.voices[index].options.loop
            window.add(format: sound.format, end: Double(offset), pitch: model.voices[index].pitch(at: now),
                       gains: (gains.left * gain, gains.right * gain)) { frame in
                sound.stereoFrame(loop && frames > 0 ? (frame % frames + frames) % frames : frame)
            }
        }
    }
}
