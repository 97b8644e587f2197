// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioEncoding
import AudioFiles
import AudioSession
import Foundation
import GameSound
import OpenAL
import Testing

/// The streamed soundtrack: commands, positions, loops and fades, heard in the output.
@Suite("Soundtrack")
struct SoundtrackTests {
    @Test("soundtrackPosition keeps the track's place while no context exists: a legacy interruption, media services lost",
          arguments: ["legacy", "lost"])
    func positionWithoutContext(_ how: String) throws {
        let h = try Harness(strategy: how == "legacy" ? .rebuildContext : .suspendContext)
        try h.render(seconds: 0.5)
        let before = try #require(h.runtime.soundtrackPosition)
        try h.perform(how == "legacy" ? "phone.ring" : "mediaServices.lose")
        try h.render(seconds: 0.25)
        let during = try #require(h.runtime.soundtrackPosition)
        #expect(abs(during - before) <= 4_096, "before \(before), during \(during)")
        try h.perform(how == "legacy" ? "phone.decline" : "mediaServices.reset")
        try h.render(seconds: 0.25)
        let after = try #require(h.runtime.soundtrackPosition)
        #expect(abs(after - (before + 12_000)) <= 4_096, "before \(before), after \(after)")
    }

    @Test("a stop, a new track or a crossfade asked for during a legacy interruption is not undone by the saved place",
          arguments: ["stop", "crossfade"])
    func soundtrackCallsDuringLegacyInterruption(_ call: String) throws {
        let h = try Harness(strategy: .rebuildContext)
        try h.render(seconds: 1)
        try h.perform("phone.ring")
        try h.render(seconds: 0.1)
        if call == "stop" {
            try h.runtime.stopSoundtrack()
        } else {
            try h.runtime.crossfadeSoundtrack(to: TestAssets.soundtrackPath, duration: 0.05)
        }
        try h.perform("phone.decline")
        if call == "stop" {
            try h.render(seconds: 0.1)
            #expect(h.runtime.soundtrackPosition == nil, "stopped stays stopped")
            try h.runtime.playSoundtrack()
        }
        try h.render(seconds: 0.1)
        let position = try #require(h.runtime.soundtrackPosition)
        #expect(position <= 4_800 + 4_096, "starts from the top, not from frame 48 000: \(position)")
    }

    @Test("resumed during its fade-out (to a pause, or to a stop taken back), the track goes on from where it is, not from a buffer back",
          arguments: ["pause", "stop"])
    func resumeDuringFadeOut(_ how: String) throws {
        // For the pause: an ambient game's soundtrack fades out to a pause over 0.25 s when the
        // player's music starts (the secondary-audio hint), and comes back when it stops.
        let h = try Harness(launch: .init(otherAudio: how == "pause" ? .music : .none))
        if how == "pause" { try h.perform("music.pause") }
        try h.render(seconds: 0.5)
        if how == "pause" { try h.perform("music.play") } else { try h.runtime.stopSoundtrack(fadeOut: 0.2) }
        try h.render(seconds: 0.1)
        let before = try #require(h.runtime.soundtrackPosition)
        if how == "pause" { try h.perform("music.pause") } else { try h.runtime.resumeSoundtrack() }
        let resumed = try #require(h.runtime.soundtrackPosition)
        // alSourcePlay on a playing streaming source would have started it again at its first queued
        // buffer, up to 4 × 4 096 frames back.
        #expect(resumed >= before && resumed - before <= 256, "before \(before), resumed at \(resumed)")
        try h.render(seconds: 0.4)
        #expect(h.runtime.isSoundtrackPlaying, "the fade-out was taken back: it plays on")
        let later = try #require(h.runtime.soundtrackPosition)
        #expect(abs(later - (resumed + 19_200)) <= 512, "resumed at \(resumed), 0.4 s later \(later)")
    }

