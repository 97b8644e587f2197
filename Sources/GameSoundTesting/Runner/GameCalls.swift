// SPDX-License-Identifier: Zlib
import GameSound

/// Turns a scenario's game events into calls on the runtime, the way a game would make them, and
/// keeps what a game keeps between calls: the voices its fires and streams were given, by label.
struct GameCalls {
    let plan: ScenarioPlan
    let runtime: GameSoundRuntime
    let recorder: EventRecorder
    /// The voice each label names; a label whose last fire got no voice is absent.
    private var voices: [String: Voice] = [:]

    init(plan: ScenarioPlan, runtime: GameSoundRuntime, recorder: EventRecorder) {
        self.plan = plan
        self.runtime = runtime
        self.recorder = recorder
    }

    /// Applies one event; a refused game call or system action is logged, not thrown.
    mutating func apply(_ event: ScenarioEvent, index: Int) throws(ScenarioRunError) {
        switch event.kind {
        case .system(let action):
            do {
                try runtime.perform(action)
            } catch {
                log("actionRefused", origin: .system,
                    [.init("action", .string(action.name)), .init("reason", .string(error.reason.rawValue))])
            }
        case .fire(let name, _, _, _, _, _, let label, _, _, _, _, _):
            let voice = try call("play", sound: name, index: index) { () throws(GameSoundError) in
                try runtime.play(name, options: event.playOptions ?? PlayOptions()).voice
            }
            if let label { voices[label] = voice ?? nil }
        case .stream(let asset, let label, let bus, let loop, let gain):
            // The plan resolved the asset to a file and the runner checked that it decodes.
            let path = plan.streamPaths[index] ?? asset
            voices[label] = try call("playStream", sound: asset, index: index) { () throws(GameSoundError) in
                try runtime.playStream(path, bus: bus ?? .ambience, loop: loop ?? true, gain: gain ?? 1)
            }
        case .stop(let label, let fade):
            // A label whose fire was dropped or refused names no voice: a game would have nothing to
            // stop, pause, change or move. A voice that has ended is left alone by the runtime itself.
            guard let voice = voices[label] else { return }
            try call("stop", index: index) { () throws(GameSoundError) in
                if let fade, fade > 0 { try runtime.stop(voice, fade: fade) } else { try runtime.stop(voice) }
            }
        case .pause(let label):
            guard let voice = voices[label] else { return }
            try call("pause", index: index) { () throws(GameSoundError) in try runtime.pause(voice) }
        case .resume(let label):
            guard let voice = voices[label] else { return }
            try call("resume", index: index) { () throws(GameSoundError) in try runtime.resume(voice) }
        case .set(let label, let gain, let pitch, let pan, let position, let over):
            guard let voice = voices[label] else { return }
            try call("setVoice", index: index) { () throws(GameSoundError) in
                try runtime.setVoice(voice, gain: gain, pitch: pitch, pan: pan, position: position, over: over ?? 0)
            }
        case .move(let label, let position, let velocity, let over):
            guard let voice = voices[label] else { return }
            try call("setVoice", index: index) { () throws(GameSoundError) in
                try runtime.setVoice(voice, position: position, velocity: velocity, over: over ?? 0)
            }
        case .listener(let position, let orientation, let velocity, let over):
            try call("setListener", index: index) { () throws(GameSoundError) in
                try runtime.setListener(position: position, at: orientation?.at, up: orientation?.up, velocity: velocity, over: over ?? 0)
            }
        case .environment(let environment, let over):
            try call("setEnvironment", index: index) { () throws(GameSoundError) in
                try runtime.setEnvironment(environment, over: over ?? 0)
            }
        case .bus(let bus, .volume(let volume, let over)):
            try call("setBusVolume", index: index) { () throws(GameSoundError) in try runtime.setBusVolume(bus, volume, over: over ?? 0) }
        case .bus(let bus, .mute(let muted)):
            try call("setBusMuted", index: index) { () throws(GameSoundError) in try runtime.setBusMuted(bus, muted) }
        case .bus(let bus, .paused(let paused)):
            try call("setBusPaused", index: index) { () throws(GameSoundError) in try runtime.setBusPaused(bus, paused) }
        case .effects(.stopAll):
            try call("stopAllEffects", index: index) { () throws(GameSoundError) in try runtime.stopAllEffects() }
        case .effects(.volume(let volume)):
            try call("setEffectsVolume", index: index) { () throws(GameSoundError) in try runtime.setEffectsVolume(volume) }
        case .preload(let name):
            // The plan resolved every named effect against the assets before the runtime started.
            let path = plan.effectPaths[name] ?? name
            try call("preload", sound: name, index: index) { () throws(GameSoundError) in try runtime.preload(name, path: path) }
        case .unload(let name):
            try call("unload", sound: name, index: index) { () throws(GameSoundError) in try runtime.unload(name) }
        case .soundtrack(let command):
            try soundtrack(command, index: index)
        }
    }

    private mutating func soundtrack(_ command: SoundtrackCommand, index: Int) throws(ScenarioRunError) {
        let track = plan.trackPaths[index]
        switch command {
        case .play(_, let fadeIn):
            try call("playSoundtrack", index: index) { () throws(GameSoundError) in
                try runtime.playSoundtrack(track, fadeIn: fadeIn ?? 0)
            }
        case .pause:
            try call("pauseSoundtrack", index: index) { () throws(GameSoundError) in try runtime.pauseSoundtrack() }
        case .resume(let fadeIn):
            try call("resumeSoundtrack", index: index) { () throws(GameSoundError) in try runtime.resumeSoundtrack(fadeIn: fadeIn ?? 0) }
        case .stop(let fadeOut):
            try call("stopSoundtrack", index: index) { () throws(GameSoundError) in try runtime.stopSoundtrack(fadeOut: fadeOut ?? 0) }
        case .crossfade(let name, let duration):
            let path = track ?? name
            try call("crossfadeSoundtrack", index: index) { () throws(GameSoundError) in
                if let duration {
                    try runtime.crossfadeSoundtrack(to: path, duration: duration)
                } else {
                    try runtime.crossfadeSoundtrack(to: path)
                }
            }
        case .volume(let volume):
            try call("setSoundtrackVolume", index: index) { () throws(GameSoundError) in try runtime.setSoundtrackVolume(volume) }
        }
    }

    /// Makes one runtime call. A refusal a game can cause and carry on from is logged as
    /// `callRefused` and gives nil; OpenAL failing or the runtime stopping ends the run.
    @discardableResult
    private func call<Result>(_ name: String, sound: String? = nil, index: Int,
                              _ body: () throws(GameSoundError) -> Result) throws(ScenarioRunError) -> Result? {
        do {
            return try body()
        } catch {
            switch error {
            case .openAL, .stopped, .wrongOutputMode:
                throw .eventFailed(eventIndex: index, error: error)
            case .unknownEffect, .decoding, .session, .invalidArgument, .unreadableFolder, .noSoundtrack, .unknownBus,
                 .invalidBus, .foreignVoice:
                var details: [GameSoundEvent.Detail] = [.init("call", .string(name))]
                if let sound { details.append(.init("sound", .string(sound))) }
                details.append(.init("error", .string(error.description)))
                log("callRefused", origin: .game, details)
                return nil
            }
        }
    }

    private func log(_ name: String, origin: GameSoundEvent.Origin, _ details: [GameSoundEvent.Detail]) {
        let frame = runtime.currentFrame
        recorder.record(GameSoundEvent(frame: frame, time: Double(frame) / Double(plan.scenario.sampleRate), origin: origin,
                                       name: name, details: details))
    }
}
