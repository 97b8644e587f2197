// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioFiles
import AudioSession
import Foundation
import GameSound
import OpenAL
import Synchronization
import Testing

/// Issue 37: in real time, a game's call that changes what sounds decides on the spot and leaves
/// its OpenAL writes to the runtime's update thread, which is woken for them.
@Suite("A game's calls in real time", .serialized)
struct GameThreadCallsTests {
    private static let rate = 44_100

    /// A looping tone, 1.5 s long.
    private static let tone = PCMBuffer(format: PCMFormat(sampleRate: rate, channelCount: 1),
                                        samples: Signal.sine(frequency: 330, amplitude: 0.2, frameCount: rate * 3 / 2, sampleRate: rate))

    private static func runtime() throws -> GameSoundRuntime {
        OpenALProcess.setDrivers("null")
        let runtime = try GameSoundRuntime(configuration: .init(output: .realtime(), voices: 8), system: SimulatedSystem())
        try runtime.preload("tone", sound: tone)
        return runtime
    }

    @Test("play, a voice's gain, pitch and place, a bus, the listener, Doppler, the distance model, stop, a fade-out and stopping every effect make no OpenAL call on the game's thread; the update thread makes them at once")
    func callsLeaveOpenALToTheUpdateThread() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        OpenALProcess.countCalls()
        let before = OpenALProcess.callsOnCurrentThread
        var kept: Voice?
        for round in 0..<50 {
            let options = PlayOptions(gain: 0.5, position: SIMDPosition(x: 1, y: 0, z: -1), loop: true)
            let voice = try #require(try runtime.play("tone", options: options).voice, "round \(round): the voice did not play")
            #expect(try runtime.setVoice(voice, gain: 0.8, pitch: 1.1, position: SIMDPosition(x: Float(round), y: 0, z: -1)))
            try runtime.setBusVolume(.effects, 0.9)
            try runtime.setListener(position: SIMDPosition(x: 0, y: 0, z: Float(round) * 0.01))
            try runtime.setDoppler(factor: round % 2 == 0 ? 1 : 0.5)
            try runtime.setDistanceModel(round % 2 == 0 ? .inverseClamped : .linearClamped)
            if round < 49 { #expect(try runtime.stop(voice)) } else { kept = voice }
        }
        let made = OpenALProcess.callsOnCurrentThread - before
        #expect(made == 0, "the game's thread made \(made) OpenAL calls")

        // The update thread made them as they came: 150 ms later the kept voice has played for
        // nearly all of that time in OpenAL (less a period of the mixer, 1 024 frames at 48 kHz),
        // where the model's clock says, and the 49 others are over.
        Thread.sleep(forTimeInterval: 0.15)
        let voice = try #require(kept)
        let offsets = try #require(runtime.voiceOffsets(voice))
        let played = Double(offsets.openAL) / (Double(Self.rate) * 1.1)
        #expect(played >= 0.1, "the voice had played \(played) s of its sound 0.15 s after the call")
        #expect(abs(offsets.model - offsets.openAL) <= 16, "model \(offsets.model), OpenAL \(offsets.openAL)")
        #expect(runtime.voicesInUse == 1)

        // Stopping every effect and a fade-out: no OpenAL call either, and they are made.
        let again = OpenALProcess.callsOnCurrentThread
        try runtime.stopAllEffects()
        let last = try #require(try runtime.play("tone", options: .init(loop: true)).voice, "the last voice did not play")
        #expect(try runtime.stop(last, fade: 0.05))
        #expect(OpenALProcess.callsOnCurrentThread == again, "stopping every effect or fading out called OpenAL")
        Thread.sleep(forTimeInterval: 0.15)
        #expect(runtime.voicesInUse == 0)
    }

    @Test("pausing and resuming a voice or a stream makes no OpenAL call on the game's thread; the update thread pauses and resumes it at once")
    func pauseAndResumeLeaveOpenALToTheUpdateThread() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        let voice = try #require(try runtime.play("tone", options: .init(loop: true)).voice, "the voice did not play")
        let stream = try runtime.playStream(TestAssets.soundtrackPath)
        Thread.sleep(forTimeInterval: 0.1)
        let playing = try #require(runtime.voiceOffsets(voice)).openAL

        OpenALProcess.countCalls()
        let before = OpenALProcess.callsOnCurrentThread
        #expect(try runtime.pause(voice))
        #expect(try runtime.pause(stream))
        #expect(OpenALProcess.callsOnCurrentThread == before, "pausing called OpenAL on the game's thread")
        #expect(try runtime.state(of: voice) == .paused)

        // Made at once: 0.15 s later the source stands where it was when the call came (give or
        // take a mixer period and a busy machine's slack: under 0.1 s), not 0.15 s further on, and
        // where the model's clock says. Were the pause made only by the query below, it would have
        // played on till then.
        Thread.sleep(forTimeInterval: 0.15)
        let paused = try #require(runtime.voiceOffsets(voice))
        #expect(paused.openAL - playing < Self.rate / 10, "the voice played \(paused.openAL - playing) frames after its pause")
        #expect(abs(paused.model - paused.openAL) <= 16, "model \(paused.model), OpenAL \(paused.openAL)")
        let streamPaused = try #require(runtime.streamOffsets(stream)).openAL
        Thread.sleep(forTimeInterval: 0.1)
        #expect(try #require(runtime.voiceOffsets(voice)).openAL == paused.openAL, "a paused voice moved")
        #expect(try #require(runtime.streamOffsets(stream)).openAL == streamPaused, "a paused stream moved")

