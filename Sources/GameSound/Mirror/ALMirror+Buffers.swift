// SPDX-License-Identifier: Zlib
import AudioFiles
import OpenAL

/// The effects' buffers: uploaded in a step or ahead of it on a loading thread, published under a
/// name, and retired when a sound is replaced or unloaded, to be deleted off the runtime's lock.
extension ALMirror {
    /// Whether the effect `name` has a buffer in the context.
    func hasBuffer(_ name: String) -> Bool { buffer(named: name) != nil }

    /// The effect `name`'s buffer (the last one asked for is kept: ``lastBuffer``).
    @inline(__always)
    func buffer(named name: String) -> ALBuffer? {
        if let lastBuffer, lastBuffer.name == name { return lastBuffer.buffer }
        guard let buffer = buffers[name] else { return nil }
        lastBuffer = (name, buffer)
        return buffer
    }

    /// Uploads a decoded effect into a new buffer under `name` (replacing nothing: the name must
    /// have none). The context must be current.
    func upload(_ sound: PCMBuffer<Float>, named name: String) throws(GameSoundError) {
        guard let context else { throw .openAL(OpenALError(operation: "alGenBuffers", code: .noCurrentContext)) }
        buffers[name] = try al { () throws(OpenALError) in try Self.makeBuffer(holding: sound, in: context) }
    }

    /// A new buffer in `context` (current on this thread) holding `sound`; nothing is left behind
    /// when the upload fails.
    static func makeBuffer(holding sound: PCMBuffer<Float>, in context: ALContext) throws(OpenALError) -> ALBuffer {
        let buffer = try ALBuffer(context: context)
        do {
            try sound.samples.withUnsafeBufferPointer { samples throws(OpenALError) in
                try buffer.upload(samples, channelCount: sound.format.channelCount, sampleRate: sound.format.sampleRate)
            }
        } catch {
            // The failure reported is the upload's; one in deleting the empty buffer would say nothing more.
            try? buffer.delete()
            throw error
        }
        return buffer
    }

    /// An effect's buffer made with a ``PreparedOutput``, and the sound it holds.
    struct PreparedBuffer {
        let name: String
        let sound: PCMBuffer<Float>
        let buffer: ALBuffer
    }

    /// Makes the buffers prepared with the output the effects' own, each whose sound is still the
    /// one `sounds` holds under its name (a game's load or unload meanwhile replaced or removed
    /// it: that buffer is deleted, and the bank's upload makes the new one). The context must be
    /// current (the one they were made in).
    func installPreparedBuffers(for sounds: [String: PCMBuffer<Float>]) {
        preparedBuffers.removeAll { prepared in
            guard !hasBuffer(prepared.name), let sound = sounds[prepared.name], sound.sharesSamples(with: prepared.sound) else { return false }
            buffers[prepared.name] = prepared.buffer
            return true
        }
        deletePreparedBuffers()
    }

    /// A buffer made and filled ahead of the step that publishes it (``uploadAhead(_:into:)``).
    struct UploadedBuffer {
        let id: Int
        let buffer: ALBuffer
        /// Its step found the context unusable (an interruption began meanwhile): deleted when it
        /// can be (``deleteOrphanedUploads()``), the sound uploaded again from the bank.
        var orphaned = false
    }

    /// The context a loading thread may upload into now, holding only ``work``: one that exists and
    /// is not suspended, on a runtime whose audio thread runs beside the game's (headless, nil:
    /// loading uploads under the runtime's lock as before).
    var contextForUploadsAhead: ALContext? {
        guard usesWorkLock, !contextSuspended else { return nil }
        return context
    }

    /// On a loading thread, holding ``work`` and not the runtime's lock: makes `sound`'s buffer in
    /// `context` (current on this thread while it runs) and keeps it for the step that publishes it.
    /// Game threads' calls, which do not take ``work``, go on meanwhile.
    /// - Returns: Its id, for ``installUploadedAhead(_:named:)``; nil when `context` is no longer
    ///   the one to upload into (a teardown or an interruption came first, each holding ``work``,
    ///   so nothing changes it while this runs): the publishing step uploads the sound itself.
    func uploadAhead(_ sound: PCMBuffer<Float>, into context: ALContext) throws(GameSoundError) -> Int? {
        try withWork { () throws(GameSoundError) -> Int? in
            guard contextForUploadsAhead === context else { return nil }
            do throws(OpenALError) { try context.makeCurrentOnThisThread() } catch { throw .openAL(error) }
            defer { try? ALContext.clearCurrentOnThisThread() }
            let buffer: ALBuffer
            do throws(OpenALError) { buffer = try Self.makeBuffer(holding: sound, in: context) } catch { throw .openAL(error) }
            lastUploadID += 1
            buffersUploadedAhead.append(UploadedBuffer(id: lastUploadID, buffer: buffer))
            return lastUploadID
        }
    }

