// SPDX-License-Identifier: Zlib
import AudioFiles
import Logging

/// Streams: every ``StreamRecord`` (the soundtrack, a crossfade's outgoing track, the streamed voices)
/// kept, advanced and given a player the same way.
///
/// Streamed voices besides the soundtrack can be any number, each on its bus, each a ``Voice`` handle
/// like an effect's (its slot above ``RuntimeCore/streamSlotBase``), so that the same calls pause,
/// resume, fade and stop it. A stream's gain can change; its pitch and place cannot.
extension RuntimeCore {
    /// Handles of streams have slots from here on; effect voices' slots lie below.
    static let streamSlotBase = 0x8000

    // MARK: - Every stream

    /// A stream's player in words, for a failure's `affected`: "the player of 'music/theme.ogg'".
    func streamLabel(_ path: String) -> String { "the player of '\(path)'" }

    /// A stream's player, when the context can be used and the stream has started.
    func player(_ record: StreamRecord?) -> AudioStream? {
        guard let record else { return nil }
        return mirror.streams[record.id]
    }

    /// Where a stream plays in its file now: from its player, or where a new one would start.
    func position(of record: StreamRecord) -> Int {
        guard player(record) != nil else { return record.resumeAt }
        return record.filePosition(at: mixClock) ?? record.resumeAt
    }

    /// Destroys a player, reporting any call that fails.
    func destroy(_ player: AudioStream) {
        mirror.destroy(player, affected: streamLabel(player.path))
    }

    /// The gain of a stream's source at `frame`: its own, its bus and its fade.
    func sourceGain(_ record: StreamRecord, at frame: Int) -> Float {
        record.gain(at: frame) * busGains[record.bus] * (record.fade?.ramp.value(at: frame) ?? 1)
    }

    /// Every player that may sound, for the meters.
    var streamPlayers: [(record: StreamRecord, player: AudioStream)] {
        (model.outgoingTracks + (model.soundtrack.map { [$0] } ?? []) + model.streamVoices.filter(\.live)).compactMap { record in
            player(record).map { (record, $0) }
        }
    }

    /// What became of a playing stream in an update.
    enum StreamProgress {
        /// It plays on (or was not playing).
        case playing
        /// Its fade ended in a pause.
        case pausedByFade
        /// Its fade ended in a stop.
        case stoppedByFade
        /// It ran out (a stream that does not loop).
        case ended
        /// Its file stopped decoding partway (found by the decoding ahead, after the play call
        /// returned): it played what came before and ended there.
        case failed(AudioFileError)
    }

    /// Moves a playing stream on by one update: its gain, its fade and what the fade ends in, then refills.
    func advance(_ record: inout StreamRecord, at now: Int) -> StreamProgress {
        guard let player = player(record), player.state == .playing else { return .playing }
        do {
            try player.setGain(sourceGain(record, at: now))
            if let fade = record.fade, fade.ramp.isFinished(at: now) {
                record.fade = nil
                switch fade.completion {
                case .pause:
                    record.paused = true
                    try player.pause()
                    setClock(&record, playing: false)
                    return .pausedByFade
                case .stop:
                    try player.stop()
                    setClock(&record, playing: false)
                    return .stoppedByFade
                case .none:
                    break
                }
            }
            guard try player.keepFed() else { return .playing }
            return player.decodingFailure.map(StreamProgress.failed) ?? .ended
        } catch {
            report(error, affected: streamLabel(player.path))
            return player.state == .stopped ? .ended : .playing
        }
    }

    /// Gives a record a player at ``StreamRecord/resumeAt`` and plays it (or, `cued`, queues it paused).
    func startPlayer(_ record: inout StreamRecord, cued: Bool = false) throws(GameSoundError) {
        // Read once: in real time it is the device's clock, which may move between two readings.
        let mix = mixClock
        // A player made again where another one was goes on from the same fraction of a frame.
        let fraction = record.timeline != nil ? record.clock.position(at: mix) & (VoiceClock.one - 1) : 0
        let player = try mirror.makeStream(path: record.path, loop: record.loop, startFrame: record.resumeAt,
                                           fraction: Double(fraction) / Double(VoiceClock.one))
        do {
            if cued { try player.cue() } else { try player.play(gain: sourceGain(record, at: currentFrame)) }
        } catch {
            destroy(player)
            throw .openAL(error)
        }
        mirror.streams[record.id] = player
        record.freshPlayer = record.timeline != nil
        if !cued { noteFirstPlay(&record) }
        record.timeline = StreamRecord.Timeline(start: record.resumeAt % max(player.frameCount, 1), length: player.frameCount,
                                                loopRange: player.loopRange, rate: player.sampleRate)
        record.clock.start(atPosition: fraction, mix: mix, step: cued ? 0 : streamStep(record))
    }

    /// The mixer's step for a stream: its file's rate over the output's (a stream's pitch is 1).
    func streamStep(_ record: StreamRecord) -> Int {
        guard let timeline = record.timeline else { return 0 }
        return VoiceClock.step(pitch: 1, soundRate: timeline.rate, outputRate: configuration.sampleRate)
    }

