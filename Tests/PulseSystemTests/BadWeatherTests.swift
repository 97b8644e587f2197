// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioFiles
import AudioSession
import Foundation
import GameSound
import PulseSystem
import Testing

/// Bad weather on the real server: a stopped (hanging) server, malformed stream properties. These
/// are tests of the same serialized suite, so they never overlap the others' use of the server.
extension PulseSystemTests {
    @Test("a stopped server: creation fails within its timeout with one clear log line; a running game's thread never waits, and the game is heard once the server continues",
          arguments: [true, false])
    func stoppedServer(serverOutput: Bool) throws {
        let game = try playingGame(serverOutput: serverOutput)
        let (capture, system, runtime) = (game.log, game.system, game.runtime)
        defer { runtime.shutdown() }
        try #require(runtime.isSoundtrackPlaying)
        try runtime.preload("beep", sound: PCMBuffer(format: PCMFormat(sampleRate: 48_000, channelCount: 1),
                                                     samples: Signal.sine(frequency: 880, amplitude: 0.3, frameCount: 4_800, sampleRate: 48_000)))
        let stopped = try PulseTestEnvironment.stopServer()
        var continued = false
        defer { if !continued { PulseTestEnvironment.continueServer(stopped) } }

        // A new system: the socket accepts, nothing answers; creation gives up after its timeout.
        let late = LogCapture()
        let started = Date()
        #expect {
            _ = try PulseSystem(timeout: 1, logger: late.logger)
        } throws: { error in
            guard case .timedOut(_, let seconds) = error as? PulseSystemError else { return false }
            return seconds == 1
        }
        let took = Date().timeIntervalSince(started)
        #expect(took < 2, "creation should give up after its 1 s timeout, took \(took) s")
        #expect(late.lines("desktop.server-timeout").count == 1, "\(late.all)")

        // The game's thread meanwhile: every call answers from what is known, at once.
        var slowest = 0.0
        for _ in 0..<40 {
            let callStarted = Date()
            _ = try runtime.play("beep")
            _ = runtime.session.category
            _ = runtime.session.isOtherAudioPlaying
            _ = system.currentRoute
            try runtime.setEffectsVolume(0.9)
            slowest = max(slowest, Date().timeIntervalSince(callStarted))
            Thread.sleep(forTimeInterval: 0.025)
        }
        #expect(slowest < 0.1, "a game call took \(slowest) s while the server was stopped")

