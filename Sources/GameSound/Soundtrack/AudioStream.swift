import AudioFiles
import OpenAL

/// One streamed sound (the soundtrack, an ambience bed, a long line of dialogue), read from a WAV or
/// Ogg Vorbis file a few buffers ahead through queued OpenAL buffers, so memory stays the same
/// however long it is. A looping stream honours the file's loop points (intro, then the loop).
/// Lives inside the runtime's lock, with the runtime's context current.
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
    private let decoder: any StreamingDecoder
    /// Where a looping stream jumps back to, and the frame it jumps at: the file's loop points, or
    /// the whole file.
    private let loopRange: Range<Int>
    private let source: ALSource
    private var freeBuffers: [ALBuffer]
    /// The queued buffers, oldest first: the track frame each starts at, and its samples (kept for
    /// the level meters, which read what is being heard).
    private var queued: [(start: Int, pcm: PCMBuffer<Float>)] = []
    /// The buffer heard just before the oldest queued one, so a meter window can reach back into it.
    private var lastPlayed: PCMBuffer<Float>?
    private var decoderExhausted = false
    private(set) var state: State = .stopped
    var volume: Float
    /// The bus it plays on, by number in the bus tree.
    let bus: Int
    /// Its bus's gain, which the runtime keeps up to date.
    var busGain: Float = 1
    var fade: Fade?
    private(set) var underruns = 0

    /// Opens the file and positions it at `startFrame`.
    init(path: String, loop: Bool, volume: Float, startFrame: Int, bus: Int, context: ALContext) throws(GameSoundError) {
        do {
            decoder = try AudioStreamDecoder.open(path: path)
            if startFrame > 0 { try decoder.seek(toFrame: startFrame % max(decoder.frameCount, 1)) }
        } catch {
            throw .decoding(error)
        }
        loopRange = decoder.loopPoints?.frames ?? 0..<decoder.frameCount
        self.path = path
        self.loop = loop
        self.volume = volume
        self.bus = bus
        do {
            source = try ALSource(context: context)
            try source.setRelativeToListener(true)
            freeBuffers = try (0..<Self.bufferCount).map { _ throws(OpenALError) in try ALBuffer(context: context) }
        } catch {
            throw .openAL(error)
        }
    }

    var frameCount: Int { decoder.frameCount }

    /// The frame of the file being heard now. The queued buffers need not follow each other in the
    /// file (a loop jumps back), so the offset is found buffer by buffer.
    func position() throws(OpenALError) -> Int {
        guard !queued.isEmpty else { return decoder.position }
        var offset = try source.offset()
        for chunk in queued {
            if offset < chunk.pcm.frameCount { return chunk.start + offset }
            offset -= chunk.pcm.frameCount
        }
        return decoder.position
    }

    func play(at frame: Int) throws(OpenALError) {
        try refill()
        try applyGain(at: frame)
        try source.play()
        state = .playing
    }

    /// Queues the first buffers without playing: a stream that starts paused, ready for ``play(at:)``.
    func cue() throws(OpenALError) {
        try refill()
        state = .paused
    }

    func pause() throws(OpenALError) {
        try source.pause()
        state = .paused
        fade = nil
    }

    func stop() throws(OpenALError) {
        try source.stop()
        state = .stopped
        fade = nil
    }

    /// Per-block work: fades, refilling processed buffers, and restarting after an underrun.
    /// - Returns: The fade's completion if it finished in this update.
    func update(at frame: Int) throws(OpenALError) -> Fade.Completion? {
        guard state == .playing else { return nil }
        try applyGain(at: frame)
        var finished: Fade.Completion?
        if let fade, fade.ramp.isFinished(at: frame) {
            self.fade = nil
            finished = fade.completion
            switch fade.completion {
            case .pause: try pause()
            case .stop: try stop()
            case .none: break
            }
            if state != .playing { return finished }
        }
        try refill()
        let sourceState = try source.state()
        if sourceState == .stopped {
            let processed = try source.processedBufferCount()
            if queued.isEmpty || (decoderExhausted && processed == queued.count) {
                state = .stopped  // the track ended (no loop)
            } else {
                underruns += 1
                try source.play()
            }
        }
        return finished
    }

    private func applyGain(at frame: Int) throws(OpenALError) {
        try source.setGain(gain(at: frame))
    }

    private func gain(at frame: Int) -> Float { volume * busGain * (fade?.ramp.value(at: frame) ?? 1) }

    /// Adds the last `window.frames` frames heard from this stream into `window`, for the level meters.
    func addLevels(into window: inout MeterWindow, at frame: Int) throws(OpenALError) {
        guard state == .playing, let first = queued.first else { return }
        let chunks = (lastPlayed.map { [$0] } ?? []) + queued.map(\.pcm)
        let heard = (lastPlayed?.frameCount ?? 0) + (try source.offset())
        let gain = gain(at: frame)
        window.add(format: first.pcm.format, end: Double(heard), pitch: 1, gains: (gain, gain)) { index in
            var index = index
            for chunk in chunks {
                if index < chunk.frameCount { return chunk.stereoFrame(index) }
                index -= chunk.frameCount
            }
            return nil
        }
    }

    /// Unqueues played buffers and queues freshly decoded ones until the queue is full.
    private func refill() throws(OpenALError) {
        let processed = try source.processedBufferCount()
        if processed > 0 {
            freeBuffers += try source.unqueue(processed)
            let played = min(processed, queued.count)
            if played > 0 { lastPlayed = queued[played - 1].pcm }
            queued.removeFirst(played)
        }
        while let buffer = freeBuffers.last, let block = nextBlock() {
            try block.pcm.samples.withUnsafeBufferPointer { samples throws(OpenALError) in
                try buffer.upload(samples, channelCount: block.pcm.format.channelCount, sampleRate: block.pcm.format.sampleRate)
            }
            try source.queue([buffer])
            freeBuffers.removeLast()
            queued.append((block.start, block.pcm))
        }
    }

    /// The next block of the file; a looping stream goes back to the loop's start at its end. A
    /// decoding error ends the stream rather than the game: that sound stops, everything else plays on.
    private func nextBlock() -> (start: Int, pcm: PCMBuffer<Float>)? {
        guard !decoderExhausted else { return nil }
        do {
            if loop, !loopRange.isEmpty, decoder.position >= loopRange.upperBound { try decoder.seek(toFrame: loopRange.lowerBound) }
            var start = decoder.position
            let untilLoopEnd = loop && start < loopRange.upperBound ? loopRange.upperBound - start : Self.framesPerBuffer
            var pcm = try decoder.read(maxFrames: max(1, min(Self.framesPerBuffer, untilLoopEnd)))
            if pcm.frameCount == 0, loop, !loopRange.isEmpty {
                try decoder.seek(toFrame: loopRange.lowerBound)
                start = loopRange.lowerBound
                pcm = try decoder.read(maxFrames: min(Self.framesPerBuffer, loopRange.count))
            }
            guard pcm.frameCount > 0 else {
                decoderExhausted = true
                return nil
            }
            return (start, pcm)
        } catch {
            decoderExhausted = true
            return nil
        }
    }

    /// Deletes the source and buffers. The context must be current.
    func destroy() {
        let attached = source.queuedBuffers
        try? source.stop()
        try? source.setBuffer(nil)
        try? source.delete()
        for buffer in freeBuffers + attached { try? buffer.delete() }
        freeBuffers = []
        queued = []
        lastPlayed = nil
        state = .stopped
    }

}