        let again = OpenALProcess.callsOnCurrentThread
        #expect(try runtime.resume(voice))
        #expect(try runtime.resume(stream))
        #expect(OpenALProcess.callsOnCurrentThread == again, "resuming called OpenAL on the game's thread")
        Thread.sleep(forTimeInterval: 0.15)
        let resumed = try #require(runtime.voiceOffsets(voice))
        #expect(resumed.openAL - paused.openAL >= Self.rate / 20, "the voice played \(resumed.openAL - paused.openAL) frames in 0.15 s after it resumed")
        #expect(abs(resumed.model - resumed.openAL) <= 16, "model \(resumed.model), OpenAL \(resumed.openAL)")
        #expect(try #require(runtime.streamOffsets(stream)).openAL != streamPaused, "the stream did not move after it resumed")
    }

    @Test("stopping a stream makes no OpenAL call on the game's thread; the update thread destroys its player at once")
    func streamStopLeavesOpenALToTheUpdateThread() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        let stream = try runtime.playStream(TestAssets.soundtrackPath)
        Thread.sleep(forTimeInterval: 0.1)
        #expect(runtime.streamOffsets(stream) != nil, "the stream has no player")
        let sources = runtime.liveOpenALObjects.sources
        OpenALProcess.countCalls()
        let before = OpenALProcess.callsOnCurrentThread
        #expect(try runtime.stop(stream))
        #expect(OpenALProcess.callsOnCurrentThread == before, "stopping a stream called OpenAL on the game's thread")
        #expect(try runtime.state(of: stream) == .ended)
        Thread.sleep(forTimeInterval: 0.1)
        #expect(runtime.liveOpenALObjects.sources == sources - 1, "the stream's source is still there")
    }

    @Test("pausing and resuming a bus makes no OpenAL call on the game's thread; the update thread pauses and resumes its voices and streams at once")
    func busPauseLeavesOpenALToTheUpdateThread() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        let voice = try #require(try runtime.play("tone", options: .init(loop: true)).voice, "the voice did not play")
        let stream = try runtime.playStream(TestAssets.soundtrackPath, bus: .effects)
        Thread.sleep(forTimeInterval: 0.1)
        let playing = try #require(runtime.voiceOffsets(voice)).openAL

        OpenALProcess.countCalls()
        let before = OpenALProcess.callsOnCurrentThread
        try runtime.setBusPaused(.effects, true)
        #expect(OpenALProcess.callsOnCurrentThread == before, "pausing a bus called OpenAL on the game's thread")
        #expect(try runtime.state(of: voice) == .paused)
        #expect(try runtime.state(of: stream) == .paused)

        // Made at once (as a voice's own pause, above): the sources stand, where the model says.
        Thread.sleep(forTimeInterval: 0.15)
        let paused = try #require(runtime.voiceOffsets(voice))
        #expect(paused.openAL - playing < Self.rate / 10, "the voice played \(paused.openAL - playing) frames after its bus paused")
        #expect(abs(paused.model - paused.openAL) <= 16, "model \(paused.model), OpenAL \(paused.openAL)")
        let streamPaused = try #require(runtime.streamOffsets(stream))
        #expect(abs(streamPaused.model - streamPaused.openAL) <= 16, "model \(streamPaused.model), OpenAL \(streamPaused.openAL)")
        Thread.sleep(forTimeInterval: 0.1)
        #expect(try #require(runtime.voiceOffsets(voice)).openAL == paused.openAL, "a paused bus's voice moved")
        #expect(try #require(runtime.streamOffsets(stream)).openAL == streamPaused.openAL, "a paused bus's stream moved")

        let again = OpenALProcess.callsOnCurrentThread
        try runtime.setBusPaused(.effects, false)
        #expect(OpenALProcess.callsOnCurrentThread == again, "resuming a bus called OpenAL on the game's thread")
        // The music bus, with the soundtrack on it, too.
        try runtime.playSoundtrack(TestAssets.soundtrackPath)
        Thread.sleep(forTimeInterval: 0.1)
        let music = OpenALProcess.callsOnCurrentThread
        try runtime.setBusPaused(.music, true)
        try runtime.setBusPaused(.music, false)
        #expect(OpenALProcess.callsOnCurrentThread == music, "pausing the music bus called OpenAL on the game's thread")
        Thread.sleep(forTimeInterval: 0.15)
        let resumed = try #require(runtime.voiceOffsets(voice))
        #expect(resumed.openAL - paused.openAL >= Self.rate / 20, "the voice played \(resumed.openAL - paused.openAL) frames in 0.15 s after its bus resumed")
        #expect(abs(resumed.model - resumed.openAL) <= 16, "model \(resumed.model), OpenAL \(resumed.openAL)")
        #expect(try #require(runtime.streamOffsets(stream)).openAL > streamPaused.openAL, "the stream did not move after its bus resumed")
    }

    @Test("setting the environment makes no OpenAL call on the game's thread, the first time (its reverb's slots) and after (a crossfade); the update thread makes the slots at once")
    func environmentLeavesOpenALToTheUpdateThread() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        let voice = try #require(try runtime.play("tone", options: .init(loop: true)).voice)
        Thread.sleep(forTimeInterval: 0.05)
        OpenALProcess.countCalls()
        let before = OpenALProcess.callsOnCurrentThread
        try runtime.setEnvironment(.hall)
        #expect(OpenALProcess.callsOnCurrentThread == before, "the first environment called OpenAL on the game's thread")
        #expect(runtime.environment == .hall)
        Thread.sleep(forTimeInterval: 0.1)
        let hall = runtime.reverbTailFrames()
        #expect(hall > 0, "no reverb is heard 0.1 s after the first environment")
        let again = OpenALProcess.callsOnCurrentThread
        try runtime.setEnvironment(.cave, over: 0.05)
        #expect(OpenALProcess.callsOnCurrentThread == again, "an environment's crossfade called OpenAL on the game's thread")
        Thread.sleep(forTimeInterval: 0.2)
        #expect(runtime.reverbTailFrames() > 0 && runtime.reverbTailFrames() != hall, "the cave's reverb is not the one heard")
        #expect(try runtime.state(of: voice) == .playing)
    }

    @Test("a game's queries (a voice's state, a stream's position, a bus, the listener, the runtime's state, the voices in use, the meters) answer at once while a sound uploads on a loading thread: they wait for no OpenAL work")
    func queriesDoNotWaitForOpenALWork() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        let voice = try #require(try runtime.play("tone", options: .init(loop: true)).voice, "the voice did not play")
        let stream = try runtime.playStream(TestAssets.soundtrackPath)
        // A one-shot of 0.25 s: it plays out during the stall below, when the update thread cannot
        // notice; the queries say so by its clock.
        try runtime.preload("blip", sound: PCMBuffer(format: PCMFormat(sampleRate: Self.rate, channelCount: 1),
                                                     samples: Signal.sine(frequency: 880, amplitude: 0.2, frameCount: Self.rate / 4, sampleRate: Self.rate)))
        let blip = try #require(try runtime.play("blip").voice, "the one-shot did not play")
        Thread.sleep(forTimeInterval: 0.1)
        let big = Self.bigSound(seconds: 1)
        let loaded = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            // The upload stalls 0.6 s in alBufferData, holding the runtime's OpenAL work lock.
            OpenALProcess.stallNextCalls(of: "alBufferData", seconds: 0.6, on: pthread_self())
            _ = try? runtime.preload("big", sound: big)
            loaded.signal()
        }
        Thread.sleep(forTimeInterval: 0.1)
        var slowest = Duration.zero
        var uploadingAfterFirstRound = false
        var positions: [Int] = []
        var blipStates: [VoiceState] = []
        for round in 0..<20 {
            let start = ContinuousClock.now
            #expect(try runtime.state(of: voice) == .playing)
            #expect(try runtime.state(of: stream) == .playing)
            blipStates.append(try runtime.state(of: blip))
            positions.append(try #require(try runtime.position(of: stream)))
            #expect(runtime.busVolume(.effects) == 1)
            #expect(runtime.buses.count == BusName.standard.count)
            #expect(runtime.listener == Listener())
            #expect(runtime.environment == .none)
            #expect(runtime.isRunning && !runtime.isDucked && runtime.silenceCause == nil)
            #expect(Set(runtime.loadedEffects).isSuperset(of: ["blip", "tone"]))
            #expect(runtime.soundtrackPosition == nil)
            // The display's reads too: the voices in use and the meters, by the model's clocks.
            #expect(runtime.voicesInUse >= 1)
            let levels = runtime.levels
            #expect(levels.effects.left.peak > 0 && levels.soundtrack.left.peak > 0, "meters \(levels)")
            #expect(runtime.snapshot.voicesInUse >= 1)
            _ = runtime.isHRTFActive
            _ = runtime.currentFrame
            slowest = max(slowest, start.duration(to: .now))
            if round == 0 { uploadingAfterFirstRound = loaded.wait(timeout: .now()) == .timedOut }
            // A game polls once a frame or so; the stream's clock moves once a mixer period.
            Thread.sleep(forTimeInterval: 0.005)
        }
        // Waiting for the upload, a round would have taken the rest of its stall (about 0.5 s).
        #expect(uploadingAfterFirstRound, "the upload was over before the first round of queries was answered")
        #expect(slowest < .milliseconds(200), "the slowest round of queries took \(slowest) while a sound uploaded")
        #expect(loaded.wait(timeout: .now() + 3) == .success)
        // The stream's position is its clock's, read against the device's: it moved on meanwhile.
        #expect(positions == positions.sorted() && positions.last! > positions.first!, "positions \(positions)")
        #expect(blipStates.last == .ended, "the one-shot's states \(blipStates)")
        #expect(runtime.loadedEffects.sorted() == ["big", "blip", "tone"])
    }

    @Test("a soundtrack that runs dry (its refills held up longer than its queue lasts) stands still till it restarts: its position never goes back, and is then where OpenAL plays it")
    func aStreamThatRanDryKeepsItsPosition() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        try runtime.playSoundtrack(TestAssets.soundtrackPath)
        Thread.sleep(forTimeInterval: 0.2)
        let big = Self.bigSound(seconds: 1)
        // The upload holds the runtime's OpenAL work lock for 0.8 s, and with it the update's refills:
        // the track's four queued blocks (about 0.37 s) play out and its source stops.
        let loader = Thread {
            OpenALProcess.stallNextCalls(of: "alBufferData", seconds: 0.8, on: pthread_self())
            _ = try? runtime.preload("big", sound: big)
        }
        loader.start()
        // Asked every 20 ms meanwhile, its position never goes back: it stops where the source's
        // queue ends while the source is dry (the clock runs on then, not knowing), and goes on from
        // there when the source restarts.
        var positions: [Int] = []
        for _ in 0..<60 {
            positions.append(runtime.soundtrackPosition ?? -1)
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(positions == positions.sorted(), "positions \(positions)")
        #expect(runtime.soundtrackUnderruns >= 1, "the soundtrack never ran dry")
        // The model's clock used to run on through the gap: 23 412 frames ahead of OpenAL after it.
        let offsets = try #require(runtime.streamOffsets(nil))
        #expect(abs(offsets.model - offsets.openAL) <= 16, "model \(offsets.model), OpenAL \(offsets.openAL)")
        #expect(runtime.soundtrackPosition.map { abs($0 - offsets.openAL) < Self.rate / 10 } == true)
    }

    @Test("a voice whose writes are still to be made is a voice: it can be asked, changed and stopped at once")
    func aVoiceBeforeItsWrites() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        for _ in 0..<20 {
            let voice = try #require(try runtime.play("tone", options: .init(loop: true)).voice, "the voice did not play")
            #expect(try runtime.state(of: voice) == .playing)
            #expect(try runtime.setVoice(voice, gain: 0.3))
            #expect(try runtime.stop(voice))
            #expect(try runtime.state(of: voice) == .ended)
            #expect(try !runtime.stop(voice), "a second stop finds it ended")
        }
        Thread.sleep(forTimeInterval: 0.1)
        #expect(runtime.voicesInUse == 0)
    }

    @Test("a game's calls do not wait while the update thread makes OpenAL writes; a step that uses OpenAL does, and the writes follow")
    func callsDoNotWaitForOpenALWork() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        // Let the loop start and settle, then make the next alSourcePlay on the update thread stall
        // for 0.6 s, as an OpenAL call can (OpenAL Soft's locks, a server that does not answer).
        Thread.sleep(forTimeInterval: 0.05)
        let updateThread = try #require(runtime.updateThread)
        OpenALProcess.stallNextCalls(of: "alSourcePlay", seconds: 0.6, on: pthread_t(updateThread))
        let first = try #require(try runtime.play("tone", options: .init(gain: 0.5, loop: true)).voice, "the first voice did not play")
        // The update thread takes the play's writes and stalls in them, holding the runtime's OpenAL
        // work lock (not its lock).
        Thread.sleep(forTimeInterval: 0.05)
        let start = ContinuousClock.now
        var kept = [first]
        for round in 0..<20 {
            let voice = try #require(try runtime.play("tone", options: .init(gain: 0.5, loop: true)).voice, "round \(round): the voice did not play")
            #expect(try runtime.setVoice(voice, gain: 0.4, pitch: 1.05))
            try runtime.setBusVolume(.effects, 0.9)
            if round % 4 == 0 { kept.append(voice) } else { #expect(try runtime.stop(voice)) }
        }
        let calls = start.duration(to: .now)
        #expect(calls < .milliseconds(200), "80 calls took \(calls) while an OpenAL write stalled")

        // A query reads the model: it answers at once, inside the stall, and counts the voices kept.
        let asked = ContinuousClock.now
        let inUse = runtime.voicesInUse
        let answered = asked.duration(to: .now)
        #expect(answered < .milliseconds(100), "voicesInUse came back after \(answered), inside the 0.6 s stall")
        #expect(inUse == kept.count)
        // A step that uses OpenAL (counting the live objects) waits for the stalled write.
        let counting = ContinuousClock.now
        _ = runtime.liveOpenALObjects
        let waited = counting.duration(to: .now)
        #expect(waited >= .milliseconds(250), "liveOpenALObjects came back after \(waited), inside the 0.6 s stall")

        // Every write was made after it: each kept voice plays in OpenAL where the model's clock says.
        Thread.sleep(forTimeInterval: 0.1)
        for voice in kept {
            let offsets = try #require(runtime.voiceOffsets(voice))
            #expect(offsets.openAL > 0, "voice \(voice) has not played in OpenAL")
            #expect(abs(offsets.model - offsets.openAL) <= 16, "model \(offsets.model), OpenAL \(offsets.openAL)")
        }
    }

    @Test("a fade-out that ends while an update is running ends its voice at the next update, however long that update took")
    func fadeEndingDuringALongUpdate() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        let voice = try #require(try runtime.play("tone", options: .init(loop: true)).voice, "the voice did not play")
        // The play's writes made, the runtime quiet again (a looping voice never has an end check).
        Thread.sleep(forTimeInterval: 0.1)
        let updateThread = try #require(runtime.updateThread)
        // The first update after the call writes the fading gain and stalls there for 0.15 s, so it
        // starts before the 0.05 s fade ends and finishes after: it must not take the model as still
        // from where it finished, which the fade's end, never written, is not.
        OpenALProcess.stallNextCalls(of: "alSourcef", seconds: 0.15, on: pthread_t(updateThread))
        #expect(try runtime.stop(voice, fade: 0.05))
        Thread.sleep(forTimeInterval: 0.4)
        #expect(try runtime.state(of: voice) == .ended)
        #expect(runtime.voicesInUse == 0)
    }

    @Test("starting a stream makes no OpenAL call on the game's thread; the update thread makes its player at once")
    func streamStartLeavesOpenALToTheUpdateThread() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        OpenALProcess.countCalls()
        let before = OpenALProcess.callsOnCurrentThread
        let stream = try runtime.playStream(TestAssets.soundtrackPath, loop: true)
        #expect(OpenALProcess.callsOnCurrentThread == before, "starting a stream called OpenAL on the game's thread")
        #expect(try runtime.state(of: stream) == .playing)
        // Made at once: 0.15 s later its source has played most of that time, where its clock says.
        Thread.sleep(forTimeInterval: 0.15)
        let offsets = try #require(runtime.streamOffsets(stream))
        #expect(offsets.openAL >= 48_000 / 10, "the stream had played \(offsets.openAL) frames 0.15 s after the call")
        #expect(abs(offsets.model - offsets.openAL) <= 16, "model \(offsets.model), OpenAL \(offsets.openAL)")
    }

    /// A new path in the temporary folder, ending in `.ogg`.
    private static func temporaryPath(_ kind: String) -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("gamesound-\(kind)-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).ogg").path
    }

    /// A copy of the test soundtrack whose first block, the next time it is opened, decodes only
    /// after `seconds`: a copy of its own, so that the stall reaches no other test's stream.
    private static func slowStreamFile(stalling seconds: Double) throws -> String {
        let path = temporaryPath("slow")
        try FileManager.default.copyItem(atPath: TestAssets.soundtrackPath, toPath: path)
        GameSoundRuntime.stallFirstStreamBlock(ofNextFileAt: path, seconds: seconds)
        return path
    }

    @Test("the soundtrack's calls make no OpenAL call on the game's thread and do not wait for its first blocks: the track stands at its start until they are there, then plays, pauses, resumes and stops where OpenAL says")
    func soundtrackCallsLeaveOpenALToTheUpdateThread() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        let slow = try Self.slowStreamFile(stalling: 0.3)
        defer { try? FileManager.default.removeItem(atPath: slow) }
        OpenALProcess.countCalls()
        let before = OpenALProcess.callsOnCurrentThread
        let start = ContinuousClock.now
        try runtime.playSoundtrack(slow)
        let took = start.duration(to: .now)
        #expect(took < .milliseconds(150), "playSoundtrack took \(took) while its first block stalled 0.3 s")
        #expect(OpenALProcess.callsOnCurrentThread == before, "playSoundtrack called OpenAL on the game's thread")
        Thread.sleep(forTimeInterval: 0.15)
        #expect(runtime.soundtrackPosition == 0, "the track moved before its first blocks were there")
        #expect(!runtime.isSoundtrackPlaying)
        Thread.sleep(forTimeInterval: 0.4)
        let playing = try #require(runtime.streamOffsets(nil), "the track has no player after its blocks came")
        #expect(playing.openAL > 0 && abs(playing.model - playing.openAL) <= 16, "model \(playing.model), OpenAL \(playing.openAL)")
        #expect(runtime.isSoundtrackPlaying)

        let again = OpenALProcess.callsOnCurrentThread
        try runtime.pauseSoundtrack()
        try runtime.setSoundtrackVolume(0.5)
        #expect(OpenALProcess.callsOnCurrentThread == again, "pausing the soundtrack called OpenAL on the game's thread")
        Thread.sleep(forTimeInterval: 0.15)
        let paused = try #require(runtime.streamOffsets(nil))
        #expect(abs(paused.model - paused.openAL) <= 16, "model \(paused.model), OpenAL \(paused.openAL)")
        Thread.sleep(forTimeInterval: 0.1)
        #expect(try #require(runtime.streamOffsets(nil)).openAL == paused.openAL, "the paused track moved")

        let resumedAt = OpenALProcess.callsOnCurrentThread
        try runtime.resumeSoundtrack()
        #expect(OpenALProcess.callsOnCurrentThread == resumedAt, "resuming the soundtrack called OpenAL on the game's thread")
        Thread.sleep(forTimeInterval: 0.15)
        let resumed = try #require(runtime.streamOffsets(nil))
        #expect(resumed.openAL > paused.openAL && abs(resumed.model - resumed.openAL) <= 16, "model \(resumed.model), OpenAL \(resumed.openAL)")

        let stoppedAt = OpenALProcess.callsOnCurrentThread
        try runtime.crossfadeSoundtrack(to: TestAssets.soundtrackPath, duration: 0.1)
        try runtime.stopSoundtrack()
        #expect(OpenALProcess.callsOnCurrentThread == stoppedAt, "crossfading and stopping the soundtrack called OpenAL on the game's thread")
        Thread.sleep(forTimeInterval: 0.2)
        #expect(!runtime.isSoundtrackPlaying)
        #expect(runtime.soundtrackPosition == nil)
        #expect(runtime.liveOpenALObjects.sources == 8, "a track's player is left: \(runtime.liveOpenALObjects.sources) sources")
    }

    @Test("a soundtrack whose file cannot be opened fails in the call in real time too: soundtrackFailed is logged, everything else plays on")
    func soundtrackThatDoesNotOpen() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        let events = Mutex<[String]>([])
        let observation = runtime.addEventObserver { event in events.withLock { $0.append(event.name) } }
        defer { observation.cancel() }
        let voice = try #require(try runtime.play("tone", options: .init(loop: true)).voice)
        try runtime.playSoundtrack("/nonexistent/gamesound-missing.ogg")
        #expect(events.withLock { $0.contains("soundtrackFailed") })
        #expect(runtime.soundtrackPosition == nil)
        try runtime.playSoundtrack(TestAssets.soundtrackPath)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(runtime.isSoundtrackPlaying, "a good track after a bad one does not play")
        #expect(try runtime.state(of: voice) == .playing)
    }

    @Test("crossfading to a file that cannot be opened fails in the call, once: the file is not opened again on the update thread; the old track fades out")
    func crossfadeToATrackThatDoesNotOpen() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        let caller = pthread_self()
        let failures = Mutex<[Bool]>([])  // for each soundtrackFailed: whether it came on the caller's thread
        let observation = runtime.addEventObserver { event in
            if event.name == "soundtrackFailed" { failures.withLock { $0.append(pthread_equal(pthread_self(), caller) != 0) } }
        }
        defer { observation.cancel() }
        try runtime.playSoundtrack(TestAssets.soundtrackPath)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(runtime.isSoundtrackPlaying)
        try runtime.crossfadeSoundtrack(to: "/nonexistent/gamesound-missing.ogg", duration: 0.1)
        #expect(failures.withLock { $0 } == [true], "soundtrackFailed in the call, on the caller's thread")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(failures.withLock { $0 } == [true], "soundtrackFailed after the call: \(failures.withLock { $0 })")
        #expect(!runtime.isSoundtrackPlaying)
        #expect(runtime.liveOpenALObjects.sources == 8, "the old track's player is left: \(runtime.liveOpenALObjects.sources) sources")
    }

    @Test("a stream stopped or paused while its first blocks decode: the stopped one never gets a player and its decoding stops; the paused one gets a player that stands at its start until resumed")
    func streamStoppedOrPausedWhileDecoding() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        let stopped = try Self.slowStreamFile(stalling: 0.3)
        let paused = try Self.slowStreamFile(stalling: 0.3)
        defer { unlink(stopped); unlink(paused) }
        let sourcesBefore = runtime.liveOpenALObjects.sources
        let first = try runtime.playStream(stopped, loop: true)
        let second = try runtime.playStream(paused, loop: true)
        #expect(try runtime.stop(first))
        #expect(try runtime.pause(second))
        #expect(try runtime.state(of: first) == .ended)
        // Both files' first blocks are there soon after 0.3 s: only the paused stream has a player
        // (one source).
        Thread.sleep(forTimeInterval: 0.6)
        #expect(runtime.liveOpenALObjects.sources == sourcesBefore + 1, "sources \(runtime.liveOpenALObjects.sources), \(sourcesBefore) before")
        #expect(try runtime.state(of: second) == .paused)
        let cued = try #require(runtime.streamOffsets(second), "the paused stream has no player")
        #expect(cued.openAL == 0 && cued.model == 0, "the paused stream moved: \(cued)")
        // Resumed, it plays from its start, where its clock says.
        #expect(try runtime.resume(second))
        Thread.sleep(forTimeInterval: 0.15)
        let offsets = try #require(runtime.streamOffsets(second))
        #expect(offsets.openAL >= 48_000 / 10, "the resumed stream had played \(offsets.openAL) frames 0.15 s later")
        #expect(abs(offsets.model - offsets.openAL) <= 16, "model \(offsets.model), OpenAL \(offsets.openAL)")
    }

    @Test("a stream whose decoding stalls holds no other stream up: another one started after it plays at once")
    func aStalledStreamHoldsNoOtherUp() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        let slow = try Self.slowStreamFile(stalling: 0.6)
        defer { unlink(slow) }
        let stalled = try runtime.playStream(slow, loop: true)
        let other = try runtime.playStream(TestAssets.soundtrackPath, loop: true)
        // 0.25 s later the other one has played most of that time; the stalled one has no player yet.
        Thread.sleep(forTimeInterval: 0.25)
        let offsets = try #require(runtime.streamOffsets(other), "the other stream had no player 0.25 s after its call")
        #expect(offsets.openAL >= 48_000 / 10, "the other stream had played \(offsets.openAL) frames")
        #expect(runtime.streamOffsets(stalled) == nil, "the stalled stream had a player before its first block came")
        // And the stalled one plays once its blocks come.
        Thread.sleep(forTimeInterval: 0.6)
        #expect(runtime.streamOffsets(stalled).map { $0.openAL > 0 } == true, "the stalled stream never played")
    }

    @Test("starting a stream does not wait for its first blocks: the call returns while they decode, the stream stands at its start meanwhile, and the update thread gives it its player when they are there, its clock starting then")
    func streamStartDoesNotWaitForDecoding() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        let path = try Self.slowStreamFile(stalling: 0.3)
        defer { unlink(path) }
        let start = ContinuousClock.now
        let stream = try runtime.playStream(path, loop: true)
        let took = start.duration(to: .now)
        #expect(took < .milliseconds(150), "playStream took \(took) while its first blocks decoded")
        #expect(try runtime.state(of: stream) == .playing)
        // While they decode: no player, and the stream stands at its start.
        Thread.sleep(forTimeInterval: 0.1)
        #expect(runtime.streamOffsets(stream) == nil, "the stream had a player before its first blocks were decoded")
        #expect(try runtime.position(of: stream) == 0)
        // They are there from 0.3 s on. At 0.55 s the stream has played since then, not since the
        // call (0.55 s, 26 400 frames of its 48 kHz file), where its clock says.
        Thread.sleep(forTimeInterval: 0.45)
        let offsets = try #require(runtime.streamOffsets(stream), "the stream had no player 0.55 s after the call")
        #expect(offsets.openAL >= 48_000 / 10, "the stream had played \(offsets.openAL) frames 0.25 s after its blocks came")
        #expect(offsets.openAL <= 48_000 * 45 / 100, "the stream had played \(offsets.openAL) frames: its clock ran before its player")
        #expect(abs(offsets.model - offsets.openAL) <= 16, "model \(offsets.model), OpenAL \(offsets.openAL)")
    }

    @Test("a stream's file is opened before the runtime's lock: while one thread's playStream waits for its file, another thread's calls go on; the waiting one then fails alone")
    func streamFileIsOpenedOffTheLock() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        // A named pipe: opening it for reading waits until a writer opens it, as a file on a slow or
        // sleeping disk makes the opener wait.
        let fifo = Self.temporaryPath("fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let failure = Mutex<GameSoundError?>(nil)
        let returned = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do throws(GameSoundError) {
                _ = try runtime.playStream(fifo, loop: false)
            } catch {
                failure.withLock { $0 = error }
            }
            returned.signal()
        }
        // The writer comes after 1 s whatever happens, and goes with nothing written.
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 1)
            close(open(fifo, O_WRONLY))
        }
        Thread.sleep(forTimeInterval: 0.1)
        let start = ContinuousClock.now
        let voice = try #require(try runtime.play("tone", options: .init(loop: true)).voice, "the voice did not play")
        #expect(try runtime.stop(voice))
        #expect(runtime.voicesInUse == 0)
        let took = start.duration(to: .now)
        #expect(took < .milliseconds(300), "three calls took \(took) while another thread's stream waited for its file")
        #expect(returned.wait(timeout: .now() + 5) == .success)
        guard case .decoding = try #require(failure.withLock { $0 }) else {
            Issue.record("expected a decoding error, got \(String(describing: failure.withLock { $0 }))")
            return
        }
        // Nothing of the failed stream is left, and the runtime plays on.
        #expect(runtime.voicesInUse == 0)
        #expect(try runtime.play("tone").voice != nil, "a play after the failed stream did not play")
    }

    /// A stereo sine of `seconds`: a sound large enough to load or free on a thread of its own.
    private static func bigSound(seconds: Int) -> PCMBuffer<Float> {
        PCMBuffer(format: PCMFormat(sampleRate: rate, channelCount: 2),
                  samples: Signal.sine(frequency: 220, amplitude: 0.2, frameCount: rate * seconds, sampleRate: rate))
    }

    /// Runs `work` on a thread whose next call of OpenAL's `stalled` function takes 0.5 s longer,
    /// and checks that 20 plays and stops on this thread meanwhile take well under that; then that
    /// `work` finished without an error.
    ///
    /// - Parameter dropping: The plays may be dropped (media services are lost meanwhile): a dropped
    ///   one has nothing to stop.
    private static func expectCallsGoOn(_ runtime: GameSoundRuntime, whileStalling stalled: String, in what: String, dropping: Bool = false,
                                        _ work: @escaping @Sendable () throws(GameSoundError) -> Void) throws {
        let done = DispatchSemaphore(value: 0)
        let failure = Mutex<GameSoundError?>(nil)
        Thread.detachNewThread {
            OpenALProcess.stallNextCalls(of: stalled, seconds: 0.5, on: pthread_self())
            do throws(GameSoundError) { try work() } catch { failure.withLock { $0 = error } }
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.1)
        let start = ContinuousClock.now
        for round in 0..<20 {
            let outcome = try runtime.play("tone")
            if dropping, outcome.voice == nil { continue }
            let voice = try #require(outcome.voice, "round \(round): the voice did not play")
            #expect(try runtime.stop(voice))
        }
        let took = start.duration(to: .now)
        #expect(took < .milliseconds(200), "20 plays and stops took \(took) while another thread was \(what)")
        #expect(done.wait(timeout: .now() + 3) == .success)
        #expect(failure.withLock { $0 } == nil)
    }

    @Test("loading a sound holds no game thread's calls up: its buffer is filled without the runtime's lock, then published, and it plays")
    func loadingHoldsNoCallUp() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        let big = Self.bigSound(seconds: 4)
        // The loading thread's upload stalls 0.5 s in alBufferData, as a large sound's copy would.
        try Self.expectCallsGoOn(runtime, whileStalling: "alBufferData", in: "loading a sound") { () throws(GameSoundError) in
            try runtime.preload("big", sound: big)
        }
        #expect(try runtime.play("big").voice != nil, "the loaded sound did not play")
        #expect(runtime.liveOpenALObjects.buffers == 2)
    }

    @Test("replacing or unloading a sound frees the old one's buffer without the runtime's lock: a game thread's calls go on while it is deleted")
    func freeingASoundHoldsNoCallUp() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        let big = Self.bigSound(seconds: 1)
        try runtime.preload("big", sound: big)
        // The old buffer's deletion stalls 0.5 s, as freeing a large sound can.
        try Self.expectCallsGoOn(runtime, whileStalling: "alDeleteBuffers", in: "replacing a sound") { () throws(GameSoundError) in
            try runtime.preload("big", sound: big)
        }
        #expect(runtime.liveOpenALObjects.buffers == 2, "the old buffer is not gone, or the new one not there")
        try Self.expectCallsGoOn(runtime, whileStalling: "alDeleteBuffers", in: "unloading a sound") { () throws(GameSoundError) in
            try runtime.unload("big")
        }
        #expect(runtime.liveOpenALObjects.buffers == 1, "the unloaded sound's buffer is left")
        #expect(throws: GameSoundError.unknownEffect("big")) { try runtime.play("big") }
    }

    @Test("after a media-services reset the new output's stream players and effects' buffers are filled before the runtime's lock: a game thread's calls go on meanwhile, and the effect and the stream play on after it")
    func resetFillsBeforeTheLock() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        let stream = try runtime.playStream(TestAssets.soundtrackPath, loop: true)
        Thread.sleep(forTimeInterval: 0.2)
        let objects = runtime.liveOpenALObjects
        try runtime.perform(.mediaServicesLose)
        // The reset's thread fills the stream player's first buffers (alBufferData), then uploads the
        // tone: the first stalls 0.5 s. Made inside the reset's step, every game call would wait for it.
        try Self.expectCallsGoOn(runtime, whileStalling: "alBufferData", in: "rebuilding after a reset", dropping: true) { () throws(GameSoundError) in
            do { try runtime.perform(.mediaServicesReset) } catch { Issue.record("the reset was refused: \(error)") }
        }
        #expect(runtime.isRunning)
        #expect(runtime.liveOpenALObjects.buffers == objects.buffers, "buffers before the loss \(objects), after the reset \(runtime.liveOpenALObjects)")
        let voice = try #require(try runtime.play("tone").voice, "the tone did not play after the reset")
        let position = try #require(try runtime.position(of: stream))
        Thread.sleep(forTimeInterval: 0.2)
        #expect(try runtime.state(of: voice) == .playing)
        #expect(try runtime.state(of: stream) == .playing)
        #expect(try #require(try runtime.position(of: stream)) > position, "the stream does not move after the reset")
    }

    @Test("a sound replaced while a media-services reset uploads the bank ahead is uploaded anew: the rebuilt output plays the new sound, and no buffer is left behind")
    func soundReplacedDuringResetPlaysTheNewOne() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        let buffers = runtime.liveOpenALObjects.buffers
        try runtime.perform(.mediaServicesLose)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            // The reset's thread uploads the 1.5 s tone ahead; its upload stalls 0.3 s.
            OpenALProcess.stallNextCalls(of: "alBufferData", seconds: 0.3, on: pthread_self())
            do { try runtime.perform(.mediaServicesReset) } catch { Issue.record("the reset was refused: \(error)") }
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.1)
        // Meanwhile the game replaces the tone with one of 0.2 s.
        try runtime.preload("tone", sound: PCMBuffer(format: PCMFormat(sampleRate: Self.rate, channelCount: 1),
                                                     samples: Signal.sine(frequency: 440, amplitude: 0.2, frameCount: Self.rate / 5, sampleRate: Self.rate)))
        #expect(done.wait(timeout: .now() + 3) == .success)
        #expect(runtime.isRunning)
        #expect(runtime.liveOpenALObjects.buffers == buffers, "buffers before the loss \(buffers), after the reset \(runtime.liveOpenALObjects)")
        // Looping, 0.3 s in: the 0.2 s tone is in its second round, the 1.5 s one would not be.
        let voice = try #require(try runtime.play("tone", options: .init(loop: true)).voice, "the tone did not play after the reset")
        Thread.sleep(forTimeInterval: 0.3)
        let offsets = try #require(runtime.voiceOffsets(voice))
        #expect(offsets.openAL < Self.rate / 5, "OpenAL plays the tone the game replaced: \(offsets.openAL) frames in")
        #expect(abs(offsets.model - offsets.openAL) <= 16, "model \(offsets.model), OpenAL \(offsets.openAL)")
    }

    @Test("a media-services reset an observer performs as the loss destroys the context (right after the loss's step, on its thread) rebuilds in real time with nothing failing, and the effect and the stream play on")
    func resetInsideTheLossStep() throws {
        OpenALProcess.setDrivers("null")
        let system = SimulatedSystem()
        let failures = Mutex<[String]>([])
        let runtime = try GameSoundRuntime(configuration: .init(output: .realtime(), voices: 8), system: system, eventObserver: { event in
            if event.name == "openALFailed" { failures.withLock { $0.append("\(event)") } }
            // On the thread of the loss, as soon as its step is over (observers run after it, outside
            // the runtime's lock; until 2026-11-29 this ran inside that step): the system is back at once.
            if event.name == "contextDestroyed" { try? system.perform(.mediaServicesReset) }
        })
        defer { runtime.shutdown() }
        try runtime.preload("tone", sound: Self.tone)
        let stream = try runtime.playStream(TestAssets.soundtrackPath, loop: true)
        Thread.sleep(forTimeInterval: 0.1)
        try runtime.perform(.mediaServicesLose)
        #expect(runtime.isRunning)
        #expect(failures.withLock { $0 }.isEmpty, "OpenAL calls failed: \(failures.withLock { $0 })")
        let voice = try #require(try runtime.play("tone", options: .init(loop: true)).voice, "the tone did not play after the reset")
        let position = try #require(try runtime.position(of: stream))
        Thread.sleep(forTimeInterval: 0.2)
        let offsets = try #require(runtime.voiceOffsets(voice))
        #expect(offsets.openAL > 0 && abs(offsets.model - offsets.openAL) <= 16, "model \(offsets.model), OpenAL \(offsets.openAL)")
        #expect(try #require(try runtime.position(of: stream)) > position, "the stream does not move after the reset")
    }

    @Test("a sound whose upload fails is not loaded, and the sound it was to replace stays and plays")
    func failedUploadLosesNothing() throws {
        let runtime = try Self.runtime()
        defer { runtime.shutdown() }
        let other = PCMBuffer(format: PCMFormat(sampleRate: Self.rate, channelCount: 1),
                              samples: Signal.sine(frequency: 440, amplitude: 0.2, frameCount: Self.rate, sampleRate: Self.rate))
        OpenALProcess.failNextCalls(of: "alBufferData")
        #expect(throws: GameSoundError.self) { try runtime.preload("tone", sound: other) }
        OpenALProcess.failNextCalls(of: "alBufferData")
        #expect(throws: GameSoundError.self) { try runtime.preload("new", sound: other) }
        OpenALProcess.clearInjectedFailures()
        #expect(runtime.liveOpenALObjects.buffers == 1, "a failed upload left a buffer behind")
        #expect(throws: GameSoundError.unknownEffect("new")) { try runtime.play("new") }
        // The tone is still the 1.5 s one: 1 s in, its voice still plays.
        let voice = try #require(try runtime.play("tone").voice, "the tone did not play")
        Thread.sleep(forTimeInterval: 1)
        #expect(try runtime.state(of: voice) == .playing)
    }

    @Test("a notification a watcher's thread delivers is handled on the update thread, in order: the watcher does not wait for the rebuild it causes, and the game is heard again")
    func notificationsAreHandledOnTheUpdateThread() throws {
        OpenALProcess.setDrivers("null")
        let system = SimulatedSystem()
        // Which thread logged each entry of the loss and the reset.
        let handledOn = Mutex<[(name: String, thread: UInt)]>([])
        let watched: Set<String> = ["mediaServicesLost", "contextDestroyed", "mediaServicesReset", "contextRebuilt"]
        let runtime = try GameSoundRuntime(configuration: .init(output: .realtime(), voices: 8), system: system, eventObserver: { event in
            if watched.contains(event.name) { handledOn.withLock { $0.append((event.name, UInt(pthread_self()))) } }
        })
        defer { runtime.shutdown() }
        try runtime.preload("tone", sound: Self.tone)
        let voice = try #require(try runtime.play("tone", options: .init(gain: 0.5, loop: true)).voice, "the voice did not play")
        Thread.sleep(forTimeInterval: 0.05)
        let updateThread = try #require(runtime.updateThread)
        // The rebuild after the reset makes the sources anew: its first alGenSources stalls 0.5 s.
        OpenALProcess.stallNextCalls(of: "alGenSources", seconds: 0.5, on: pthread_t(updateThread))

        // The system changes on a thread of its own, as the sound server's watcher does.
        let took = Mutex<Duration?>(nil)
        let watcher = Thread {
            let start = ContinuousClock.now
            try? system.perform(.mediaServicesLose)
            try? system.perform(.mediaServicesReset)
            took.withLock { $0 = start.duration(to: .now) }
        }
        watcher.start()
        let deadline = ContinuousClock.now + .seconds(3)
        while ContinuousClock.now < deadline, took.withLock({ $0 }) == nil { Thread.sleep(forTimeInterval: 0.005) }
        let watcherTook = try #require(took.withLock { $0 })
        #expect(watcherTook < .milliseconds(100), "the watcher's two deliveries took \(watcherTook) while the rebuild stalled 0.5 s")

        while ContinuousClock.now < deadline, !(runtime.isRunning && handledOn.withLock { $0.contains { $0.name == "contextRebuilt" } }) {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(runtime.isRunning)
        let handled = handledOn.withLock { $0 }
        #expect(handled.map(\.name) == ["mediaServicesLost", "contextDestroyed", "mediaServicesReset", "contextRebuilt"])
        #expect(handled.allSatisfy { $0.thread == updateThread }, "handled on the update thread: \(handled), update thread \(updateThread)")

        // The voice plays on in the rebuilt context, where the model's clock says.
        let before = try #require(runtime.voiceOffsets(voice)).openAL
        Thread.sleep(forTimeInterval: 0.1)
        let offsets = try #require(runtime.voiceOffsets(voice))
        #expect(offsets.openAL != before, "the voice does not move in OpenAL after the reset")
        #expect(abs(offsets.model - offsets.openAL) <= 16, "model \(offsets.model), OpenAL \(offsets.openAL)")
    }
}
