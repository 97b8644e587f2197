// SPDX-License-Identifier: Zlib
import AudioFiles
import OpenAL

/// The OpenAL side of one streamed sound (a ``StreamRecord``: the soundtrack, an ambience bed, a long
/// line of dialogue): a source fed from a WAV or Ogg Vorbis file a few buffers ahead through queued
/// OpenAL buffers, so memory stays the same however long it is. A looping stream honours the file's
/// loop points (intro, then the loop).
///
/// It holds nothing the game asked for: its record says what gain it plays at and when it pauses or
/// stops, and a new player can always be made from the record where the last one was. Lives inside
/// the runtime's lock, with the runtime's context current. (That lock keeps its accesses exclusive,
/// so the properties a quiet update reads skip Swift's dynamic check, as the runtime's core does.)
///
/// It decodes nothing itself once it has started: its ``StreamDecodeAhead`` decodes the file ahead
/// on the stream's own decoding queue, and a refill only uploads blocks that are ready. Headless, and for
/// the first buffers of a player, it waits for the block it needs, so the audio is the same
/// whatever the timing; the real-time update never waits, and a block that is late is queued at
/// the next update (the queued buffers hold about a third of a second).
final class AudioStream {
    enum State: Equatable {
        case playing
        case paused
        case stopped
    }

    static let bufferCount = 4
    static let framesPerBuffer = 4_096

    let path: String
    let loop: Bool
    /// The file frame its first play starts from.
    let startFrame: Int
    private let decoding: StreamDecodeAhead
    /// Whether every refill waits for the blocks it needs (headless: the same audio every run).
    private let waitsForDecoding: Bool
    let frameCount: Int
    /// The file's sample rate.
    let sampleRate: Int
    /// The file frame just after the last block taken from the decoding: where the file goes on.
    @exclusivity(unchecked) private var decodedUpTo: Int
    /// Why the file stopped decoding partway, if it did: the stream ends there, and the runtime says why.
    private(set) var decodingFailure: AudioFileError?
    /// Where a looping stream jumps back to, and the frame it jumps at: the file's loop points, or
    /// the whole file.
    let loopRange: Range<Int>
    private let source: ALSource
    @exclusivity(unchecked) private var freeBuffers: [ALBuffer]
    /// The queued buffers, oldest first: the track frame each starts at, and its samples (kept for
    /// the level meters, which read what is being heard).
    @exclusivity(unchecked) private var queued: [(start: Int, pcm: PCMBuffer<Float>)] = []
    /// The buffer heard just before the oldest queued one, so a meter window can reach back into it.
    private var lastPlayed: PCMBuffer<Float>?
    @exclusivity(unchecked) private var decoderExhausted = false
    @exclusivity(unchecked) private(set) var state: State = .stopped
    private(set) var underruns = 0
    /// Frames of the file its source has played to the end of, block by block, since its first play:
    /// where its clock stands when it restarts after running dry (``keepFed(restarting:)``).
    private var playedFrames = 0

    /// Frames of the file its source has been given since its first play: the played ones and the
    /// queued ones. Its source cannot be past them.
    var framesGiven: Int { queued.reduce(playedFrames) { $0 + $1.pcm.frameCount } }
    /// The frames of the file its source will have played (counted as ``playedFrames`` is) once its
    /// oldest queued buffer is done, when a refill (or, on the last buffer, the end) is due: nil with
    /// nothing queued.
    var playedFramesAtNextRefill: Int? { queued.first.map { playedFrames + $0.pcm.frameCount } }
    /// A free buffer waits for a block its decoding has not made yet: a refill may be due at any update.
    var waitsForBlocks: Bool { !freeBuffers.isEmpty && !decoderExhausted }
    /// The fraction of a frame past `startFrame` its first play starts at (a player made again where
    /// another one was, in the middle of resampling), applied with the first `play`; set before it
    /// on a player made ahead (``PreparedOutput``).
    var startFraction: Double
    private var hasPlayed = false
    /// The gain its source was last given (the player's shadow): an unchanged gain is not set again.
    @exclusivity(unchecked) private var appliedGain: Float?

