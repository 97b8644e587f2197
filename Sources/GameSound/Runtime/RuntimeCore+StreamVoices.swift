// SPDX-License-Identifier: Zlib
import AudioFiles
import Logging

/// Streamed voices: any number of streams besides the soundtrack, each on its bus, each a ``Voice``
/// handle like an effect's (its slot above ``RuntimeCore/streamSlotBase``), so that the same calls
/// pause, resume, fade and stop it. What every stream shares (players, positions, advancing) is
/// RuntimeCore+Streams.
extension RuntimeCore {
    func isStream(_ voice: Voice) -> Bool { voice.slot >= Self.streamSlotBase }

    /// Starts a stream voice on `file`, opened at its first frame by the caller before it took the
    /// lock (``GameSoundRuntime/playStream(_:bus:loop:gain:)``): opening and reading a file's headers,
    /// which takes milliseconds, is not done while the lock is held, and no OpenAL call is made on the
    /// game's thread. The file's decoding is cancelled when the call fails or no player takes it.
    func playStream(_ path: String, bus name: BusName, loop: Bool, gain: Float, opened file: OpenedStreamFile) throws(GameSoundError) -> Voice {
        var unused: OpenedStreamFile? = file
        defer { unused?.decoding.cancel() }
        guard phase != .stopped else { throw .stopped }
        let bus = try model.buses.index(of: name)
        let index = model.streamVoices.firstIndex { !$0.live } ?? model.streamVoices.count
        guard index < 0x7FFF else { throw .invalidArgument("too many streams at once") }
        let generation = index < model.streamVoices.count ? model.streamVoices[index].generation + 1 : 1
        let record = StreamRecord(id: model.newStreamID(), path: path, loop: loop, bus: bus, generation: generation, gain: gain)
        if index < model.streamVoices.count { model.streamVoices[index] = record } else { model.streamVoices.append(record) }
        let voice = Voice(slot: Self.streamSlotBase + index, generation: generation, runtime: runtimeTag)
        log(.game, "voiceStarted", [.init("sound", .string(path)), .init("voice", .integer(Int(voice.localID))),
                                    .init("stream", .bool(true)), .init("bus", .string(name.name))])
        unused = nil
        // During a game's call (a command) the player, a source with its first buffers, is made by
        // whoever makes the call's writes: the audio thread in real time, the next render headless
        // (no frame is mixed in between, so the renders are the same). The record plays meanwhile in
        // the model: its position is its start, a pause or a stop before the player is made is
        // followed by it. Not a command (inside another step): now.
        let id = record.id
        mirror.afterWrites { [unowned self] in
            // Still this stream (not stopped, its slot not taken by another meanwhile)?
            guard model.streamVoices[index].live, model.streamVoices[index].id == id else { return file.decoding.cancel() }
            if isHeadless {
                // The caller decoded its first blocks already (the render would wait for them).
                mirror.offering(file) { startStreamIfPossible(index) }
            } else {
                mirror.streamsAwaitingFirstBlocks[id] = file
                startStreamIfPossible(index)
            }
        }
        return voice
    }

    /// A stream's gain: finite and ≥ 0 (checked before its file is opened).
    static func validateStreamGain(_ gain: Float) throws(GameSoundError) {
        guard gain.isFinite, gain >= 0 else { throw .invalidArgument("a stream's gain must be a finite number ≥ 0") }
    }

    /// The index of a live stream voice, nil when it has ended.
    func liveStream(_ voice: Voice) throws(GameSoundError) -> Int? {
        guard phase != .stopped else { throw .stopped }
        guard voice.runtime == runtimeTag else { throw .foreignVoice(voice) }
        let index = voice.slot - Self.streamSlotBase
        guard index < model.streamVoices.count, model.streamVoices[index].live, model.streamVoices[index].generation == voice.generation else { return nil }
        return index
    }

    func streamShouldSound(_ index: Int) -> Bool { !model.streamVoices[index].paused && !model.buses.isPaused(model.streamVoices[index].bus) }

    /// Creates the player of a stream voice when the context can be used, and plays it unless paused.
    func startStreamIfPossible(_ index: Int) {
        guard model.streamVoices[index].live, player(model.streamVoices[index]) == nil, phase == .running, useContext() else { return }
        // It reached its end as its player went (a rebuild at or after the block where the update
        // would have noticed): it gets no player (one made at the end would start the file over), and
        // the next update ends it (``updateStreamVoices()``), as it ends a stream whose player played
        // out. Ended here, it would end at whatever call brought the context back, up to a block
        // sooner than without the rebuild.
        if model.streamVoices[index].playedOut { return }
        // In real time a stream a game's call started gets its player once its first blocks are
        // decoded, which nobody waits for: the decoding wakes the update thread when they are there,
        // and its clock starts then, with the player.
        guard isAwaitingFirstBlocks(model.streamVoices[index]) else { return startPlayerOrEnd(index) }
        guard let file = takeFileWithFirstBlocks(model.streamVoices[index]) else { return }
        mirror.offering(file) { startPlayerOrEnd(index) }
    }

    /// Makes a stream voice's player, cued if it should not sound now; a stream whose player cannot
    /// be made ends, with the reason in the game's log.
    private func startPlayerOrEnd(_ index: Int) {
        do {
            try startPlayer(&model.streamVoices[index], cued: !streamShouldSound(index))
        } catch {
            logger.error("the stream \(model.streamVoices[index].path) cannot play: \(error)", metadata: LogCode.streamCannotPlay.metadata)
            endStream(index, reason: .stopped)
        }
    }

