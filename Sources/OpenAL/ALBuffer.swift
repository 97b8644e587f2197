// SPDX-License-Identifier: Zlib
import COpenAL

/// A block of audio uploaded to OpenAL, which sources play or queue.
///
/// Buffers belong to their context's device. Create them while their context is current;
/// every call checks that it still is. Not thread-safe: keep it with one owner.
public final class ALBuffer {
    /// The OpenAL name (`ALuint`) of this buffer.
    public let name: UInt32
    /// The context that was current when the buffer was created.
    public let context: ALContext
    /// Whether ``delete()`` has run.
    public private(set) var isDeleted = false

    /// Creates an empty buffer in `context`, which must be current.
    ///
    /// The corresponding C function is `alGenBuffers`.
    public init(context: ALContext) throws(OpenALError) {
        try context.requireCurrent("alGenBuffers")
        self.name = try ALCall.generateBuffer()
        self.context = context
        context.device.liveBufferCount += 1
    }

    /// Uploads interleaved 16-bit samples.
    ///
    /// - Parameters:
    ///   - samples: Interleaved samples, a whole number of frames.
    ///   - channelCount: 1 or 2. Mono buffers are positioned in 3-D; stereo buffers are not.
    ///   - sampleRate: Frames per second of the data.
    ///
    /// The corresponding C function is `alBufferData`.
    public func upload(_ samples: UnsafeBufferPointer<Int16>, channelCount: Int, sampleRate: Int) throws(OpenALError) {
        let format = channelCount == 1 ? AL_FORMAT_MONO16 : AL_FORMAT_STEREO16
        try upload(UnsafeRawBufferPointer(samples), format: format, channelCount: channelCount, sampleRate: sampleRate)
    }

    /// Uploads interleaved 32-bit float samples (full scale ±1.0, `AL_EXT_FLOAT32`).
    ///
    /// The corresponding C function is `alBufferData`.
    public func upload(_ samples: UnsafeBufferPointer<Float>, channelCount: Int, sampleRate: Int) throws(OpenALError) {
        let format = channelCount == 1 ? AL_FORMAT_MONO_FLOAT32 : AL_FORMAT_STEREO_FLOAT32
        try upload(UnsafeRawBufferPointer(samples), format: format, channelCount: channelCount, sampleRate: sampleRate)
    }

    private func upload(_ bytes: UnsafeRawBufferPointer, format: Int32, channelCount: Int,
                        sampleRate: Int) throws(OpenALError) {
        try requireUsable("alBufferData")
        guard channelCount == 1 || channelCount == 2, sampleRate > 0 else {
            throw OpenALError.raised(operation: "alBufferData", code: .invalidValue)
        }
        try ALCall.bufferData(name, format: format, data: bytes, frequency: Int32(sampleRate))
    }

    /// The sample rate of the uploaded data (`AL_FREQUENCY`).
    public func sampleRate() throws(OpenALError) -> Int {
        try requireUsable("alGetBufferi")
        return Int(try ALCall.bufferInteger(name, AL_FREQUENCY))
    }

    /// The size of the uploaded data in bytes (`AL_SIZE`).
    public func byteCount() throws(OpenALError) -> Int {
        try requireUsable("alGetBufferi")
        return Int(try ALCall.bufferInteger(name, AL_SIZE))
    }

    /// Deletes the buffer. It must not be attached to or queued on any source. Deleting twice does nothing.
    ///
    /// The corresponding C function is `alDeleteBuffers`.
    public func delete() throws(OpenALError) {
        guard !isDeleted else { return }
        try context.requireCurrent("alDeleteBuffers")
        try ALCall.deleteBuffer(name)
        isDeleted = true
        context.device.liveBufferCount -= 1
    }

    func requireUsable(_ operation: StaticString) throws(OpenALError) {
        if isDeleted { throw OpenALError.raised(operation: "\(operation)", code: .deleted) }
        try context.requireCurrent(operation)
    }
}
