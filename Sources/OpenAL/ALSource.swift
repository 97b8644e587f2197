// SPDX-License-Identifier: Zlib
import COpenAL

/// A voice: something that plays a buffer, or a queue of buffers, in its context.
///
/// Every call checks that the source's context is current and turns OpenAL's error into an
/// ``OpenALError``. Not thread-safe: keep it with one owner.
public final class ALSource {
    /// What a source is doing.
    public enum State: Sendable, Hashable {
        /// Never played, or rewound.
        case initial
        /// Playing (also while its device is paused).
        case playing
        /// Paused; ``ALSource/play()`` continues.
        case paused
        /// Finished or stopped.
        case stopped
    }

    /// The OpenAL name (`ALuint`) of this source.
    public let name: UInt32
    /// The context the source lives in.
    public let context: ALContext
    /// Whether ``delete()`` has run.
    public private(set) var isDeleted = false
    /// Buffers queued with ``queue(_:)`` and not yet unqueued, oldest first.
    public private(set) var queuedBuffers: [ALBuffer] = []
    /// The effect slot each send feeds, by send index, as set with
    /// ``setAuxiliarySend(_:send:filter:)``; a disconnected send has no entry.
    public internal(set) var auxiliarySends: [Int: ALAuxiliarySlot] = [:]

    /// Creates a source in `context`, which must be current.
    ///
    /// The corresponding C function is `alGenSources`.
    public init(context: ALContext) throws(OpenALError) {
        try context.requireCurrent("alGenSources")
        self.name = try ALCall.generateSource()
        self.context = context
        context.liveSourceCount += 1
    }

    // MARK: Playback

    /// Starts playing, continues after a pause, or restarts a stopped source from the beginning.
    ///
    /// The corresponding C function is `alSourcePlay`.
    public func play() throws(OpenALError) {
        try requireUsable("alSourcePlay")
        try ALCall.play(name)
    }

    /// Pauses, keeping the playback position.
    ///
    /// The corresponding C function is `alSourcePause`.
    public func pause() throws(OpenALError) {
        try requireUsable("alSourcePause")
        try ALCall.pause(name)
    }

    /// Stops; all queued buffers count as processed.
    ///
    /// The corresponding C function is `alSourceStop`.
    public func stop() throws(OpenALError) {
        try requireUsable("alSourceStop")
        try ALCall.stop(name)
    }

    /// Returns the source to ``State/initial`` at the start of its buffer.
    ///
    /// The corresponding C function is `alSourceRewind`.
    public func rewind() throws(OpenALError) {
        try requireUsable("alSourceRewind")
        try ALCall.rewind(name)
    }

    /// The source's current state (`AL_SOURCE_STATE`).
    public func state() throws(OpenALError) -> State {
        try requireUsable("alGetSourcei")
        switch try ALCall.sourceInteger(name, AL_SOURCE_STATE) {
        case AL_PLAYING: return .playing
        case AL_PAUSED: return .paused
        case AL_STOPPED: return .stopped
        default: return .initial
        }
    }

    // MARK: Properties

    /// Sets the volume: 1 is unchanged, 0.5 halves the amplitude, 0 is silent (`AL_GAIN`).
    public func setGain(_ gain: Float) throws(OpenALError) { try set(AL_GAIN, gain, "alSourcef") }

    /// The volume (`AL_GAIN`).
    public func gain() throws(OpenALError) -> Float { try float(AL_GAIN) }

    /// Sets the playback speed and pitch: 2 is an octave up (`AL_PITCH`).
    public func setPitch(_ pitch: Float) throws(OpenALError) { try set(AL_PITCH, pitch, "alSourcef") }

    /// The playback speed (`AL_PITCH`).
    public func pitch() throws(OpenALError) -> Float { try float(AL_PITCH) }

    /// Places the source in 3-D space (`AL_POSITION`); x is right, y up, z towards the listener.
    public func setPosition(x: Float, y: Float, z: Float) throws(OpenALError) {
        try requireUsable("alSource3f")
        try ALCall.setSource(name, AL_POSITION, x: x, y: y, z: z)
    }

    /// The source's position (`AL_POSITION`).
    public func position() throws(OpenALError) -> (x: Float, y: Float, z: Float) {
        try requireUsable("alGetSource3f")
        let (x, y, z) = try ALCall.sourceVector(name, AL_POSITION)
        return (x, y, z)
    }

    /// Whether the position is relative to the listener rather than to the world (`AL_SOURCE_RELATIVE`).
    public func setRelativeToListener(_ relative: Bool) throws(OpenALError) {
        try set(AL_SOURCE_RELATIVE, relative ? AL_TRUE : AL_FALSE)
    }

    /// Whether the position is relative to the listener (`AL_SOURCE_RELATIVE`, false by default).
    public func isRelativeToListener() throws(OpenALError) -> Bool { try integer(AL_SOURCE_RELATIVE) == AL_TRUE }