    @Test("pause keeps the position and silences; resume continues from it; stop restarts from the top")
    func pauseResumeStop() throws {
        let h = try Harness()
        try h.render(seconds: 0.5)
        try h.runtime.pauseSoundtrack()
        let paused = try #require(h.runtime.soundtrackPosition)
        #expect(abs(paused - 24_000) <= 256)
        #expect(h.isSilent(try h.render(seconds: 0.25)))
        #expect(h.runtime.soundtrackPosition == paused)
        try h.runtime.resumeSoundtrack()
        #expect(h.trackPower(try h.render(seconds: 0.25)) > 0.01)
        #expect(abs(try #require(h.runtime.soundtrackPosition) - (paused + 12_000)) <= 256)
        try h.runtime.stopSoundtrack()
        #expect(h.isSilent(try h.render(seconds: 0.1)))
        #expect(h.runtime.soundtrackPosition == nil)
        try h.runtime.playSoundtrack()
        try h.render(seconds: 0.1)
        #expect(abs(try #require(h.runtime.soundtrackPosition) - 4_800) <= 256)
        #expect(h.logContainsInOrder(["soundtrackStarted", "soundtrackPaused", "soundtrackResumed", "soundtrackStopped",
                                      "soundtrackStarted"]))
    }

    @Test("a looping soundtrack wraps without a gap: the level holds steady across the loop point")
    func gaplessLoop() throws {
        let h = try Harness()
        try h.render(seconds: 4.5)  // the track lasts 4 s
        let position = try #require(h.runtime.soundtrackPosition)
        #expect(abs(position - 24_000) <= 256)
        for block in stride(from: 192_000 - 4_800, to: 192_000 + 4_800, by: 480) {
            #expect(h.rms(block..<(block + 480)) > 0.25)
        }
    }

    @Test("a fade-out stop ends in silence; a fade-in starts quiet and grows")
    func fades() throws {
        let h = try Harness()
        try h.render(seconds: 0.2)
        try h.runtime.stopSoundtrack(fadeOut: 0.5)
        let fading = try h.render(seconds: 0.5)
        let firstTenth = fading.lowerBound..<(fading.lowerBound + 4_800)
        let lastTenth = (fading.upperBound - 4_800)..<fading.upperBound
        #expect(h.rms(lastTenth) < h.rms(firstTenth) / 3)
        // The stop lands on the next update block (every 256 frames); from then on, exact silence.
        let tail = try h.render(seconds: 0.1)
        #expect(h.isSilent((tail.lowerBound + 256)..<tail.upperBound))
        #expect(h.rms(tail) < 0.01)
        try h.runtime.playSoundtrack(fadeIn: 0.5)
        let rising = try h.render(seconds: 0.5)
        #expect(h.rms(rising.lowerBound..<(rising.lowerBound + 4_800)) < h.rms((rising.upperBound - 4_800)..<rising.upperBound) / 3)
    }

    @Test("a crossfade brings in the new track while the old one fades away")
    func crossfade() throws {
        let other = TestAssets.directory + "/other.ogg"
        let tone = Signal.sine(frequency: 660, amplitude: 0.4, frameCount: 96_000, sampleRate: 48_000)
        let bytes = try VorbisEncoder.encode(.init(format: .init(sampleRate: 48_000, channelCount: 1), samples: tone))
        _ = FileManager.default.createFile(atPath: other, contents: Data(bytes))
        let h = try Harness()
        try h.render(seconds: 0.2)
        try h.runtime.crossfadeSoundtrack(to: other, duration: 0.5)
        try h.render(seconds: 0.6)
        let after = try h.render(seconds: 0.2)
        #expect(h.trackPower(after) < 1e-5)
        #expect(Signal.power(at: 660, in: h.left(after), sampleRate: 48_000) > 0.01)
        #expect(h.runtime.liveOpenALObjects.sources == 32 + 1)
    }

    @Test("a soundtrack file that cannot be read is reported, and effects play on")
    func missingTrack() throws {
        let h = try Harness()
        try h.runtime.playSoundtrack("/nonexistent/theme.ogg")
        try h.runtime.play("beep")
        let after = try h.render(seconds: 0.1)
        #expect(h.beepPower(after) > 0.01)
        #expect(h.firstEvent("soundtrackFailed") != nil)
    }

    @Test("real-time output on OpenAL Soft's null device: the soundtrack advances with the clock and freezes during a call")
    func realtime() throws {
        OpenALProcess.setDrivers("null")
        let system = SimulatedSystem()
        let runtime = try GameSoundRuntime(configuration: .init(output: .realtime()), system: system,
                                           soundtrack: TestAssets.soundtrackPath)
        defer { runtime.shutdown() }
        #expect(throws: GameSoundError.self) { try runtime.render(frames: 16) }
        Thread.sleep(forTimeInterval: 0.3)
        let running = try #require(runtime.soundtrackPosition)
        #expect(running > 4_800)
        try runtime.perform(.phoneRing)
        let frozen = try #require(runtime.soundtrackPosition)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(runtime.soundtrackPosition == frozen)
        try runtime.perform(.phoneDecline)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try #require(runtime.soundtrackPosition) > frozen + 4_800)
    }
}