    /// A player of `file` (opened at its start frame), which begins `fraction` of a frame further
    /// from its first play on.
    ///
    /// - Parameter waitsForDecoding: Whether every refill waits for the blocks it needs (headless);
    ///   otherwise only the first one does.
    init(file: OpenedStreamFile, fraction: Double = 0, context: ALContext, waitsForDecoding: Bool) throws(GameSoundError) {
        startFraction = fraction
        path = file.path
        loop = file.loop
        startFrame = file.startFrame
        loopRange = file.loopRange
        frameCount = file.frameCount
        sampleRate = file.sampleRate
        decodedUpTo = file.position
        decoding = file.decoding
        self.waitsForDecoding = waitsForDecoding
        // Made into locals first: what was made before a failure is deleted, not leaked with the half-made player.
        var made: (source: ALSource?, buffers: [ALBuffer]) = (nil, [])
        do {
            let source = try ALSource(context: context)
            made.source = source
            try source.setRelativeToListener(true)
            for _ in 0..<Self.bufferCount { made.buffers.append(try ALBuffer(context: context)) }
            self.source = source
            freeBuffers = made.buffers
        } catch {
            // The failure reported is the one thrown; one in deleting what it left behind would say nothing more.
            for buffer in made.buffers { try? buffer.delete() }
            try? made.source?.delete()
            throw .openAL(error)
        }
    }

    /// The frame of the file being heard now. The queued buffers need not follow each other in the
    /// file (a loop jumps back), so the offset is found buffer by buffer.
    func position() throws(OpenALError) -> Int {
        guard !queued.isEmpty else { return decodedUpTo }
        var offset = try source.offset()
        for chunk in queued {
            if offset < chunk.pcm.frameCount { return chunk.start + offset }
            offset -= chunk.pcm.frameCount
        }
        return decodedUpTo
    }

    /// Starts or resumes it at `gain`.
    ///
    /// - Parameter justBeforeStart: Called right before `alSourcePlay`, after the refill (a first
    ///   one uploads four blocks): where the runtime reads the device's clock for the stream's, so
    ///   that a mix of the device during the refill does not come between the two.
    func play(gain: Float, justBeforeStart: () -> Void = {}) throws(OpenALError) {
        try refill(waiting: !hasPlayed)
        try setGain(gain)
        if !hasPlayed, startFraction > 0 {
            // Within the first queued buffer. Without AL_SOFT_source_latency it starts on the frame.
            do { try source.setOffset(frames: startFraction) } catch where error.code == .extensionMissing("AL_SOFT_source_latency") {}
        }
        hasPlayed = true
        justBeforeStart()
        try source.play()
        state = .playing
    }

    /// Queues the first buffers without playing: a stream that starts paused, ready for ``play(at:)``.
    func cue() throws(OpenALError) {
        try refill(waiting: true)
        state = .paused
    }

    /// Pauses it, unless it has already played out: its source stopped by itself after the file's
    /// last block and nothing is left to queue. That one is left as it is for the next
    /// ``keepFed(restarting:)``, which ends it: paused, it would wait for a resume to end (a bus
    /// paused just after a stream's last frame, for one).
    ///
    /// - Returns: Whether it paused; false when it had played out.
    @discardableResult
    func pause() throws(OpenALError) -> Bool {
        if try hasPlayedOut() { return false }
        try source.pause()
        state = .paused
        return true
    }

    /// Playing, and its source has played every block the file had: what ``keepFed(restarting:)``
    /// takes for the track's end.
    private func hasPlayedOut() throws(OpenALError) -> Bool {
        guard state == .playing, decoderExhausted, try source.state() == .stopped else { return false }
        if queued.isEmpty { return true }
        return try source.processedBufferCount() == queued.count
    }

    func stop() throws(OpenALError) {
        try source.stop()
        state = .stopped
    }

    /// The gain of its source: the record's gain, its bus and its fade, worked out by the runtime.
    func setGain(_ gain: Float) throws(OpenALError) {
        guard gain != appliedGain else { return }
        try source.setGain(gain)
        appliedGain = gain
    }

    /// Whether ``keepFed(restarting:)`` has anything to do: a buffer has played out (a refill, an underrun or
    /// the end all start so), the queue is empty, or a free buffer can take more of the file. Asks
    /// OpenAL one thing at most; false while paused or stopped.
    func needsFeeding() throws(OpenALError) -> Bool {
        guard state == .playing else { return false }
        if queued.isEmpty || waitsForBlocks { return true }
        return try source.processedBufferCount() > 0
    }