    /// A stream's player was told to play (or to pause or stop: `playing` false): its clock follows.
    func setClock(_ record: inout StreamRecord, playing: Bool) {
        record.clock.change(step: playing ? streamStep(record) : 0, at: mixClock)
        if playing { noteFirstPlay(&record) }
    }

    /// A new player made for a stream that had one plays for the first time: OpenAL Soft starts a
    /// new source at its gain where the old one, resumed, would have moved there from where it was.
    private func noteFirstPlay(_ record: inout StreamRecord) {
        guard record.freshPlayer else { return }
        record.freshPlayer = false
        noteFreshStart()
    }

    /// Notes where each stream is, while the context can still be asked: for a new player to start
    /// from, and for positions asked during an interruption. The context must be current.
    func noteStreamPositions() {
        model.soundtrack?.resumeAt = model.soundtrack.map(position(of:)) ?? 0
        for index in model.outgoingTracks.indices { model.outgoingTracks[index].resumeAt = position(of: model.outgoingTracks[index]) }
        for index in model.streamVoices.indices where model.streamVoices[index].live { model.streamVoices[index].resumeAt = position(of: model.streamVoices[index]) }
    }

    /// Notes where each stream is and lets every player go (the context is about to be destroyed).
    /// The records stay: ``restoreStreams()`` gives them new players.
    func releaseStreamPlayers() {
        noteStreamPositions()
        // Each clock stands where its player stopped, fraction of a frame included, for the next player.
        let mix = mixClock
        model.soundtrack?.clock.change(step: 0, at: mix)
        for index in model.outgoingTracks.indices { model.outgoingTracks[index].clock.change(step: 0, at: mix) }
        for index in model.streamVoices.indices { model.streamVoices[index].clock.change(step: 0, at: mix) }
        // Every player the mirror holds goes, in the order the streams began.
        for id in mirror.streams.keys.sorted() { mirror.streams[id].map(destroy) }
        mirror.streams = [:]
        for player in discardedStreams { destroy(player) }
        discardedStreams = []
        // A stream still waiting for its first blocks gets a player with the others on the next
        // context, from a file of its own (opened ahead with the new output, or then).
        for file in mirror.streamsAwaitingFirstBlocks.values { file.decoding.cancel() }
        mirror.streamsAwaitingFirstBlocks = [:]
    }

    /// After the context came back, new or the same: every streamed voice and outgoing track without
    /// a player gets one where it was (an outgoing track whose fade ended meanwhile is gone). The
    /// soundtrack's is ``reconcileSoundtrack(fadeFrames:)``'s to give, as it decides whether it plays.
    func restoreStreams() {
        for index in model.streamVoices.indices where model.streamVoices[index].live { syncStreamPlayState(index) }
        let now = currentFrame
        model.outgoingTracks.removeAll { record in
            guard player(record) == nil else { return false }
            return record.fade.map { $0.ramp.isFinished(at: now) } ?? true
        }
        for index in model.outgoingTracks.indices where player(model.outgoingTracks[index]) == nil {
            do throws(GameSoundError) {
                try startPlayer(&model.outgoingTracks[index])
            } catch {
                if case .openAL(let failure) = error { report(failure, affected: streamLabel(model.outgoingTracks[index].path)) }
                model.outgoingTracks[index].fade = nil
            }
        }
        model.outgoingTracks.removeAll { player($0) == nil }
    }

    /// Takes a stream's player from the mirror and destroys it now if the context can be used,
    /// else as soon as it is current again.
    func discard(_ record: StreamRecord?) {
        guard let record else { return }
        mirror.streamsAwaitingFirstBlocks.removeValue(forKey: record.id)?.decoding.cancel()
        guard let player = mirror.streams.removeValue(forKey: record.id) else { return }
        if phase != .lost, useContext() {
            destroy(player)
        } else {
            discardedStreams.append(player)
        }
    }

    // MARK: - Streamed voices

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
        let id = model.streamVoices[index].id
        guard let file = mirror.streamsAwaitingFirstBlocks[id] else { return startPlayerOrEnd(index) }
        guard file.decoding.isFull(orWhenFull: wakeForUpdate) else { return }
        mirror.streamsAwaitingFirstBlocks[id] = nil
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

    /// A stream voice without a player whose first blocks, decoding since its call, are there now.
    func firstBlocksAreReady(_ record: StreamRecord) -> Bool {
        guard let file = mirror.streamsAwaitingFirstBlocks[record.id], player(record) == nil else { return false }
        return file.decoding.isFull(orWhenFull: wakeForUpdate)
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
            attempt(streamLabel(player.path)) { try player.pause() }
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
            if firstBlocksAreReady(model.streamVoices[index]) { startStreamIfPossible(index) }
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
        if phase == .running, useContext() { return position(of: model.streamVoices[index]) }
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
