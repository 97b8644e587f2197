// SPDX-License-Identifier: Zlib
import OpenAL

/// Stream players (``AudioStream``): each one a source of its own with queued buffers, made and
/// destroyed through the mirror like every other OpenAL object.
extension ALMirror {
    /// Opens `path` and makes a player for it at `startFrame` (and `fraction` of a frame further), on
    /// the current context.
    ///
    /// A file opened ahead at the same frame is taken instead of opening it again: `opened` (a new
    /// stream's, opened by the game's thread before its call took the lock), or one opened for this
    /// rebuild (``preparedStreams``), whose first blocks are decoded already.
    func makeStream(path: String, loop: Bool, startFrame: Int, fraction: Double,
                    opened: OpenedStreamFile? = nil) throws(GameSoundError) -> AudioStream {
        guard let context, !contextSuspended else { throw .openAL(OpenALError(operation: "makeCurrent", code: .noCurrentContext)) }
        let file: OpenedStreamFile
        if let opened, opened.matches(path: path, loop: loop, startFrame: startFrame) {
            file = opened
        } else if let index = preparedStreams.firstIndex(where: { $0.matches(path: path, loop: loop, startFrame: startFrame) }) {
            file = preparedStreams.remove(at: index)
        } else {
            file = try OpenedStreamFile.open(path: path, loop: loop, startFrame: startFrame, framesPerBlock: AudioStream.framesPerBuffer)
        }
        do {
            return try AudioStream(file: file, fraction: fraction, context: context, waitsForDecoding: canRender)
        } catch {
            file.decoding.cancel()
            throw error
        }
    }

    /// Deletes a player's source and buffers, reporting any call that fails. The context must be current.
    func destroy(_ player: AudioStream, affected: @autoclosure () -> String) {
        player.destroy { error in report(error, affected: affected()) }
    }
}
