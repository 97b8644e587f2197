// SPDX-License-Identifier: Zlib
import AudioFiles
import OpenAL

/// A real output device with a context on it, the effects' buffers and the streams' players made in
/// it, all ahead of the step that needs them and off the runtime's lock: what a media-services reset
/// (or a new device, or a wake from sleep) rebuilds on.
///
/// Creating a context on a real device starts OpenAL Soft's mixer thread, 1 to 9 ms on the null
/// device; opening a stream file where it stopped and decoding its first buffers takes a few more
/// per stream; uploading the bank copies every effect's samples again (milliseconds per ten
/// megabytes), and a player's first buffers are copied too. Done inside the reset's step, every game
/// call meanwhile waited for it. The thread that delivers the reset makes it first (``CoreBox``),
/// then hands it to the mirror, whose rebuild takes it instead of opening one
/// (``ALMirror/openDevice(_:_:)``); one left unused is retired (``OutputRetirement``). Headless
/// output opens nothing ahead: a loopback device has no mixer thread to start.
struct PreparedOutput: @unchecked Sendable {
    // Safe: made on one thread and handed whole to the mirror, which takes the only reference;
    // nothing uses the device or the context until then.
    let device: ALDevice
    let context: ALContext
    /// The device name asked for (nil: the default output).
    let name: String?
    let spec: ALMirror.ContextSpec
    /// The players of the streams, cued at the frames they will start from (their first buffers
    /// queued, not playing), for ``ALMirror/makeStream(path:loop:startFrame:fraction:)`` to take.
    let players: [AudioStream]
    /// Stream files opened with their first blocks decoded whose player could not be made here: the
    /// rebuild makes it (a file that failed to open is left out: the rebuild opens it and reports it).
    let streams: [OpenedStreamFile]
    /// The effects' buffers, each with the sound it holds (``ALMirror/installPreparedBuffers(for:)``).
    let buffers: [ALMirror.PreparedBuffer]
    /// The threads before the device opened, and the main loop it started (``OutputThreads``).
    let threads: OutputThreads

    /// What to make: the output, its context, the streams' players and the effects' buffers.
    struct Request {
        /// The device name (nil: the default output).
        var name: String?
        var spec: ALMirror.ContextSpec
        /// The streams, each at the frame its player will start from.
        var streams: [StreamStart]
        /// The bank's sounds, by name.
        var sounds: [String: PCMBuffer<Float>]
    }

    /// Opens the output the request names with a context made to its spec, not left current, and
    /// makes the streams' players and the effects' buffers in it; nil when the device or the context
    /// fails, and nothing is kept then (the rebuild tries again itself and reports what fails). A
    /// player or buffer that fails here is left to the rebuild, which makes it again and reports it.
    static func open(_ request: Request) -> PreparedOutput? {
        var threads = OutputThreads.noteBefore()
        guard let device = try? ALMirror.openRealOutput(named: request.name, request.spec).device else { return nil }
        threads.noteDeviceOpened(mixerIsDeviceLoop: device.isServerOutput)
        guard let context = try? ThreadRoster.startingThreads({ () throws(OpenALError) in
            try ALContext(device: device, attributes: request.spec.attributes)
        }) else {
            try? device.close()
            return nil
        }
        let files = request.streams.compactMap { start in
            try? OpenedStreamFile.open(path: start.path, loop: start.loop, startFrame: start.frame,
                                       framesPerBlock: AudioStream.framesPerBuffer)
        }
        for file in files { file.decoding.waitUntilFull() }
        // The context is made current on this thread only (``ALContext/makeCurrentOnThisThread()``),
        // and nothing else uses it yet. Not on a thread that has one current already: inside a step
        // (a notification an observer's action delivers), whose context must stay current; that
        // step's rebuild then makes the players and buffers itself.
        guard !ALContext.isAnyCurrentOnThisThread, (try? context.makeCurrentOnThisThread()) != nil else {
            return PreparedOutput(device: device, context: context, name: request.name, spec: request.spec, players: [],
                                  streams: files, buffers: [], threads: threads)
        }
        defer { try? ALContext.clearCurrentOnThisThread() }
        var players: [AudioStream] = []
        var unplayed: [OpenedStreamFile] = []
        for file in files {
            guard let player = try? AudioStream(file: file, context: context, waitsForDecoding: false) else {
                unplayed.append(file)
                continue
            }
            // A player that took blocks and failed has used its file up: the rebuild opens the file again.
            do { try player.cue() } catch { player.destroy { _ in }; continue }
            players.append(player)
        }
        let buffers = request.sounds.sorted { $0.key < $1.key }.compactMap { name, sound in
            (try? ALMirror.makeBuffer(holding: sound, in: context)).map { ALMirror.PreparedBuffer(name: name, sound: sound, buffer: $0) }
        }
        return PreparedOutput(device: device, context: context, name: request.name, spec: request.spec, players: players,
                              streams: unplayed, buffers: buffers, threads: threads)
    }

    /// Where a stream's player will start: what to open ahead.
    struct StreamStart: Sendable {
        var path: String
        var loop: Bool
        var frame: Int
    }

    /// Whether it is what a rebuild of `output` with `spec` would open.
    func matches(_ output: GameSoundConfiguration.Output, _ spec: ALMirror.ContextSpec) -> Bool {
        guard case .realtime(let wanted) = output else { return false }
        return wanted == name && spec == self.spec
    }

    /// Hands it to the retirement queue unused, with its players and buffers, and stops decoding
    /// its stream files.
    func retire() {
        for file in streams { file.decoding.cancel() }
        for player in players { player.abandon() }
        OutputRetirement.retire(context: context, closing: device, lettingGo: players)
    }
}