    /// Per-block work while it plays: refilling processed buffers, and restarting after an underrun.
    ///
    /// - Parameter restarting: Called right before a source that ran dry plays again, with the
    ///   frames of the file it had played (every block it was given): its clock stood still from
    ///   when it ran dry, and goes on from there now.
    /// - Returns: Whether the track ended (a stream that does not loop ran out); it is stopped then.
    func keepFed(restarting: (_ playedFrames: Int) -> Void) throws(OpenALError) -> Bool {
        try refill(waiting: waitsForDecoding)
        if try hasPlayedOut() {
            state = .stopped  // the track ended (no loop), or its file failed
            return true
        }
        if !queued.isEmpty, try source.state() == .stopped {
            underruns += 1
            restarting(playedFrames)
            try source.play()
        }
        // A source stopped with nothing queued: nothing is decoded yet to play on (the decoding fell
        // behind); the refill of a later update queues it, and this restarts it then.
        return false
    }

    /// Adds the last `window.frames` frames heard from this stream into `window`, for the level
    /// meters: those before the file frame `position`, which its clock says is heard now (found in
    /// the queued buffers one by one: a loop jumps back). Asks OpenAL nothing.
    func addLevels(into window: inout MeterWindow, gain: Float, heardAt position: Int) {
        guard state == .playing, let first = queued.first else { return }
        let chunks = (lastPlayed.map { [$0] } ?? []) + queued.map(\.pcm)
        // Past every queued buffer (none holds it): the source played them all.
        var heard = lastPlayed?.frameCount ?? 0
        for block in queued {
            let offset = position - block.start
            if offset >= 0, offset < block.pcm.frameCount {
                heard += offset
                break
            }
            heard += block.pcm.frameCount
        }
        window.add(format: first.pcm.format, end: Double(heard), pitch: 1, gains: (gain, gain)) { index in
            var index = index
            for chunk in chunks {
                if index < chunk.frameCount { return chunk.stereoFrame(index) }
                index -= chunk.frameCount
            }
            return nil
        }
    }

    /// Unqueues played buffers and queues decoded ones until the queue is full, or (not `waiting`)
    /// until no decoded block is ready.
    private func refill(waiting: Bool) throws(OpenALError) {
        let processed = try source.processedBufferCount()
        if processed > 0 {
            freeBuffers += try source.unqueue(processed)
            let played = min(processed, queued.count)
            if played > 0 { lastPlayed = queued[played - 1].pcm }
            for block in queued[..<played] { playedFrames += block.pcm.frameCount }
            queued.removeFirst(played)
        }
        while let buffer = freeBuffers.last, let block = nextBlock(waiting: waiting) {
            try block.pcm.samples.withUnsafeBufferPointer { samples throws(OpenALError) in
                try buffer.upload(samples, channelCount: block.pcm.format.channelCount, sampleRate: block.pcm.format.sampleRate)
            }
            try source.queue([buffer])
            freeBuffers.removeLast()
            queued.append((block.start, block.pcm))
        }
    }

    /// The next decoded block, nil when none is ready (not `waiting`) or the file has ended. A
    /// decoding error ends the stream rather than the game: that sound stops, everything else plays on.
    private func nextBlock(waiting: Bool) -> (start: Int, pcm: PCMBuffer<Float>)? {
        guard !decoderExhausted, let item = decoding.next(waiting: waiting) else { return nil }
        switch item {
        case .block(let start, let pcm):
            decodedUpTo = start + pcm.frameCount
            return (start, pcm)
        case .end:
            decoderExhausted = true
        case .failed(let error):
            decoderExhausted = true
            decodingFailure = error
        }
        return nil
    }

    /// Stops decoding and leaves the source and buffers to the context and device they were made in,
    /// which are being retired whole (``ALMirror/retireOutputWhole(letting:)``): deleting them there
    /// deletes these.
    func abandon() {
        decoding.cancel()
        state = .stopped
    }

    /// Deletes the source and buffers. The context must be current. A call that fails is handed to
    /// `failed` and the rest goes on (``RuntimeCore/destroy(_:)`` reports it).
    func destroy(_ failed: (OpenALError) -> Void) {
        decoding.cancel()
        let attached = source.queuedBuffers
        do { try source.stop() } catch { failed(error) }
        do { try source.setBuffer(nil) } catch { failed(error) }
        do { try source.delete() } catch { failed(error) }
        for buffer in freeBuffers + attached {
            do { try buffer.delete() } catch { failed(error) }
        }
        freeBuffers = []
        queued = []
        lastPlayed = nil
        state = .stopped
    }

}
