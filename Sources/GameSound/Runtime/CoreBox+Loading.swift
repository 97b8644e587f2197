// SPDX-License-Identifier: Zlib
import AudioFiles

/// Loading and unloading sounds: their buffers filled and freed beside the game's calls, holding
/// only the mirror's work lock, with a short step to publish or forget them.
extension CoreBox {
    /// Loads a decoded sound under `name`. In real time its buffer is made and filled first,
    /// holding only the mirror's work lock (``ALMirror/uploadAhead(_:into:)``), so that a game
    /// thread's calls, which do not take it, go on while a large sound uploads; then a short step
    /// publishes it. Headless, inside another step, or with no context to upload into now (an
    /// interruption), that step uploads it itself. A failed upload leaves the bank as it was.
    func load(_ sound: PCMBuffer<Float>, named name: String) throws(GameSoundError) {
        let context = exclusive { depth == 0 && core.phase != .stopped ? core.mirror.contextForUploadsAhead : nil }
        // The mirror's upload touches only what its work lock guards, and the context it was given.
        let uploaded = try context.flatMap { (context) throws(GameSoundError) in try core.mirror.uploadAhead(sound, into: context) }
        let replaced = try with { (core) throws(GameSoundError) in
            guard core.phase != .stopped else { throw .stopped }
            return try core.add(sound, named: name, uploadedAhead: uploaded)
        }
        deleteRetiredBuffers()
        // The sound it replaced, if any, is freed here, after the lock.
        _ = replaced
    }

    /// Unloads the sound `name`; its buffer and samples are freed after the step, as a replaced
    /// sound's are (``load(_:named:)``).
    func unload(_ name: String) throws(GameSoundError) {
        let sound = try with { (core) throws(GameSoundError) in try core.unload(name) }
        deleteRetiredBuffers()
        _ = sound
    }

    /// Deletes the buffers of the sounds a step replaced or unloaded (``ALMirror/retireBuffer(_:)``)
    /// holding only the mirror's work lock, which game threads' calls do not take: freeing a large
    /// sound's memory takes milliseconds. Inside another step they wait for the next load or unload,
    /// or for the context's teardown.
    private func deleteRetiredBuffers() {
        guard let context = exclusive({ depth == 0 ? core.mirror.contextForRetiredBuffers : nil }) else { return }
        core.mirror.deleteRetiredBuffers(in: context)
    }
}
