// SPDX-License-Identifier: Zlib
import OpenAL

/// Stream players (``AudioStream``): each one a source of its own with queued buffers, made and
/// destroyed through the mirror like every other OpenAL object.
extension ALMirror {
    /// Opens `path` and makes a player for it at `startFrame` (and `fraction` of a frame further), on
    /// the current context.
    func makeStream(path: String, loop: Bool, startFrame: Int, fraction: Double) throws(GameSoundError) -> AudioStream {
        guard let context, !contextSuspended else { throw .openAL(OpenALError(operation: "makeCurrent", code: .noCurrentContext)) }
        return try AudioStream(path: path, loop: loop, startFrame: startFrame, fraction: fraction, context: context,
                               waitsForDecoding: canRender)
    }

    /// Deletes a player's source and buffers, reporting any call that fails. The context must be current.
    func destroy(_ player: AudioStream, affected: @autoclosure () -> String) {
        player.destroy { error in report(error, affected: affected()) }
    }
}
