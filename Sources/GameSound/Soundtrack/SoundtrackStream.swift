import AudioFiles
import OpenAL

/// One Ogg Vorbis track streamed through a few queued OpenAL buffers, so memory stays the same
/// however long the track is. Lives inside the runtime's lock, with the runtime's context current.
final class SoundtrackStream {
    enum State: Equatable {
        case playing
        case paused
        case stopped
    }

    static let bufferCount = 4
    static let framesPerBuffer = 4_096

    let path: String
    let loop: Bool
    private let decoder: VorbisStreamDecoder
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
    /// The music bus's gain, which the runtime keeps up to date.
    var busGain: Float = 1
    var fade: Fade?
    private(set) var underruns = 0

    /// Opens the track and positions it at `startFrame`.
    init(path: String, loop: Bool, volume: Float, startFrame: Int, context: ALContext) throws(GameSoundError) {
        do {
            decoder = try VorbisStreamDecoder(path: path)
            if startFrame > 0 { try decoder.seek(toFrame: startFrame % max(decoder.frameCount, 1)) }
        } catch {
            throw .decoding(error)
        }
        self.path = path
        self.loop = loop
        self.volume = volume
        do {
            source = try ALSource(context: context)
            try source.setRelativeToListener(true)
            freeBuffers = try (0..<Self.bufferCount).map { _ throws(OpenALError) in try ALBuffer(context: context) }
        } catch {
            throw .openAL(error)
        }
    }

    var frameCount: Int { decoder.frameCount }

    /// The frame of the track being heard now.
    func position() throws(OpenALError) -> Int {
        guard let first = queued.first else { return decoder.position }
        let offset = try source.offset()
        return (first.start + offset) % max(decoder.frameCount, 1)
    }

    func play(at frame: Int) throws(OpenALError) {
        try refill()
        try applyGain(at: frame)
        try source.play()
        state = .playing
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
        if let fade, fade.isFinished(at: frame) {
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

    private func gain(at frame: Int) -> Float { volume * busGain * (fade?.gain(at: frame) ?? 1) }

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

    /// The next block of the track, wrapping to the start when looping. A decoding error ends the
    /// stream rather than the game: the music stops, everything else plays on.
    private func nextBlock() -> (start: Int, pcm: PCMBuffer<Float>)? {
        guard !decoderExhausted else { return nil }
        do {
            var start = decoder.position
            var pcm = try decoder.read(maxFrames: Self.framesPerBuffer)
            if pcm.frameCount == 0, loop, decoder.frameCount > 0 {
                try decoder.seek(toFrame: 0)
                start = 0
                pcm = try decoder.read(maxFrames: Self.framesPerBuffer)
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
