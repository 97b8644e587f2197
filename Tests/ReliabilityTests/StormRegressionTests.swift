// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioSession
import GameSound
import OpenAL
import Testing

/// Bugs the storms found, each kept as the smallest case that showed it.
@Suite("Storm regressions")
struct StormRegressionTests {
    private func makeRuntime(strategy: GameSoundConfiguration.InterruptionStrategy = .suspendContext,
                             voices: Int = 4) throws -> GameSoundRuntime {
        OpenALProcess.setDrivers("null")
        return try GameSoundRuntime(configuration: .init(output: .headless, voices: voices, interruptionStrategy: strategy),
                                    system: SimulatedSystem(), soundtrack: nil)
    }

    @Test("Unloading an effect whose voice was stopped deletes its buffer without an OpenAL error (storm seed 1)")
    func unloadAfterStop() throws {
        let runtime = try makeRuntime()
        let errors = OpenALProcess.errorCountOnCurrentThread
        try runtime.preload(StormAssets.probe, path: StormAssets.effectPath(StormAssets.probe))
        try runtime.play(StormAssets.probe, options: PlayOptions(loop: true))
        _ = try runtime.render(frames: 512)
        try runtime.stopAllEffects()
        try runtime.unload(StormAssets.probe)
        #expect(runtime.liveOpenALObjects.buffers == 0)
        #expect(OpenALProcess.errorCountOnCurrentThread == errors)
    }

    @Test("Unloading an effect that finished playing on its own deletes its buffer")
    func unloadAfterFinish() throws {
        let runtime = try makeRuntime()
        let errors = OpenALProcess.errorCountOnCurrentThread
        try runtime.preload("step", path: StormAssets.effectPath("step"))
        try runtime.play("step")
        _ = try runtime.render(frames: 9_600)  // the 50 ms step is long over
        #expect(runtime.voicesInUse == 0)
        try runtime.unload("step")
        #expect(runtime.liveOpenALObjects.buffers == 0)
        #expect(OpenALProcess.errorCountOnCurrentThread == errors)
    }

    @Test("Preloading a name again after its voice stopped replaces the buffer without leaking the old one")
    func reloadAfterStop() throws {
        let runtime = try makeRuntime()
        let errors = OpenALProcess.errorCountOnCurrentThread
        try runtime.preload("step", path: StormAssets.effectPath("step"))
        let voice = try #require(try runtime.play("step", options: PlayOptions(loop: true)).voice)
        try runtime.stop(voice)
        try runtime.preload("step", path: StormAssets.effectPath("step"))
        #expect(runtime.liveOpenALObjects.buffers == 1)
        #expect(OpenALProcess.errorCountOnCurrentThread == errors)
    }

    @Test("Unloading or replacing an effect during a phone call is not an OpenAL error, and takes effect when the call ends")
    func unloadDuringInterruption() throws {
        let runtime = try makeRuntime()
        let errors = OpenALProcess.errorCountOnCurrentThread
        try runtime.preload("step", path: StormAssets.effectPath("step"))
        try runtime.preload("laser", path: StormAssets.effectPath("laser"))
        try runtime.play("laser", options: PlayOptions(loop: true))
        try runtime.perform(.phoneRing)
        try runtime.unload("step")
        try runtime.preload("laser", path: StormAssets.effectPath("boom"))
        #expect(runtime.loadedEffects == ["laser"])
        try runtime.perform(.phoneDecline)
        #expect(runtime.liveOpenALObjects.buffers == 1)
        #expect(runtime.voicesInUse == 0)  // the old laser stopped with its buffer
        #expect(OpenALProcess.errorCountOnCurrentThread == errors)
    }

    @Test("A crossfade during a crossfade keeps at most two soundtrack streams alive (storm seed 29)")
    func crossfadeDuringCrossfade() throws {
        OpenALProcess.setDrivers("null")
        let runtime = try GameSoundRuntime(configuration: .init(output: .headless, voices: 10, interruptionStrategy: .rebuildContext),
                                           system: SimulatedSystem(), soundtrack: StormAssets.trackPath("stormA"))
        try runtime.crossfadeSoundtrack(to: StormAssets.trackPath("stormB"), duration: 0.167)
        _ = try runtime.render(frames: 3_768)
        try runtime.crossfadeSoundtrack(to: StormAssets.trackPath("stormB"), duration: 0.295)
        _ = try runtime.render(frames: 864)
        #expect(runtime.liveOpenALObjects.sources <= 10 + 2)
        #expect(runtime.liveOpenALObjects.buffers <= 2 * 4)
    }