    /// Makes the buffer uploaded ahead under `id` the effect `name`'s, unless a teardown deleted it
    /// meanwhile (the bank's upload then makes one). The context must be current (it is the one
    /// the buffer was made in), and `name` have no buffer (one it has is kept, the new one deleted).
    func installUploadedAhead(_ id: Int, named name: String) {
        guard let index = buffersUploadedAhead.firstIndex(where: { $0.id == id }) else { return }
        let buffer = buffersUploadedAhead.remove(at: index).buffer
        if hasBuffer(name) {
            attempt("a buffer uploaded ahead") { () throws(OpenALError) in try buffer.delete() }
        } else {
            buffers[name] = buffer
        }
    }

    /// The step that publishes buffer `id` found the context unusable: it is deleted later.
    func orphanUploadedAhead(_ id: Int) {
        guard let index = buffersUploadedAhead.firstIndex(where: { $0.id == id }) else { return }
        buffersUploadedAhead[index].orphaned = true
    }

    /// Deletes the orphaned buffers uploaded ahead. The context must be current.
    func deleteOrphanedUploads() {
        buffersUploadedAhead.removeAll { upload in
            guard upload.orphaned else { return false }
            attempt("a buffer uploaded ahead") { () throws(OpenALError) in try upload.buffer.delete() }
            return true
        }
    }

    /// Takes the buffer of `name`, if it has one, out of use: it is deleted after the step, off the
    /// runtime's lock (``deleteRetiredBuffers(in:)``). Every source holding it must have let it go
    /// first; none can take it again, since none finds it under its name any more.
    /// Headless (no audio thread beside the runtime's lock) it is deleted now. The context must be current.
    func retireBuffer(_ name: String) {
        guard let buffer = buffers[name] else { return }
        buffers[name] = nil
        if usesWorkLock {
            retiredBuffers.append(buffer)
        } else {
            attempt("a replaced sound's buffer") { () throws(OpenALError) in try buffer.delete() }
        }
    }

    /// The context retired buffers are deleted in, holding ``work`` only: the current one, while it
    /// is not suspended (each retired buffer is in it: every teardown deletes them with it); nil
    /// headless, where none waits.
    var contextForRetiredBuffers: ALContext? {
        usesWorkLock && !contextSuspended ? context : nil
    }

    /// Deletes the retired buffers (``retireBuffer(_:)``), holding ``work``: in `context`, made current
    /// on this thread for it unless it is already (a step), if it is still the one they were made in.
    func deleteRetiredBuffers(in context: ALContext) {
        withWork {
            guard !retiredBuffers.isEmpty, self.context === context, !contextSuspended else { return }
            let wasCurrent = context.isCurrent
            if !wasCurrent {
                guard attempt("the audio context", { () throws(OpenALError) in try context.makeCurrentOnThisThread() }) != nil else { return }
            }
            defer { if !wasCurrent { try? ALContext.clearCurrentOnThisThread() } }
            for buffer in retiredBuffers { attempt("a replaced sound's buffer") { () throws(OpenALError) in try buffer.delete() } }
            retiredBuffers = []
        }
    }

    /// Deletes every effect's buffer.
    func deleteBuffers() {
        for (name, buffer) in buffers { attempt("the buffer of the effect '\(name)'") { () throws(OpenALError) in try buffer.delete() } }
        // Uploaded ahead and not yet published: their steps find them gone and upload from the bank.
        for upload in buffersUploadedAhead { attempt("a buffer uploaded ahead") { () throws(OpenALError) in try upload.buffer.delete() } }
        for buffer in retiredBuffers { attempt("a replaced sound's buffer") { () throws(OpenALError) in try buffer.delete() } }
        deletePreparedBuffers()
        forgetBuffers()
    }

    /// Forgets every buffer the mirror holds, deleted (``deleteBuffers()``) or left to the device's
    /// closing (``retireOutputWhole(letting:)``).
    func forgetBuffers() {
        buffers = [:]
        staleBuffers = []
        buffersUploadedAhead = []
        retiredBuffers = []
        preparedBuffers = []
    }

    /// Deletes the buffers prepared with the output that were not installed. The context must be current.
    func deletePreparedBuffers() {
        for prepared in preparedBuffers { attempt("a buffer uploaded ahead") { () throws(OpenALError) in try prepared.buffer.delete() } }
        preparedBuffers = []
    }
}

extension PCMBuffer<Float> {
    /// Whether both hold the very same samples (one storage, shared by copies of one decoded sound):
    /// the same sound, without comparing a sample.
    func sharesSamples(with other: PCMBuffer<Float>) -> Bool {
        samples.withUnsafeBufferPointer { mine in
            other.samples.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress && mine.count == theirs.count }
        }
    }
}
