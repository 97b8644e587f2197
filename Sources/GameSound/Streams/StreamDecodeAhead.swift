// SPDX-License-Identifier: Zlib
import AudioFiles
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Decodes one streamed sound ahead of its player, on a decoding queue of its own, so that the
/// update that feeds OpenAL only takes blocks that are ready: a Vorbis page, an Opus loop jump
/// (which decodes up to half a second again) or a FLAC frame never runs inside the update, while
/// the game waits on the runtime.
///
/// It keeps up to ``depth`` blocks ready beyond what the player has taken. The blocks come in file
/// order, going back to the loop's start where a looping stream reaches its end, exactly as the
/// player decoded them itself before: the content never depends on timing, only on when it is
/// there. A player that must have the next block now (headless rendering, the first buffers of a
/// stream that starts) waits for it; the real-time update does not, and takes it at its next run.
///
/// The decoder belongs to the stream's decoding queue from the moment this is made: it is touched
/// by one queued block at a time, never by the player. Each stream has its queue (serial, on
/// Dispatch's threads, which it adds while others are busy): a stream whose file is slow (a disk
/// that sleeps, a long Opus loop jump) holds no other stream's refills or start up, as one queue
/// for every stream did.
final class StreamDecodeAhead: @unchecked Sendable {
    // Safe: `ready`, `scheduled` and `cancelled` are touched only holding `lock`; `decoder` and
    // `decoderDone` only by blocks on `queue`, a serial queue, one at a time.

    /// What the player takes next.
    enum Item {
        /// `pcm` starts at frame `start` of the file.
        case block(start: Int, pcm: PCMBuffer<Float>)
        /// The file ended (a stream that does not loop): nothing follows.
        case end
        /// The file failed to decode here: nothing follows. The sound ends; the game hears why.
        case failed(AudioFileError)
    }

    /// Blocks decoded ahead of the player at most: as many as it queues (``AudioStream/bufferCount``),
    /// so that a player made on a file opened ahead finds its whole first fill decoded (about 0.34 s
    /// at 48 kHz beyond the queued buffers while it plays).
    static let depth = AudioStream.bufferCount
    /// This stream's queue: one block at a time, in file order.
    private let queue = DispatchQueue(label: "GameSound stream decoding", qos: .userInteractive)

    private let lock = ConditionLock()
    private var ready: [Item] = []
    /// Blocks asked of the queue and not yet there.
    private var scheduled = 0
    private var cancelled = false
    /// Runs once, on the decoding queue, when the blocks are first full (``isFull(orWhenFull:)``).
    private var whenFull: (@Sendable () -> Void)?
    /// For tests: the first block waits this long (``stallFirstBlock(ofNextFileAt:seconds:)``).
    private var stallFirstBlock: Double?

    private let decoder: any StreamingDecoder
    private let loop: Bool
    private let loopRange: Range<Int>
    private let framesPerBlock: Int
    private var decoderDone = false

    /// Starts decoding `decoder`, the file at `path`, from where it stands.
    init(decoder: any StreamingDecoder, path: String, loop: Bool, loopRange: Range<Int>, framesPerBlock: Int) {
        stallFirstBlock = Self.takeStall(for: path)
        self.decoder = decoder
        self.loop = loop
        self.loopRange = loopRange
        self.framesPerBlock = framesPerBlock
        lock.withLock { scheduleMore() }
    }

    /// The next item, or nil when it is not decoded yet and `waiting` is false.
    func next(waiting: Bool) -> Item? {
        lock.withLock {
            while ready.isEmpty {
                guard waiting, !cancelled else { return nil }
                lock.wait()
            }
            let item = ready.removeFirst()
            if case .block = item { scheduleMore() }
            return item
        }
    }

    /// Waits until ``depth`` blocks are ready, or the file ended or failed before that.
    func waitUntilFull() {
        lock.withLock {
            while !isFull { lock.wait() }
        }
    }

