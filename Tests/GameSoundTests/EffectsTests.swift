// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioEncoding
import AudioFiles
import Foundation
import GameSound
import Testing

/// Effects: the voice pool, placement, loading, and every kind of misuse.
@Suite("Effects")
struct EffectsTests {
    @Test("gain, pan and stop are heard: half gain halves the level, pan left puts the sound left, stop silences")
    func gainPanStop() throws {
        let h = try Harness(soundtrack: false)
        try h.runtime.play("beep")
        let full = try h.render(seconds: 0.1)
        try h.runtime.stopAllEffects()
        try h.render(seconds: 0.05)
        try h.runtime.play("beep", options: .init(gain: 0.5))
        let half = try h.render(seconds: 0.1)
        #expect(abs(h.rms(half) / h.rms(full) - 0.5) < 0.02)
        try h.runtime.stopAllEffects()
        try h.render(seconds: 0.05)
        let voice = try #require(try h.runtime.play("beep", options: .init(pan: -1)).voice)
        let left = try h.render(seconds: 0.1)
        let right = left.map { h.samples[$0 * 2 + 1] }
        #expect(h.rms(left) > 0.3)
        #expect(Signal.rms(right) < 0.01)
        try h.runtime.stop(voice)
        #expect(h.isSilent(try h.render(seconds: 0.05)))
    }

    @Test("a full pool steals the lowest-priority oldest voice, and refuses a sound every voice outranks")
    func voiceStealing() throws {
        let h = try Harness(soundtrack: false, voices: 4)
        var voices: [Voice] = []
        for priority in [5, 1, 1, 5] {
            voices.append(try #require(try h.runtime.play("beep", options: .init(loop: true, priority: priority)).voice))
        }
        #expect(h.runtime.voicesInUse == 4)
        let outcome = try h.runtime.play("beep", options: .init(priority: 1))
        #expect(outcome.voice != nil)
        guard case .played(_, let stole) = outcome else { Issue.record("not played"); return }
        #expect(stole == voices[1])  // priority 1, older than voices[2]
        #expect(try h.runtime.play("beep", options: .init(priority: 0)) == .dropped(.allVoicesOutrank))
        #expect(h.firstEvent("effectDropped")?["reason"] == .string("allVoicesOutrank"))
        try h.runtime.stop(voices[1])  // a stale handle: its voice now plays another sound, which keeps playing
        #expect(h.runtime.voicesInUse == 4)
        #expect(h.rms(try h.render(seconds: 0.05)) > 0.1)
    }

    @Test("finished one-shots give their voices back")
    func voicesAreReleased() throws {
        let h = try Harness(soundtrack: false, voices: 2)
        try h.runtime.play("beep")
        try h.runtime.play("beep")
        try h.render(seconds: 0.5)  // the beep lasts 0.3 s
        #expect(h.runtime.voicesInUse == 0)
        #expect(try h.runtime.play("beep", options: .init(priority: -5)).voice != nil)
    }

    @Test("loops keep their voices until stopped; a stopped loop's voice is free again without stealing, and a finished one-shot beside a loop gives its voice back")
    func loopsAndOneShotsShareThePool() throws {
        let h = try Harness(soundtrack: false, voices: 2)
        let first = try #require(try h.runtime.play("beep", options: .init(loop: true)).voice)
        try h.runtime.play("beep", options: .init(loop: true))
        try h.render(seconds: 0.5)  // longer than the beep: loops keep going
        #expect(h.runtime.voicesInUse == 2)
        try h.runtime.stop(first)
        guard case .played(let voice, let stole) = try h.runtime.play("beep") else {
            Issue.record("the one-shot was dropped")
            return
        }
        #expect(stole == nil)
        #expect(voice.slot == first.slot)
        try h.render(seconds: 0.5)  // the one-shot ends, the loop plays on
        #expect(h.runtime.voicesInUse == 1)
        #expect(h.beepPower(try h.render(seconds: 0.1)) > 0.01)
    }

    @Test("an unknown effect name is a typed error, and what plays keeps playing")
    func unknownEffect() throws {
        let h = try Harness()
        try h.runtime.play("beep", options: .init(loop: true))
        #expect(throws: GameSoundError.unknownEffect("lazer")) { try h.runtime.play("lazer") }
        #expect(throws: GameSoundError.unknownEffect("lazer")) { try h.runtime.unload("lazer") }
        let after = try h.render(seconds: 0.1)
        #expect(h.beepPower(after) > 0.01 && h.trackPower(after) > 0.01)
    }

    @Test("bad play options are refused without touching the voices",
          arguments: [PlayOptions(gain: -1), PlayOptions(pitch: 0), PlayOptions(pan: 2), PlayOptions(gain: .nan)])
    func badOptions(options: PlayOptions) throws {
        let h = try Harness(soundtrack: false)
        #expect(throws: GameSoundError.self) { try h.runtime.play("beep", options: options) }
        #expect(h.runtime.voicesInUse == 0)
    }

    @Test("a file that fails to decode is a typed error naming it, and the loaded sounds stay")
    func brokenFile() throws {
        let h = try Harness()
        let path = TestAssets.directory + "/broken.wav"
        _ = FileManager.default.createFile(atPath: path, contents: Data("RIFF\u{4}\u{0}\u{0}\u{0}WAVEjunk".utf8))
        #expect(throws: GameSoundError.decoding(AudioFileError(file: path, reason: .truncatedChunk("junk")))) {
            try h.runtime.preload("broken", path: path)
        }
        #expect(h.runtime.loadedEffects == ["beep"])
        try h.runtime.play("beep")
        #expect(h.beepPower(try h.render(seconds: 0.1)) > 0.01)
    }