    @Test("A crossfade while another app interrupts a media-playback game is not an OpenAL error and leaks no stream (storm seed 26)")
    func crossfadeDuringInterruption() throws {
        OpenALProcess.setDrivers("null")
        let runtime = try GameSoundRuntime(configuration: .init(policy: .mediaPlayback, output: .headless, voices: 4),
                                           system: SimulatedSystem(), soundtrack: nil)
        let errors = OpenALProcess.errorCountOnCurrentThread
        try runtime.playSoundtrack(StormAssets.trackPath("stormA"))
        _ = try runtime.render(frames: 677)
        try runtime.perform(.otherAppActivate(category: .playback, options: []))
        _ = try runtime.render(frames: 334)
        try runtime.crossfadeSoundtrack(to: StormAssets.trackPath("stormB"), duration: 0.024)
        try runtime.playSoundtrack(StormAssets.trackPath("stormA"))
        _ = try runtime.render(frames: 2_139)
        #expect(OpenALProcess.errorCountOnCurrentThread == errors)
        try runtime.perform(.otherAppDeactivate(notifyOthers: true))
        _ = try runtime.render(frames: 512)
        #expect(runtime.liveOpenALObjects.sources <= 4 + 1)  // the voices and the one stream now playing
        #expect(OpenALProcess.errorCountOnCurrentThread == errors)
    }

    @Test("Stopping the soundtrack at once also silences the track still fading out of a crossfade (storm seeds 90 and 145)")
    func stopDuringCrossfade() throws {
        OpenALProcess.setDrivers("null")
        let runtime = try GameSoundRuntime(configuration: .init(policy: .mediaPlayback, output: .headless, voices: 4),
                                           system: SimulatedSystem(), soundtrack: StormAssets.trackPath("stormA"))
        try runtime.crossfadeSoundtrack(to: StormAssets.trackPath("stormB"), duration: 0.32)
        _ = try runtime.render(frames: 417)
        try runtime.stopSoundtrack()
        let after = try runtime.render(frames: 512)
        // 417 frames end inside a group of 4 (see GameSoundRuntime.render(frames:)): the first 3
        // frames after it were mixed before the stop; from the group's end on, silence.
        #expect(after.dropFirst(3 * 2).allSatisfy { $0 == 0 })
        #expect(runtime.liveOpenALObjects.sources == 4)
        #expect(runtime.liveOpenALObjects.buffers == 0)
    }

    @Test("Stopping the soundtrack at once cuts a fade-out already under way (storm seed 2918)")
    func stopDuringFadeOut() throws {
        OpenALProcess.setDrivers("null")
        let runtime = try GameSoundRuntime(configuration: .init(policy: .effectsPlusSoundtrack, output: .headless, voices: 10),
                                           system: SimulatedSystem(), soundtrack: nil)
        try runtime.crossfadeSoundtrack(to: StormAssets.trackPath("stormA"), duration: 0.41)
        _ = try runtime.render(frames: 1_237)
        try runtime.stopSoundtrack(fadeOut: 0.5)
        _ = try runtime.render(frames: 695)
        try runtime.stopSoundtrack()
        let after = try runtime.render(frames: 512)
        #expect(after.allSatisfy { $0 == 0 })
        #expect(runtime.liveOpenALObjects.sources == 10)
        #expect(runtime.liveOpenALObjects.buffers == 0)
    }

    @Test("A stop asked for while media services were lost does not silence a later voice on the same slot after a call (storm seed 8009)")
    func stopDuringLossThenCall() throws {
        let runtime = try makeRuntime(voices: 2)
        let errors = OpenALProcess.errorCountOnCurrentThread
        try runtime.preload("laser", path: StormAssets.effectPath("laser"))
        try runtime.preload(StormAssets.probe, path: StormAssets.effectPath(StormAssets.probe))
        try runtime.play("laser", options: PlayOptions(loop: true))
        _ = try runtime.render(frames: 1_024)
        try runtime.perform(.mediaServicesLose)
        try runtime.stopAllEffects()  // the context is gone: the stop waits
        try runtime.perform(.mediaServicesReset)
        try runtime.play(StormAssets.probe, options: PlayOptions(loop: true))  // takes the laser's slot
        #expect(Signal.firstAudibleIndex(try runtime.render(frames: 1_024)) != nil)
        try runtime.perform(.alarmFire)
        #expect(Signal.isExactlySilent(try runtime.render(frames: 1_024)))
        try runtime.perform(.alarmDismiss)
        let after = try runtime.render(frames: 256)
        #expect((Signal.firstAudibleIndex(after) ?? .max) < 8, "the probe is heard from the first frames after the alarm")
        #expect(OpenALProcess.errorCountOnCurrentThread == errors)
    }
}