    /// Whether ``waitUntilFull()`` would return at once. If not, `action` runs on the stream's decoding queue
    /// once it would (not if the decoding is cancelled first), in place of an action given before:
    /// a real-time stream that starts is given its player when its first blocks are there, without
    /// anyone waiting for them.
    func isFull(orWhenFull action: @escaping @Sendable () -> Void) -> Bool {
        lock.withLock {
            if isFull { return true }
            whenFull = action
            return false
        }
    }

    /// ``depth`` blocks ready, or the file's end or failure; or cancelled (nothing more comes). Holding the lock.
    private var isFull: Bool { ready.count >= Self.depth || cancelled || endIsReady }

    /// Whether the last item ready is the file's end or failure (nothing more will come). Holding the lock.
    private var endIsReady: Bool {
        guard let last = ready.last else { return false }
        if case .block = last { return false }
        return true
    }

    /// Stops decoding: what is ready is dropped, blocks already asked for do nothing.
    func cancel() {
        lock.withLock {
            cancelled = true
            ready = []
            whenFull = nil
            lock.broadcast()
        }
    }

    /// Asks the queue for blocks until ``depth`` are ready or coming. Holding the lock.
    private func scheduleMore() {
        guard !cancelled, !endIsReady else { return }
        while ready.count + scheduled < Self.depth {
            scheduled += 1
            queue.async { self.decodeOne() }
        }
    }

    /// On the queue: decodes one block and hands it over.
    private func decodeOne() {
        guard !lock.withLock({ cancelled }), !decoderDone else {
            lock.withLock { scheduled -= 1 }
            return
        }
        if let seconds = lock.withLock({ stallFirstBlock.take() }) { usleep(UInt32(seconds * 1_000_000)) }
        let item = decodeNext()
        if case .block = item {} else { decoderDone = true }
        let full = lock.withLock { () -> (@Sendable () -> Void)? in
            scheduled -= 1
            guard !cancelled else { return nil }
            ready.append(item)
            lock.broadcast()
            guard isFull, let action = whenFull else { return nil }
            whenFull = nil
            return action
        }
        full?()
    }

    /// For tests only: the first block of the next file opened at `path` is decoded only after
    /// `seconds`, as a file on a slow disk, or a queue busy with other streams' blocks, makes a
    /// stream's first blocks late.
    static func stallFirstBlock(ofNextFileAt path: String, seconds: Double) {
        stalls.withLock { stalls in
            stalls[path] = seconds
            stallsArmed.store(true, ordering: .relaxed)
        }
    }

    private static let stalls = Mutex<[String: Double]>([:])
    /// Whether any stall is armed: the common case reads this, not the lock.
    private static let stallsArmed = Atomic<Bool>(false)

    /// The stall armed for `path`, disarmed.
    private static func takeStall(for path: String) -> Double? {
        guard stallsArmed.load(ordering: .relaxed) else { return nil }
        return stalls.withLock { stalls in
            defer { stallsArmed.store(!stalls.isEmpty, ordering: .relaxed) }
            return stalls.removeValue(forKey: path)
        }
    }

    /// The next block of the file; a looping stream goes back to the loop's start at its end.
    private func decodeNext() -> Item {
        do {
            if loop, !loopRange.isEmpty, decoder.position >= loopRange.upperBound { try decoder.seek(toFrame: loopRange.lowerBound) }
            var start = decoder.position
            let untilLoopEnd = loop && start < loopRange.upperBound ? loopRange.upperBound - start : framesPerBlock
            var pcm = try decoder.read(maxFrames: max(1, min(framesPerBlock, untilLoopEnd)))
            if pcm.frameCount == 0, loop, !loopRange.isEmpty {
                try decoder.seek(toFrame: loopRange.lowerBound)
                start = loopRange.lowerBound
                pcm = try decoder.read(maxFrames: min(framesPerBlock, loopRange.count))
            }
            return pcm.frameCount > 0 ? .block(start: start, pcm: pcm) : .end
        } catch {
            return .failed(error)
        }
    }
}