    @Test("a bank preloads in parallel, reports progress and failures, and each sound plays")
    func bankPreload() throws {
        let folder = TestAssets.directory + "/bank-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 0..<6 {
            let tone = PCMBuffer(format: .init(sampleRate: 48_000, channelCount: 1),
                                 samples: Signal.sine(frequency: 300 + 100 * Double(index), frameCount: 4_800, sampleRate: 48_000))
            let bytes = index.isMultiple(of: 2) ? try VorbisEncoder.encode(tone) : WAVEncoder.encode(tone, as: .pcm16)
            _ = FileManager.default.createFile(atPath: folder + "/tone\(index)." + (index.isMultiple(of: 2) ? "ogg" : "wav"),
                                               contents: Data(bytes))
        }
        _ = FileManager.default.createFile(atPath: folder + "/bad.ogg", contents: Data("OggS-not-really".utf8))
        _ = FileManager.default.createFile(atPath: folder + "/notes.txt", contents: Data("ignored".utf8))
        let h = try Harness(soundtrack: false)
        let calls = EventRecorderCounter()
        let report = try h.runtime.preloadBank(folder: folder) { done, total in calls.record(done, total) }
        #expect(report.loaded == (0..<6).map { "tone\($0)" })
        #expect(report.failed.keys.sorted() == ["bad"])
        #expect(calls.maxDone == 7 && calls.total == 7)
        try h.runtime.play("tone3")
        let heard = try h.render(seconds: 0.05)
        // A centred mono sound reaches each channel at about 0.6 of its level: power ≈ (0.5 × 0.6)² / 2.
        #expect(Signal.power(at: 600, in: h.left(heard), sampleRate: 48_000) > 0.03)
        #expect(Signal.power(at: 500, in: h.left(heard), sampleRate: 48_000) < 0.001)
        #expect(throws: GameSoundError.self) { try h.runtime.preloadBank(folder: folder + "/missing") }
    }

    @Test("unload frees the sound and stops its voices; other sounds play on")
    func unload() throws {
        let h = try Harness()
        try h.runtime.play("beep", options: .init(loop: true))
        try h.runtime.unload("beep")
        #expect(h.runtime.loadedEffects.isEmpty)
        let after = try h.render(seconds: 0.1)
        #expect(h.beepPower(after) < 1e-6)
        #expect(h.trackPower(after) > 0.01)
    }

    @Test("a sound unloaded or replaced during a call ends its voices at the call, suspended or rebuilt; none plays on after it",
          arguments: [GameSoundConfiguration.InterruptionStrategy.suspendContext, .rebuildContext], [false, true])
    func unloadDuringACall(strategy: GameSoundConfiguration.InterruptionStrategy, replace: Bool) throws {
        let h = try Harness(strategy: strategy)
        try h.runtime.play("beep", options: .init(loop: true))
        try h.render(seconds: 0.1)
        try h.perform("phone.ring")
        try h.render(seconds: 0.05)
        let call = h.frame
        if replace { try h.runtime.preload("beep", sound: TestAssets.beep) } else { try h.runtime.unload("beep") }
        let ended = h.events.filter { $0.name == "voiceEnded" }
        #expect(ended.map(\.frame) == [call], "the voice ends at the call, not when the context is back: \(h.eventNames)")
        try h.render(seconds: 0.1)
        try h.perform("phone.decline")
        let after = try h.render(seconds: 0.3)
        #expect(h.runtime.isRunning)
        #expect(h.runtime.voicesInUse == 0)
        #expect(h.beepPower(after) < 1e-6, "nothing of the beep after the call")
        #expect(h.trackPower(after) > 0.01, "the soundtrack plays on")
        #expect(h.events.filter { $0.name == "voiceEnded" }.count == 1)
    }

    @Test("calls on a stopped runtime throw stopped and never crash")
    func stoppedRuntime() throws {
        let h = try Harness()
        h.runtime.shutdown()
        h.runtime.shutdown()
        #expect(throws: GameSoundError.stopped) { try h.runtime.play("beep") }
        #expect(throws: GameSoundError.stopped) { try h.runtime.render(frames: 10) }
        #expect(throws: GameSoundError.stopped) { try h.runtime.playSoundtrack() }
        #expect(throws: GameSoundError.stopped) { try h.runtime.preload("x", sound: TestAssets.beep) }
        #expect(!h.runtime.isRunning)
    }

    @Test("many threads playing, stopping and querying at once: no crash, and the pool stays within its size")
    func manyThreads() async throws {
        let h = try Harness(voices: 8)
        let runtime = h.runtime
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for index in 0..<200 {
                        if let voice = try? runtime.play("beep", options: .init(priority: index % 3)).voice, index % 5 == 0 {
                            _ = try? runtime.stop(voice)
                        }
                        _ = runtime.voicesInUse
                        _ = runtime.soundtrackPosition
                        if worker == 0, index % 20 == 0 { _ = try? runtime.render(frames: 256) }
                    }
                }
            }
        }
        #expect(runtime.voicesInUse <= 8)
        #expect(runtime.liveOpenALObjects.sources <= 8 + 1)
        #expect(h.trackPower(try h.render(seconds: 0.1)) > 0.01)
    }

    @Test("a stop while inactive with a live context (activation refused in the background after a reset) silences the voice")
    func stopWhileInactiveWithContext() throws {
        let h = try Harness(policy: .effectsPlusSoundtrack, soundtrack: false)
        let voice = try #require(try h.runtime.play("beep", options: PlayOptions(loop: true)).voice)
        try h.render(seconds: 0.1)
        try h.perform("app.background")
        try h.perform("mediaServices.lose")
        try h.perform("mediaServices.reset")  // rebuilt and the voice replayed; activation refused in the background
        try h.render(seconds: 0.1)
        #expect(!h.runtime.isRunning)
        try h.runtime.stop(voice)
        try h.perform("app.foreground")
        let after = try h.render(seconds: 0.3)
        #expect(h.runtime.isRunning, "\(h.eventNames)")
        #expect(h.isSilent(after), "the stopped voice stays stopped")
    }
}

/// Records progress callbacks from several threads.
final class EventRecorderCounter: Sendable {
    private let state = Mutex<(done: Int, total: Int)>((0, 0))
    func record(_ done: Int, _ total: Int) { state.withLock { $0 = (max($0.done, done), total) } }
    var maxDone: Int { state.withLock { $0.done } }
    var total: Int { state.withLock { $0.total } }
}

import Synchronization