        PulseTestEnvironment.continueServer(stopped)
        continued = true
        #expect(try MonitorRecording.heard(folder: folder), "the game should be heard once the server continues")
        #expect(runtime.isRunning && runtime.isSoundtrackPlaying)
        #expect(capture.lines("desktop.server-lost").isEmpty, "a stopped server is not a lost one: \(capture.all)")
        let reopens = (game.runtimeLog.lines("output.caught-up").count, game.runtimeLog.lines("output.reopened").count)
        if serverOutput {
            // GameSound's server output keeps the server's prebuf: after the stall the server waits
            // for the stream to fill again, asks for nothing it missed, and plays on. Nothing to reopen.
            #expect(reopens == (0, 0), "\(game.runtimeLog.all.map(\.message))")
        } else {
            // OpenAL Soft's output: running again, both servers asked for all they missed at once
            // (1.1-2.0 s of audio, measured), and the runtime reopened its output once: PipeWire
            // 0.3.65 could lose its place in the old stream and play it as silence for good
            // (docs/linux-system.md, "A server that stood still").
            #expect(reopens == (1, 1), "\(game.runtimeLog.all.map(\.message))")
        }
    }

    @Test("a reset while the server still refuses clients: the rebuild fails, the runtime keeps trying, and the game is heard once a device opens")
    func resetBeforeServerAccepts() throws {
        // The simulated system delivers the reset while the real server is down: the same failure
        // as a server that is back but refuses OpenAL for a moment (seen on PipeWire).
        let events = NameLog()
        let runtime = try makeRuntime(on: SimulatedSystem(), policy: .effectsPlusSoundtrack, events: events)
        defer { runtime.shutdown() }
        try #require(runtime.isSoundtrackPlaying)
        try runtime.perform(.mediaServicesLose)
        try PulseTestEnvironment.killServer()
        try runtime.perform(.mediaServicesReset)
        #expect(PulseTestEnvironment.waitUntil(seconds: 5) { events.contains("rebuildFailed") }, "\(events.all)")
        #expect(!runtime.isRunning)
        try PulseTestEnvironment.startServer()
        #expect(PulseTestEnvironment.waitUntil(seconds: 5) { runtime.isRunning && runtime.isSoundtrackPlaying }, "\(events.all)")
        #expect(try MonitorRecording.heard(folder: folder), "the game should be heard once a device opens")
    }

    @Test("malformed and unusual stream properties: a process id that is not a number, an unknown role, a role in PipeWire's spelling; one log line per stream and a sensible reading")
    func oddProperties() throws {
        let capture = LogCapture()
        let system = try PulseSystem(logger: capture.logger)
        let odd = try OtherProgram(properties: ["application.process.id=notanumber", "media.role=x-odd role"], folder: folder)
        defer { odd.stop() }
        try #require(PulseTestEnvironment.waitUntil(seconds: 5) { system.otherStreams.contains { $0.role == "x-odd role" } })
        let stream = try #require(system.otherStreams.first { $0.role == "x-odd role" })
        // Both servers pass the values through as given (measured).
        #expect(stream.processID == nil, "not a number: unknown, so another program's")
        // PipeWire may list a new stream a moment before it plays (measured): wait for it to play.
        #expect(PulseTestEnvironment.waitUntil(seconds: 5) { system.isOtherAudioPlaying })
        #expect(!system.secondaryAudioShouldBeSilencedHint, "an unknown role is not primary audio")
        #expect(!system.isCallInProgress)
        // A change to the stream (muted, unmuted) is read again, and not logged again.
        try PulseTestEnvironment.run("pactl", ["set-sink-input-mute", String(stream.index), "1"])
        try PulseTestEnvironment.run("pactl", ["set-sink-input-mute", String(stream.index), "0"])
        #expect(PulseTestEnvironment.waitUntil(seconds: 5) { system.otherStreams.first { $0.index == stream.index }?.isMuted == false })
        let lines = capture.lines("desktop.odd-property")
        #expect(lines.count == 1, "one line for the stream: \(capture.all.map(\.message))")
        #expect(lines.first?.message.contains("notanumber") == true && lines.first?.message.contains("x-odd role") == true)
        odd.stop()

        // PipeWire's name for a call: PulseAudio passes "Communication" through, pipewire-pulse turns
        // it into "phone" (measured); PulseSystem reads both as a call, without a log line.
        let call = try OtherProgram(properties: ["media.role=Communication"], folder: folder)
        defer { call.stop() }
        #expect(PulseTestEnvironment.waitUntil(seconds: 5) { system.isCallInProgress })
        #expect(system.otherStreams.contains { $0.role == "phone" })
        #expect(capture.lines("desktop.odd-property").count == 1)
    }

    @Test("mpv as a player runs it: its stream carries media.role=music on PipeWire (its own PipeWire output) and no role on PulseAudio; the hint rises on both")
    func mpvRole() throws {
        let system = try PulseSystem()
        let mpv = try OtherProgram(mpvPlayingFor: folder)
        defer { mpv.stop() }
        try #require(PulseTestEnvironment.waitUntil(seconds: 10) { system.otherStreams.contains { $0.applicationName == "mpv" } },
                     "mpv's stream should appear: \(system.otherStreams)")
        // PipeWire may list the stream a moment before its properties are complete (seen: no role yet).
        let role = PulseTestEnvironment.isPipeWire ? "music" : nil
        #expect(PulseTestEnvironment.waitUntil(seconds: 5) { system.otherStreams.first { $0.applicationName == "mpv" }?.role == role },
                "mpv's role: \(system.otherStreams.filter { $0.applicationName == "mpv" }.map(\.role))")
        // On PipeWire mpv's stream appears a moment before it plays (seen: the hint still down then).
        #expect(PulseTestEnvironment.waitUntil(seconds: 5) { system.secondaryAudioShouldBeSilencedHint })
    }

    @Test("a call while music plays: module-role-cork pauses the music on PulseAudio; PipeWire has no corking and the music plays on; the game is interrupted on both")
    func corkingDuringCall() throws {
        let system = try PulseSystem()
        let music = try OtherProgram(role: "music", folder: folder)
        defer { music.stop() }
        try #require(PulseTestEnvironment.waitUntil(seconds: 5) { system.otherStreams.contains { $0.role == "music" && $0.isPlaying } })
        let call = try OtherProgram(role: "phone", folder: folder)
        defer { call.stop() }
        try #require(PulseTestEnvironment.waitUntil(seconds: 5) { system.isCallInProgress })
        let corked = PulseTestEnvironment.waitUntil(seconds: 2) { system.otherStreams.contains { $0.role == "music" && $0.isCorked } }
        #expect(corked == !PulseTestEnvironment.isPipeWire)
        #expect(system.secondaryAudioShouldBeSilencedHint, "a call holds the hint whatever the music does")
        call.stop()
        #expect(PulseTestEnvironment.waitUntil(seconds: 5) { system.otherStreams.contains { $0.role == "music" && $0.isPlaying } },
                "the music plays again after the call")
    }
}