    /// Whether the source restarts its buffer when it reaches the end (`AL_LOOPING`).
    public func setLooping(_ looping: Bool) throws(OpenALError) { try set(AL_LOOPING, looping ? AL_TRUE : AL_FALSE) }

    /// Whether the source loops (`AL_LOOPING`).
    public func isLooping() throws(OpenALError) -> Bool { try integer(AL_LOOPING) == AL_TRUE }

    /// Moves the playback position to `frame` within the current buffer or queue (`AL_SAMPLE_OFFSET`).
    public func setOffset(frames: Int) throws(OpenALError) { try set(AL_SAMPLE_OFFSET, Int32(clamping: frames)) }

    /// Moves the playback position to `frames` within the current buffer or queue, fraction of a frame
    /// included (`AL_SAMPLE_OFFSET` through `alSourcedSOFT`, extension `AL_SOFT_source_latency`): a
    /// source restarted where another one was resamples exactly as that one would have.
    public func setOffset(frames: Double) throws(OpenALError) {
        try requireUsable("alSourcedSOFT")
        try ALCall.setSource(name, AL_SAMPLE_OFFSET, double: frames)
    }

    /// The playback position in frames within the current buffer or queue (`AL_SAMPLE_OFFSET`).
    public func offset() throws(OpenALError) -> Int { Int(try integer(AL_SAMPLE_OFFSET)) }

    /// Attaches one buffer for ordinary (non-streamed) playback, or detaches with nil (`AL_BUFFER`).
    public func setBuffer(_ buffer: ALBuffer?) throws(OpenALError) {
        if let buffer { try buffer.requireUsable("alSourcei") }
        try set(AL_BUFFER, Int32(bitPattern: buffer?.name ?? 0))
        queuedBuffers = buffer.map { [$0] } ?? []
    }

    // MARK: Streaming

    /// Appends buffers to the source's queue, to be played one after the other without gaps.
    ///
    /// The corresponding C function is `alSourceQueueBuffers`.
    public func queue(_ buffers: [ALBuffer]) throws(OpenALError) {
        try requireUsable("alSourceQueueBuffers")
        for buffer in buffers { try buffer.requireUsable("alSourceQueueBuffers") }
        try ALCall.queueBuffers(name, buffers.map(\.name))
        queuedBuffers += buffers
    }

    /// How many queued buffers have finished playing and can be unqueued (`AL_BUFFERS_PROCESSED`).
    public func processedBufferCount() throws(OpenALError) -> Int { Int(try integer(AL_BUFFERS_PROCESSED)) }

    /// How many buffers are queued, processed or not (`AL_BUFFERS_QUEUED`).
    public func queuedBufferCount() throws(OpenALError) -> Int { Int(try integer(AL_BUFFERS_QUEUED)) }

    /// Removes the oldest `count` processed buffers from the queue and returns them for refilling.
    ///
    /// The corresponding C function is `alSourceUnqueueBuffers`.
    public func unqueue(_ count: Int) throws(OpenALError) -> [ALBuffer] {
        try requireUsable("alSourceUnqueueBuffers")
        guard count > 0 else { return [] }
        let names = try ALCall.unqueueBuffers(name, count: count)
        var removed: [ALBuffer] = []
        for bufferName in names {
            if let index = queuedBuffers.firstIndex(where: { $0.name == bufferName }) {
                removed.append(queuedBuffers.remove(at: index))
            }
        }
        return removed
    }

    /// Deletes the source (stopping it first), which also disconnects its effect sends. Deleting
    /// twice does nothing.
    ///
    /// The corresponding C function is `alDeleteSources`.
    public func delete() throws(OpenALError) {
        guard !isDeleted else { return }
        try context.requireCurrent("alDeleteSources")
        try ALCall.deleteSource(name)
        isDeleted = true
        context.liveSourceCount -= 1
        queuedBuffers = []
        for slot in auxiliarySends.values { slot.feedingSendCount -= 1 }
        auxiliarySends = [:]
    }

    // MARK: Helpers

    func requireUsable(_ operation: StaticString) throws(OpenALError) {
        if isDeleted { throw OpenALError.raised(operation: "\(operation)", code: .deleted) }
        try context.requireCurrent(operation)
    }

    func set(_ parameter: Int32, _ value: Float, _ operation: StaticString) throws(OpenALError) {
        try requireUsable(operation)
        try ALCall.setSource(name, parameter, float: value)
    }

    func set(_ parameter: Int32, _ value: Int32) throws(OpenALError) {
        try requireUsable("alSourcei")
        try ALCall.setSource(name, parameter, integer: value)
    }

    func float(_ parameter: Int32) throws(OpenALError) -> Float {
        try requireUsable("alGetSourcef")
        return try ALCall.sourceFloat(name, parameter)
    }

    func integer(_ parameter: Int32) throws(OpenALError) -> Int32 {
        try requireUsable("alGetSourcei")
        return try ALCall.sourceInteger(name, parameter)
    }
}
