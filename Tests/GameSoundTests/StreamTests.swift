// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioEncoding
import AudioFiles
import AudioSession
import Foundation
import GameSound
import Testing

/// Streamed voices besides the soundtrack, WAV streaming and loop points, on the rendered audio.
@Suite("Streams")
struct StreamTests {
    static let directory = TestAssets.directory

    /// A mono WAV of `seconds` of each frequency in turn, optionally with a `smpl` loop (last frame inclusive).
    static func wav(_ name: String, _ tones: [(frequency: Double, seconds: Double)], loop: (start: Int, last: Int)? = nil) -> String {
        let samples = tones.flatMap { Signal.sine(frequency: $0.frequency, amplitude: 0.5, frameCount: Int($0.seconds * 48_000), sampleRate: 48_000) }
        var bytes = WAVEncoder.encode(PCMBuffer(format: PCMFormat(sampleRate: 48_000, channelCount: 1), samples: samples), as: .pcm16)
        if let loop {
            var chunk = Array("smpl".utf8) + le(UInt32(60)) + Array(repeating: 0, count: 28) + le(UInt32(1)) + le(UInt32(0))
            chunk += le(UInt32(0)) + le(UInt32(0)) + le(UInt32(loop.start)) + le(UInt32(loop.last)) + le(UInt32(0)) + le(UInt32(0))
            let data = (0..<(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual("data".utf8) }!
            bytes.insert(contentsOf: chunk, at: data)
            bytes.replaceSubrange(4..<8, with: le(UInt32(bytes.count - 8)))
        }
        let path = directory + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    private static func le(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }

    private func power(_ h: Harness, _ frequency: Double, _ frames: Range<Int>) -> Double {
        Signal.power(at: frequency, in: h.left(frames), sampleRate: 48_000)
    }

    @Test("a WAV soundtrack streams (it used to fail with 'not an Ogg stream')")
    func wavSoundtrack() throws {
        let path = Self.wav("wav-track.wav", [(220, 2)])
        let h = try Harness(soundtrack: false)
        try h.runtime.playSoundtrack(path)
        let frames = try h.render(seconds: 0.5)
        #expect(h.trackPower(frames) > 0.01)
        #expect(h.firstEvent("soundtrackStarted") != nil)
        #expect(h.firstEvent("soundtrackFailed") == nil)
    }

    @Test("two streams on their own buses play beside the soundtrack; muting one bus silences only its stream")
    func severalStreams() throws {
        let bed = Self.wav("bed.wav", [(330, 1)]), line = Self.wav("line.wav", [(550, 1)])
        let h = try Harness(policy: .effectsPlusSoundtrack)
        let ambience = try h.runtime.playStream(bed)
        try h.runtime.playStream(line, bus: .voice)
        try h.render(seconds: 0.5)
        let both = (h.frame - 9_600)..<h.frame
        #expect(power(h, 330, both) > 0.005 && power(h, 550, both) > 0.005 && h.trackPower(both) > 0.005)
        try h.runtime.setBusMuted(.ambience, true)
        try h.render(seconds: 0.3)
        let muted = (h.frame - 9_600)..<h.frame
        #expect(power(h, 330, muted) < 1e-7)
        #expect(power(h, 550, muted) > 0.005 && h.trackPower(muted) > 0.005)
        #expect(try h.runtime.state(of: ambience) == .playing)
    }

    @Test("intro, then loop: a WAV smpl loop plays the intro once and repeats only the loop")
    func introThenLoop() throws {
        // 0.5 s intro at 440 Hz, then a 0.5 s loop at 660 Hz (frames 24 000 to 47 999).
        let path = Self.wav("intro-loop.wav", [(440, 0.5), (660, 0.5)], loop: (24_000, 47_999))
        let h = try Harness(soundtrack: false)
        let voice = try h.runtime.playStream(path, bus: .music)
        try h.render(seconds: 3)
        #expect(power(h, 440, 4_800..<19_200) > 0.005, "the intro plays first")
        #expect(power(h, 440, 50_000..<144_000) < 1e-6, "and never again")
        #expect(power(h, 660, 50_000..<144_000) > 0.005, "the loop repeats")
        let position = try #require(try h.runtime.position(of: voice))
        #expect((24_000..<48_000).contains(position))
    }

    @Test("a stream started on a paused bus waits, and plays from its start when the bus resumes; a paused stream stays paused through a rebuild")
    func streamOnPausedBus() throws {
        let path = Self.wav("paused-bed.wav", [(330, 2)])
        let h = try Harness(soundtrack: false, strategy: .rebuildContext)
        try h.runtime.setBusPaused(.ambience, true)
        let voice = try h.runtime.playStream(path, loop: false)
        #expect(h.isSilent(try h.render(seconds: 0.5)))
        #expect(try h.runtime.state(of: voice) == .paused)
        try h.perform("phone.ring")
        try h.render(seconds: 0.2)
        try h.perform("phone.decline")
        #expect(h.isSilent(try h.render(seconds: 0.3)))
        #expect(try h.runtime.state(of: voice) == .paused)
        try h.runtime.setBusPaused(.ambience, false)
        let resumed = try h.render(seconds: 0.5)
        #expect(power(h, 330, resumed) > 0.005)
        #expect(abs(try #require(try h.runtime.position(of: voice)) - 24_000) <= 4_096 + 256, "from its start")
    }

    @Test("a stream that does not loop ends with voiceEnded finished; a faded stop ends with stopped")
    func streamEnds() throws {
        let path = Self.wav("short.wav", [(330, 0.5)])
        let h = try Harness(soundtrack: false)
        let once = try h.runtime.playStream(path, loop: false)
        let looped = try h.runtime.playStream(path, bus: .voice)
        try h.render(seconds: 1)
        #expect(try h.runtime.state(of: once) == .ended)
        #expect(h.events.contains { $0.name == "voiceEnded" && $0.details.contains { $0.value == .string("finished") } })
        #expect(try h.runtime.stop(looped, fade: 0.2))
        try h.render(seconds: 0.5)
        #expect(try h.runtime.state(of: looped) == .ended)
        #expect(h.isSilent((h.frame - 4_800)..<h.frame))
    }

    @Test("a stream stopped, or paused, before the render after its start: the stopped one is never heard and leaves no OpenAL object, the paused one waits")
    func stoppedOrPausedBeforeItsPlayerIsMade() throws {
        let h = try Harness(soundtrack: false)
        let objects = h.runtime.liveOpenALObjects
        let stopped = try h.runtime.playStream(Self.wav("stopped-at-once.wav", [(330, 2)]), loop: false)
        #expect(try h.runtime.stop(stopped))
        let paused = try h.runtime.playStream(Self.wav("paused-at-once.wav", [(550, 2)]), loop: false)
        #expect(try h.runtime.pause(paused))
        let heard = try h.render(seconds: 0.3)
        #expect(h.isSilent(heard))
        #expect(try h.runtime.state(of: stopped) == .ended)
        #expect(try h.runtime.state(of: paused) == .paused)
        #expect(h.runtime.liveOpenALObjects.sources == objects.sources + 1, "only the paused stream has a source")
        #expect(try h.runtime.resume(paused))
        let resumed = try h.render(seconds: 0.3)
        #expect(power(h, 550, resumed) > 0.01, "the paused stream plays once resumed")
        #expect(power(h, 330, resumed) < 1e-6, "the stopped stream never plays")
    }

    /// What comes as a 0.5 s stream (or soundtrack) has played out, before the update that would
    /// notice: its last frame is mixed at frame 24 000, the update at 24 064 ends it. A rebuild at
    /// that update, or a pause of the stream's bus or of the stream itself at 24 018 (storm
    /// 1 038 245: the paused player waited for a resume to end).
    private static func playedOut(_ h: Harness, then what: String, voice: Voice? = nil) throws {
        if what == "rebuilt" {
            try h.render(frames: 24_064)
            #expect(h.runtime.rebuildOutput())
            return
        }
        try h.render(frames: 24_018)
        switch what {
        case "its bus paused": try h.runtime.setBusPaused(.ambience, true)
        case "paused": if let voice { #expect(try h.runtime.pause(voice)) } else { try h.runtime.pauseSoundtrack() }
        default: Issue.record("no such case: \(what)")
        }
    }

    @Test("a stream that does not loop, rebuilt just as it played out or paused (itself or its bus) just after its last frame, ends at the update after its end, finished, and does not start over",
          arguments: ["rebuilt", "its bus paused", "paused"])
    func streamPlayedOut(_ what: String) throws {
        // A file per case: the cases run at once.
        let path = Self.wav("played-out-\(what).wav", [(330, 0.5)])
        let h = try Harness(soundtrack: false)
        let voice = try h.runtime.playStream(path, loop: false)
        try Self.playedOut(h, then: what, voice: voice)
        let after = try h.render(seconds: 0.5)
        #expect(h.isSilent(after), "the stream was heard again after its end")
        let ended = h.events.filter { $0.name == "voiceEnded" }
        #expect(ended.map(\.frame) == [24_064], "a stream paused after its end waited for a resume to end")
        #expect(ended.first?.details.contains { $0.value == .string("finished") } == true)
        #expect(try h.runtime.state(of: voice) == .ended)
    }

    @Test("a soundtrack that does not loop, rebuilt just as it played out or paused just after its last frame, stops at the update after its end and does not start over",
          arguments: ["rebuilt", "paused"])
    func soundtrackPlayedOut(_ what: String) throws {
        let path = Self.wav("played-out-track-\(what).wav", [(220, 0.5)])
        let h = try Harness(soundtrack: false)
        try h.runtime.playSoundtrack(path, loop: false)
        try Self.playedOut(h, then: what)
        let after = try h.render(seconds: 0.5)
        #expect(h.isSilent(after), "the soundtrack was heard again after its end")
        #expect(h.events.filter { $0.name == "soundtrackStopped" }.map(\.frame) == [24_064])
    }

    @Test("a stream keeps its place through a call with either strategy and through a media-services reset",
          arguments: ["suspendContext", "rebuildContext", "mediaServices"])
    func throughTheSession(_ trouble: String) throws {
        let path = Self.wav("long.wav", [(330, 5)])
        let h = try Harness(soundtrack: false, strategy: trouble == "rebuildContext" ? .rebuildContext : .suspendContext)
        let voice = try h.runtime.playStream(path, loop: false)
        try h.runtime.setVoice(voice, gain: 0.5)
        try h.render(seconds: 1)
        let before = try #require(try h.runtime.position(of: voice))
        try h.perform(trouble == "mediaServices" ? "mediaServices.lose" : "phone.ring")
        let away = try h.render(seconds: 1)
        #expect(h.isSilent(away))
        try h.perform(trouble == "mediaServices" ? "mediaServices.reset" : "phone.decline")
        try h.render(seconds: 0.5)
        let after = try #require(try h.runtime.position(of: voice))
        #expect(abs(after - (before + 24_000)) <= 4_096 + 256, "went on from where it was: \(before) then \(after)")
        let level: Float = Signal.rms(h.left((h.frame - 4_800)..<h.frame))
        let expected: Float = 0.5 * 0.5 * 0.596 / Float(2).squareRoot()  // amplitude × gain × centre pan, as RMS
        #expect(abs(level - expected) < 0.01, "still at gain 0.5")
    }

    @Test("a stream file that fails partway while it plays ends that stream with streamFailed; the other sounds play on")
    func failsWhilePlaying() throws {
        let path = Self.wav("cut-short.wav", [(330, 3)])
        let h = try Harness(soundtrack: false)
        try h.runtime.play("beep", options: .init(loop: true))
        let voice = try h.runtime.playStream(path, bus: .voice, loop: false)
        // The file loses its second half while it plays, as on a drive that went away: the decoding
        // ahead finds out well after playStream returned.
        #expect(truncate(path, 44 + 48_000 * 2) == 0)
        let heard = try h.render(seconds: 0.5)
        #expect(power(h, 330, heard) > 0.01, "the stream plays what it has")
        try h.render(seconds: 2)
        #expect(try h.runtime.state(of: voice) == .ended)
        let failed = try #require(h.events.first { $0.name == "streamFailed" })
        #expect(failed.details.contains { $0.value == .string(path) })
        #expect(failed.details.contains { $0.key == "error" })
        #expect(h.events.contains { $0.name == "voiceEnded" && $0.details.contains { $0.value == .string(path) } })
        let after = try h.render(seconds: 0.3)
        #expect(h.beepPower(after) > 0.01, "the other sounds play on")
    }

    @Test("bad stream input is refused, nothing starts and the other sounds play on")
    func badInput() throws {
        let text = Self.directory + "/not-audio.wav"
        _ = FileManager.default.createFile(atPath: text, contents: Data("hello, not a sound".utf8))
        let badLoop = Self.wav("bad-loop.wav", [(330, 0.5)], loop: (30_000, 30_100))
        let h = try Harness()
        try h.runtime.play("beep", options: .init(loop: true))
        try h.render(seconds: 0.2)
        for path in [Self.directory + "/missing.wav", text, badLoop] {
            #expect(throws: GameSoundError.self) { try h.runtime.playStream(path) }
        }
        do {
            try h.runtime.playStream(badLoop)
        } catch {
            #expect("\(error)".contains("loop"), "the message names the loop: \(error)")
        }
        #expect(throws: GameSoundError.unknownBus("nowhere")) { try h.runtime.playStream(TestAssets.soundtrackPath, bus: "nowhere") }
        let voice = try h.runtime.playStream(TestAssets.soundtrackPath)
        #expect(throws: GameSoundError.self) { try h.runtime.setVoice(voice, pitch: 2) }
        let frames = try h.render(seconds: 0.3)
        #expect(h.beepPower(frames) > 0.01 && h.trackPower(frames) > 0.01)
    }
}
