// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioSession
import Foundation
import GameSound
import OpenAL
import Synchronization

/// How each kind of step acts on the runtime.
extension StormRunner {
    func apply(_ action: StormAction, runtime: GameSoundRuntime, state: inout StormState,
                       step: Int) throws(StormFailure) {
        do {
            switch action {
            case .system(let systemAction):
                do { try runtime.perform(systemAction) } catch {}  // refused: nothing changed
            case .fire(let name, let loop, let priority):
                fire(name, options: PlayOptions(loop: loop, priority: priority), runtime: runtime, state: &state, step: step)
            case .fireInSpace(let name, let loop, let priority, let placement):
                fire(name, options: placement.playOptions(loop: loop, priority: priority), runtime: runtime, state: &state, step: step)
            case .fireProbe:
                guard state.probe == nil else {
                    if state.recording { state.trace.skipped.insert(step) }
                    return
                }
                state.probe = try runtime.play(StormAssets.probe, options: PlayOptions(loop: true, priority: 100)).voice
            case .stopLastVoice:
                if let voice = state.lastVoice {
                    state.trace.stopped[step] = state.lastVoiceStep
                    try runtime.stop(voice)
                }
                state.lastVoice = nil
            case .stopAllEffects:
                try runtime.stopAllEffects()
                state.probe = nil
                state.lastVoice = nil
            case .playSoundtrack(let track):
                do { try runtime.playSoundtrack(track.map(StormAssets.trackPath)) } catch .noSoundtrack {}
            case .pauseSoundtrack:
                try runtime.pauseSoundtrack()
            case .resumeSoundtrack:
                do { try runtime.resumeSoundtrack() } catch .noSoundtrack {}
            case .stopSoundtrack(let fade):
                try runtime.stopSoundtrack(fadeOut: fade)
            case .crossfade(let track, let duration):
                try runtime.crossfadeSoundtrack(to: StormAssets.trackPath(track), duration: duration)
            case .preload(let name):
                try runtime.preload(name, path: StormAssets.effectPath(name))
            case .unload(let name):
                do { try runtime.unload(name) } catch .unknownEffect {}
            case .effectsVolume(let volume):
                try runtime.setEffectsVolume(volume)
            case .busVolume(let bus, let volume, let over):
                try runtime.setBusVolume(BusName(bus), volume, over: over)
            case .setLastVoiceGain(let gain, let over):
                if let voice = state.lastVoice {
                    state.trace.stopped[step] = state.lastVoiceStep
                    try runtime.setVoice(voice, gain: gain, over: over)
                }
            case .pauseLastVoice, .resumeLastVoice:
                if let voice = state.lastVoice {
                    state.trace.stopped[step] = state.lastVoiceStep
                    if action == .pauseLastVoice { try runtime.pause(voice) } else { try runtime.resume(voice) }
                }
            case .stopLastVoiceFade(let fade):
                if let voice = state.lastVoice {
                    state.trace.stopped[step] = state.lastVoiceStep
                    try runtime.stop(voice, fade: fade)
                }
                state.lastVoice = nil
            case .moveLastVoice(let position, let velocity, let over):
                // A stream has no place in the world (its pitch and place cannot change): not moved.
                if let voice = state.lastVoice, voice != state.stream {
                    state.trace.stopped[step] = state.lastVoiceStep
                    try runtime.setVoice(voice, position: position, velocity: velocity, over: over)
                }
            case .listener(let position, let orientation, let velocity, let over):
                try runtime.setListener(position: position, at: orientation?.at, up: orientation?.up, velocity: velocity, over: over)
            case .environment(let environment, let over):
                try runtime.setEnvironment(environment, over: over)
            case .busMute(let bus, let muted):
                try runtime.setBusMuted(BusName(bus), muted)
            case .busPause(let bus, let paused):
                try runtime.setBusPaused(BusName(bus), paused)
            case .playStream(let track, let loop):
                if let stream = state.stream, try runtime.state(of: stream) != .ended {
                    if state.recording { state.trace.skipped.insert(step) }
                    return
                }
                let stream = try runtime.playStream(StormAssets.trackPath(track), loop: loop, gain: 0.5)
                state.stream = stream
                state.lastVoice = stream
                state.lastVoiceStep = step
            case .fireDefined(let loop, let priority):
                fire(StormAssets.definedSound, options: PlayOptions(loop: loop, priority: priority), runtime: runtime, state: &state, step: step)
            }
        } catch {
            throw StormFailure(kind: .unexpectedError, step: step, message: "\(action) threw \(error)")
        }
    }

    /// Plays an effect; one the runtime refuses or drops (unknown, interrupted, outranked) is no failure.
    func fire(_ name: String, options: PlayOptions, runtime: GameSoundRuntime, state: inout StormState, step: Int) {
        var options = options
        if !options.loop { options.bus = state.trace.oneShotBus }
        if let voice = try? runtime.play(name, options: options).voice {
            state.lastVoice = voice
            state.lastVoiceStep = step
        }
    }
}
