// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioSession
import GameSound
import OpenAL
import Testing

/// Several runtimes, and other OpenAL code, in one process: each runtime makes its context current
/// only on the thread of each call, for that call (`alcSetThreadContext`), so whoever used OpenAL
/// last neither breaks a call nor is broken by one.
@Suite("Runtimes sharing the process")
struct SharedProcessTests {
    /// Another user of OpenAL in the process: a loopback device with a context of its own.
    private final class OtherUser {
        let device: ALDevice
        let context: ALContext
        init() throws {
            (device, context) = try OpenALProcess.withExclusiveAccess { () throws(OpenALError) in
                let device = try ALDevice.openLoopback()
                let context = try ALContext(device: device, attributes: .init(
                    frequency: 48_000, renderFormat: .init(sampleRate: 48_000, channels: .stereo, sampleType: .float32)))
                return (device, context)
            }
        }
        /// Makes its own context current, as another runtime or library would.
        func useOpenAL() throws { try OpenALProcess.withExclusiveAccess { () throws(OpenALError) in try context.makeCurrent() } }
        func close() {
            OpenALProcess.withExclusiveAccess {
                context.destroy()
                try? device.close()
            }
        }
    }

    @Test("Every game call and query after another runtime used OpenAL raises no OpenAL error")
    func callsAfterAnotherRuntime() throws {
        let harness = try Harness(policy: .effectsPlusSoundtrack)
        let other = try OtherUser()
        defer { other.close() }
        let runtime = harness.runtime
        let errors = OpenALProcess.errorCountOnCurrentThread
        let calls: [(String, () throws -> Void)] = [
            ("play", { _ = try runtime.play("beep", options: PlayOptions(loop: true)) }),
            ("voicesInUse", { _ = runtime.voicesInUse }),
            ("soundtrackPosition", { _ = runtime.soundtrackPosition }),
            ("setEffectsVolume", { try runtime.setEffectsVolume(0.8) }),
            ("setSoundtrackVolume", { try runtime.setSoundtrackVolume(0.9) }),
            ("crossfadeSoundtrack", { try runtime.crossfadeSoundtrack(to: TestAssets.soundtrackPath, duration: 0.1) }),
            ("pauseSoundtrack", { try runtime.pauseSoundtrack() }),
            ("resumeSoundtrack", { try runtime.resumeSoundtrack(fadeIn: 0.05) }),
            ("stopSoundtrack", { try runtime.stopSoundtrack(fadeOut: 0.05) }),
            ("playSoundtrack", { try runtime.playSoundtrack(TestAssets.soundtrackPath) }),
            ("preload", { try runtime.preload("beep2", sound: TestAssets.beep) }),
            ("unload", { try runtime.unload("beep2") }),
            ("stopAllEffects", { try runtime.stopAllEffects() }),
            ("phone.ring", { try runtime.perform(.phoneRing) }),
            ("phone.decline", { try runtime.perform(.phoneDecline) }),
            ("mediaServices.lose", { try runtime.perform(.mediaServicesLose) }),
            ("mediaServices.reset", { try runtime.perform(.mediaServicesReset) }),
        ]
        for (name, call) in calls {
            try other.useOpenAL()
            let before = OpenALProcess.errorCountOnCurrentThread
            try call()
            try harness.render(seconds: 0.05)
            #expect(OpenALProcess.errorCountOnCurrentThread == before,
                    "\(name): \(OpenALProcess.recentErrorsOnCurrentThread.suffix(2))")
        }
        #expect(OpenALProcess.errorCountOnCurrentThread == errors)
        let heard = try harness.render(seconds: 0.3)
        #expect(harness.trackPower(heard) > 0.01, "the soundtrack plays after it all")
    }

    /// The process-wide current context is one value for the whole test process, which other tests
    /// (OpenALTests) set in parallel; so the test counts the runtime's process-wide switches on this
    /// thread (none allowed) rather than reading the value at the end.
    @Test("the game's own context, current process-wide, is left alone by every call; the runtime's is current on no thread")
    func gamesOwnContextStaysCurrent() throws {
        let harness = try Harness(policy: .effectsPlusSoundtrack)
        let other = try OtherUser()
        defer { other.close() }
        try other.useOpenAL()
        let switches = OpenALProcess.processWideSwitchesOnCurrentThread
        _ = try harness.runtime.play("beep", options: PlayOptions(loop: true))
        try harness.render(seconds: 0.05)
        try harness.runtime.perform(.phoneRing)
        try harness.runtime.perform(.phoneDecline)
        try harness.runtime.perform(.mediaServicesLose)
        try harness.runtime.perform(.mediaServicesReset)
        try harness.render(seconds: 0.05)
        #expect(OpenALProcess.processWideSwitchesOnCurrentThread == switches, "the runtime switched the process-wide current context")
        #expect(!ALContext.isAnyCurrentOnThisThread, "the runtime's context stayed current on the game's thread")
        let heard = try harness.render(seconds: 0.3)
        #expect(harness.beepPower(heard) > 0.01, "and the runtime plays")
    }
}
