import AudioFiles
import OpenAL

/// A streamed voice besides the soundtrack (an ambience bed, a long line of dialogue): what the
/// game asked for, kept across interruptions and rebuilds; `stream` is its OpenAL side, nil while
/// the context is gone.
struct StreamVoice {
    let path: String
    let loop: Bool
    let bus: Int
    var generation: Int
    var live = true
    var gain: Float
    var gainRamp: Ramp<Float>?
    var pausedByGame = false
    /// A fade-out that ends the voice.
    var stopFade: Fade?
    var stream: AudioStream?
    /// Where the stream starts when it is (re)created: 0, or where it was when its context went.
    var resumeAt = 0
}

/// Streamed voices: any number of them, each on its bus, each a ``Voice`` handle like an effect's
/// (its slot above ``RuntimeCore/streamSlotBase``), so that the same calls pause, resume, fade and
/// stop it. A stream's gain can change; its pitch and place cannot.
extension RuntimeCore {
    /// Handles of streams have slots from here on; effect voices' slots lie below.
    static let streamSlotBase = 0x8000

    func isStream(_ voice: Voice) -> Bool { voice.slot >= Self.streamSlotBase }

    func playStream(_ path: String, bus name: BusName, loop: Bool, gain: Float) throws(GameSoundError) -> Voice {
        guard phase != .stopped else { throw .stopped }
        guard gain.isFinite, gain >= 0 else { throw .invalidArgument("a stream's gain must be a finite number ≥ 0") }
        let bus = try buses.index(of: name)
        do { _ = try AudioStreamDecoder.open(path: path) } catch { throw .decoding(error) }
        let index = streamVoices.firstIndex { !$0.live } ?? streamVoices.count
        guard index < 0x7FFF else { throw .invalidArgument("too many streams at once") }
        let generation = index < streamVoices.count ? streamVoices[index].generation + 1 : 1
        let record = StreamVoice(path: path, loop: loop, bus: bus, generation: generation, gain: gain)
        if index < streamVoices.count { streamVoices[index] = record } else { streamVoices.append(record) }
        let voice = Voice(slot: Self.streamSlotBase + index, generation: generation, runtime: runtimeTag)
        log(.game, "voiceStarted", [.init("sound", .string(path)), .init("voice", .integer(Int(voice.localID))),
                                    .init("stream", .bool(true)), .init("bus", .string(name.name))])
        startStreamIfPossible(index)
        return voice
    }

    /// The index of a live stream voice, nil when it has ended.
    func liveStream(_ voice: Voice) throws(GameSoundError) -> Int? {
        guard phase != .stopped else { throw .stopped }
        guard voice.runtime == runtimeTag else { throw .foreignVoice(voice) }
        let index = voice.slot - Self.streamSlotBase
        guard index < streamVoices.count, streamVoices[index].live, streamVoices[index].generation == voice.generation else { return nil }
        return index
    }

    func streamShouldSound(_ index: Int) -> Bool { !streamVoices[index].pausedByGame && !buses.isPaused(streamVoices[index].bus) }

    func streamGain(_ index: Int, at frame: Int) -> Float { streamVoices[index].gainRamp?.value(at: frame) ?? streamVoices[index].gain }

    /// Creates the OpenAL side of a stream voice when the context can be used, and plays it unless paused.
    func startStreamIfPossible(_ index: Int) {
        guard streamVoices[index].live, streamVoices[index].stream == nil, phase == .running, let context,
              (try? makeContextCurrentIfNeeded()) != nil else { return }
        let record = streamVoices[index]
        do {
            let stream = try AudioStream(path: record.path, loop: record.loop, volume: streamGain(index, at: currentFrame),
                                         startFrame: record.resumeAt, bus: record.bus, context: context)
            stream.busGain = busGains[record.bus]
            if let fade = record.stopFade { stream.fade = fade }
            streamVoices[index].stream = stream
            if streamShouldSound(index) { try stream.play(at: currentFrame) } else { try stream.cue() }
        } catch {
            logger.error("the stream \(record.path) cannot play: \(error)", metadata: LogCode.streamCannotPlay.metadata)
            endStream(index, reason: .stopped)
        }
    }