    /// A stream (a voice or the soundtrack) started by a game's call in real time whose first blocks
    /// were still decoding when its call's writes were made: its file waits with the mirror.
    func isAwaitingFirstBlocks(_ record: StreamRecord) -> Bool {
        mirror.streamsAwaitingFirstBlocks[record.id] != nil
    }

    /// A stream without a player whose first blocks, decoding since its call, are there now. While
    /// they are not, the decoding wakes the update thread when they are.
    func firstBlocksAreReady(_ record: StreamRecord) -> Bool {
        guard let file = mirror.streamsAwaitingFirstBlocks[record.id], player(record) == nil else { return false }
        return file.decoding.isFull(orWhenFull: wakeForUpdate)
    }

    /// The file of a stream waiting for its first blocks, taken from the mirror for its player if
    /// they are there now (``firstBlocksAreReady(_:)``); nil while they decode.
    func takeFileWithFirstBlocks(_ record: StreamRecord) -> OpenedStreamFile? {
        guard firstBlocksAreReady(record) else { return nil }
        return mirror.streamsAwaitingFirstBlocks.removeValue(forKey: record.id)
    }

    /// A live stream that played out while it had no player (``startStreamIfPossible(_:)``): the next
    /// whole update ends it.
    func endsWithoutPlayer(_ record: StreamRecord) -> Bool { record.playedOut && player(record) == nil }

    /// Plays or pauses a stream voice to match its record and its bus.
    func syncStreamPlayState(_ index: Int) {
        guard let player = player(model.streamVoices[index]) else { return startStreamIfPossible(index) }
        if streamShouldSound(index), player.state == .paused {
            let gain = sourceGain(model.streamVoices[index], at: currentFrame)
            attempt(streamLabel(player.path)) { try player.play(gain: gain) }
            setClock(&model.streamVoices[index], playing: true)
        } else if !streamShouldSound(index), player.state == .playing {
            // One that played out before the pause is not paused: the next update ends it.
            guard attempt(streamLabel(player.path), { try player.pause() }) != false else { return }
            setClock(&model.streamVoices[index], playing: false)
        }
    }

    func endStream(_ index: Int, reason: VoiceEndReason) {
        guard model.streamVoices[index].live else { return }
        let voice = Voice(slot: Self.streamSlotBase + index, generation: model.streamVoices[index].generation, runtime: runtimeTag)
        discard(model.streamVoices[index])
        model.streamVoices[index].live = false
        log(.game, "voiceEnded", [.init("voice", .integer(Int(voice.localID))), .init("sound", .string(model.streamVoices[index].path)),
                                  .init("reason", .string(reason.rawValue))])
    }

    /// Per-block work: gain ramps, refills, fade-outs that finished, streams that ended.
    func updateStreamVoices() {
        guard !model.streamVoices.isEmpty else { return }
        let now = currentFrame
        for index in model.streamVoices.indices where model.streamVoices[index].live {
            if endsWithoutPlayer(model.streamVoices[index]) {
                endStream(index, reason: .finished)
                continue
            }
            // Waiting for its first blocks: it gets its player if they are there (which it asks itself).
            if isAwaitingFirstBlocks(model.streamVoices[index]) { startStreamIfPossible(index) }
            switch advance(&model.streamVoices[index], at: now) {
            case .playing, .pausedByFade:
                continue
            case .stoppedByFade:
                endStream(index, reason: .stopped)
            case .ended:
                endStream(index, reason: model.streamVoices[index].fade != nil ? .stopped : .finished)
            case .failed(let error):
                let path = model.streamVoices[index].path
                log(.engine, "streamFailed", [.init("sound", .string(path)), .init("error", .string(String(describing: error)))])
                logger.error("the stream \(path) stopped: \(error)", metadata: LogCode.streamCannotPlay.metadata)
                endStream(index, reason: .finished)
            }
        }
    }

    /// The frame of its file a stream voice plays now; nil for an effect voice or an ended stream.
    func streamPosition(_ voice: Voice) throws(GameSoundError) -> Int? {
        guard isStream(voice), let index = try liveStream(voice) else { return nil }
        if phase == .running, mirror.contextUsable { return position(of: model.streamVoices[index]) }
        return model.streamVoices[index].resumeAt
    }

    // MARK: - The voice calls, for streams

    func setStream(_ index: Int, gain: Float, frames: Int) {
        let now = currentFrame
        model.streamVoices[index].gainRamp = frames > 0 ? Ramp(from: model.streamVoices[index].gain(at: now), to: gain, startFrame: now, frames: frames) : nil
        model.streamVoices[index].gain = gain
    }

    /// As ``setVoicePaused(_:_:)``: the record changes here, the player follows when the call's
    /// writes are made, if the stream is still the one paused or resumed.
    func setStreamPaused(_ index: Int, _ paused: Bool) {
        model.streamVoices[index].paused = paused
        guard phase == .running, mirror.canWrite() else { return }
        guard mirror.defersWrites else { return syncStreamPlayState(index) }
        let generation = model.streamVoices[index].generation
        mirror.afterWrites { [unowned self] in
            guard model.streamVoices[index].live, model.streamVoices[index].generation == generation,
                  phase == .running, useContext() else { return }
            syncStreamPlayState(index)
        }
    }

    func stopStream(_ index: Int, frames: Int) {
        guard frames > 0 else { return endStream(index, reason: .stopped) }
        model.streamVoices[index].fade = Fade.toSilence(from: model.streamVoices[index].fade, at: currentFrame, frames: frames, then: .stop)
    }
}
