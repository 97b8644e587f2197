// SPDX-License-Identifier: Zlib
import AudioFiles
import Logging

/// Streams: every ``StreamRecord`` (the soundtrack, a crossfade's outgoing track, the streamed voices
/// of RuntimeCore+StreamVoices) kept, advanced and given a player the same way. A stream's gain can
/// change; its pitch and place cannot.
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
        guard let player = player(record) else { return record.resumeAt }
        return record.filePosition(at: mixClock, given: player.framesGiven) ?? record.resumeAt
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

    /// The first frame at which a playing stream will have played its oldest queued buffer out, by
    /// its clock: its next refill (or its end) is due then, and the real-time loop need not look at
    /// the streams before (``realtimeWait``). `now` when one has a free buffer waiting for a block
    /// that is still decoding, or plays with a clock that stands; `.max` when none plays.
    func nextStreamRefill(after now: Int) -> Int {
        guard model.soundtrack?.id != nil || !model.streamVoices.isEmpty || !model.outgoingTracks.isEmpty else { return .max }
        let mix = mixClock
        var next = Int.max
        func consider(_ record: StreamRecord) {
            guard let player = player(record), player.state == .playing else { return }
            guard !player.waitsForBlocks, let end = player.playedFramesAtNextRefill, record.clock.isRunning else {
                next = now
                return
            }
            let left = max((end << VoiceClock.fractionBits) - record.clock.position(at: mix), 0)
            next = min(next, now + (left + record.clock.step - 1) / record.clock.step)
        }
        if let soundtrack = model.soundtrack { consider(soundtrack) }
        for record in model.outgoingTracks { consider(record) }
        for record in model.streamVoices where record.live { consider(record) }
        return next
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
                    // One that played out before its fade ended is not paused: it ends below.
                    if try player.pause() {
                        setClock(&record, playing: false)
                        return .pausedByFade
                    }
                case .stop:
                    try player.stop()
                    setClock(&record, playing: false)
                    return .stoppedByFade
                case .none:
                    break
                }
            }
            // A source that ran dry (the update held up longer than its queue lasts) stood still
            // until now: its clock goes on from where it stopped, not from where it would be.
            let step = streamStep(record)
            guard try player.keepFed(restarting: { played in
                record.clock.start(atPosition: played << VoiceClock.fractionBits, mix: mixClock, step: step)
            }) else { return .playing }
            return player.decodingFailure.map(StreamProgress.failed) ?? .ended
        } catch {
            report(error, affected: streamLabel(player.path))
            return player.state == .stopped ? .ended : .playing
        }
    }

    /// Gives a record a player at ``StreamRecord/resumeAt`` and plays it (or, `cued`, queues it paused).
    func startPlayer(_ record: inout StreamRecord, cued: Bool = false) throws(GameSoundError) {
        // Read once each time: in real time it is the device's clock, which may move between two
        // readings. A player made again where another one was goes on from the same fraction of a
        // frame (its clock stands still since the old player went).
        var mix = mixClock
        let fraction = record.timeline != nil ? record.clock.position(at: mix) & (VoiceClock.one - 1) : 0
        let player = try mirror.makeStream(path: record.path, loop: record.loop, startFrame: record.resumeAt,
                                           fraction: Double(fraction) / Double(VoiceClock.one))
        do {
            // Its clock starts where its source does: read just before the source plays, after the
            // first fill, which takes long enough for the device to mix a period meanwhile.
            if cued { try player.cue() } else { try player.play(gain: sourceGain(record, at: currentFrame)) { mix = mixClock } }
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
    ///
    /// - Parameter deleting: Whether each player's source and buffers are deleted here; false when
    ///   the context and its device are retired whole, which deletes them (their decoding stops here).
    /// - Returns: The players let go without deleting anything, for the caller to let go of off the
    ///   lock (freeing a player frees its decoder).
    @discardableResult
    func releaseStreamPlayers(deleting: Bool = true) -> [AudioStream] {
        noteStreamPositions()
        // Each clock stands where its player stopped, fraction of a frame included, for the next player.
        let mix = mixClock
        model.soundtrack?.clock.change(step: 0, at: mix)
        for index in model.outgoingTracks.indices { model.outgoingTracks[index].clock.change(step: 0, at: mix) }
        for index in model.streamVoices.indices { model.streamVoices[index].clock.change(step: 0, at: mix) }
        // Every player the mirror holds goes, in the order the streams began.
        // Players made ahead that no stream took go with them.
        var players = mirror.streams.keys.sorted().compactMap { mirror.streams[$0] } + mirror.discardedStreams + mirror.preparedPlayers
        mirror.streams = [:]
        mirror.discardedStreams = []
        mirror.preparedPlayers = []
        for player in players { deleting ? destroy(player) : player.abandon() }
        if deleting { players = [] }
        // A stream still waiting for its first blocks gets a player with the others on the next
        // context, from a file of its own (opened ahead with the new output, or then).
        for file in mirror.streamsAwaitingFirstBlocks.values { file.decoding.cancel() }
        mirror.streamsAwaitingFirstBlocks = [:]
        return players
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
    /// else as soon as it is current again. During a game's call (a command: stopping a stream) it
    /// is destroyed with the call's writes, by the update thread in real time: it sounds until then.
    func discard(_ record: StreamRecord?) {
        guard let record else { return }
        mirror.streamsAwaitingFirstBlocks.removeValue(forKey: record.id)?.decoding.cancel()
        guard let player = mirror.streams.removeValue(forKey: record.id) else { return }
        if phase != .lost, mirror.defersWrites {
            mirror.afterWrites { [unowned self] in destroyOrKeep(player) }
        } else {
            destroyOrKeep(player)
        }
    }

    /// Destroys a player taken from the mirror if the context can be used, else keeps it for when
    /// it is current again.
    private func destroyOrKeep(_ player: AudioStream) {
        if phase != .lost, useContext() {
            destroy(player)
        } else {
            mirror.discardedStreams.append(player)
        }
    }
}