    /// Plays or pauses a stream voice to match its record and its bus.
    func syncStreamPlayState(_ index: Int) {
        guard let stream = streamVoices[index].stream else { return startStreamIfPossible(index) }
        if streamShouldSound(index), stream.state == .paused {
            try? stream.play(at: currentFrame)
            if let fade = streamVoices[index].stopFade { stream.fade = fade }
        } else if !streamShouldSound(index), stream.state == .playing {
            try? stream.pause()
        }
    }

    func endStream(_ index: Int, reason: VoiceEndReason) {
        guard streamVoices[index].live else { return }
        let voice = Voice(slot: Self.streamSlotBase + index, generation: streamVoices[index].generation, runtime: runtimeTag)
        if let stream = streamVoices[index].stream { discard(stream) }
        streamVoices[index].stream = nil
        streamVoices[index].live = false
        log(.game, "voiceEnded", [.init("voice", .integer(Int(voice.localID))), .init("sound", .string(streamVoices[index].path)),
                                  .init("reason", .string(reason.rawValue))])
    }

    /// Per-block work: gain ramps, refills, fade-outs that finished, streams that ended.
    func updateStreamVoices() {
        guard !streamVoices.isEmpty else { return }
        let now = currentFrame
        for index in streamVoices.indices where streamVoices[index].live {
            guard let stream = streamVoices[index].stream else { continue }
            stream.volume = streamGain(index, at: now)
            let finished = try? stream.update(at: now)
            if finished == .stop || stream.state == .stopped {
                endStream(index, reason: streamVoices[index].stopFade != nil ? .stopped : .finished)
            }
        }
    }

    /// Notes where each stream voice is, while the context can still be asked: for a rebuild to
    /// start from, and for ``streamPosition(_:)`` during an interruption. The context must be current.
    func noteStreamPositions() {
        for index in streamVoices.indices {
            guard let stream = streamVoices[index].stream else { continue }
            streamVoices[index].resumeAt = (try? stream.position()) ?? streamVoices[index].resumeAt
        }
    }

    /// Saves where each stream voice is and lets its OpenAL side go (the context is about to be destroyed).
    func releaseStreamVoices() {
        noteStreamPositions()
        for index in streamVoices.indices {
            streamVoices[index].stream?.destroy()
            streamVoices[index].stream = nil
        }
    }

    /// The frame of its file a stream voice plays now; nil for an effect voice or an ended stream.
    func streamPosition(_ voice: Voice) throws(GameSoundError) -> Int? {
        guard isStream(voice), let index = try liveStream(voice) else { return nil }
        if phase == .running, (try? makeContextCurrentIfNeeded()) != nil, let stream = streamVoices[index].stream {
            return (try? stream.position()) ?? streamVoices[index].resumeAt
        }
        return streamVoices[index].resumeAt
    }

    // MARK: - The voice calls, for streams

    func setStream(_ index: Int, gain: Float, frames: Int) {
        let now = currentFrame
        streamVoices[index].gainRamp = frames > 0
            ? Ramp(from: streamGain(index, at: now), to: gain, startFrame: now, frames: frames) : nil
        streamVoices[index].gain = gain
        streamVoices[index].stream?.volume = streamGain(index, at: now)
    }

    func setStreamPaused(_ index: Int, _ paused: Bool) {
        streamVoices[index].pausedByGame = paused
        if phase == .running, (try? makeContextCurrentIfNeeded()) != nil { syncStreamPlayState(index) }
    }

    func stopStream(_ index: Int, frames: Int) {
        guard frames > 0 else { return endStream(index, reason: .stopped) }
        let now = currentFrame
        let fade = Fade.toSilence(from: streamVoices[index].stopFade, at: now, frames: frames, then: .stop)
        streamVoices[index].stopFade = fade
        streamVoices[index].stream?.fade = fade
    }
}
