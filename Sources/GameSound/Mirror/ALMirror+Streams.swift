// SPDX-License-Identifier: Zlib
import OpenAL

/// Stream players (``AudioStream``): each one a source of its own with queued buffers, made and
/// destroyed through the mirror like every other OpenAL object.
extension ALMirror {
    /// Opens `path` and makes a player for it at `startFrame` (and `fraction` of a frame further), on
    /// the current context.
    ///
    /// A player made ahead for a rebuild from the same frame (``preparedPlayers``) is taken as it
    /// is, cued; else a file opened ahead at the same frame (``preparedStreams``: for a rebuild, or
    /// on offer to a game's call, ``offering(_:_:)``) is taken instead of opening it again: its
    /// first blocks are decoded already.
    func makeStream(path: String, loop: Bool, startFrame: Int, fraction: Double) throws(GameSoundError) -> AudioStream {
        guard let context, !contextSuspended else { throw .openAL(OpenALError(operation: "makeCurrent", code: .noCurrentContext)) }
        if let index = preparedPlayers.firstIndex(where: { $0.path == path && $0.loop == loop && $0.startFrame == startFrame }) {
            let player = preparedPlayers.remove(at: index)
            player.startFraction = fraction
            return player
        }
        let file: OpenedStreamFile
        if let index = preparedStreams.firstIndex(where: { $0.matches(path: path, loop: loop, startFrame: startFrame) }) {
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

    /// Runs `body` with `opened` on offer to the players it makes (``makeStream(path:loop:startFrame:fraction:)``
    /// takes a file opened ahead at the same path, loop and frame instead of opening one): a stream
    /// or a track whose file the game's thread opened and began decoding before its call took the
    /// runtime's lock. Not taken (the stream or track does not start now), its decoding is
    /// cancelled when `body` returns.
    func offering<Result, Failure: Error>(_ opened: OpenedStreamFile?, _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        guard let opened else { return try body() }
        preparedStreams.append(opened)
        defer {
            if let index = preparedStreams.firstIndex(where: { $0.decoding === opened.decoding }) {
                preparedStreams.remove(at: index)
                opened.decoding.cancel()
            }
        }
        return try body()
    }

    /// In real time, takes the file on offer for `path` at its first frame if its first blocks are
    /// still decoding (`wake` is called when they are there); nil headless (every first play waits
    /// for its blocks there), when none is on offer, or when its blocks are there already.
    func takeFileStillDecoding(path: String, loop: Bool, wake: @escaping @Sendable () -> Void) -> OpenedStreamFile? {
        guard usesWorkLock, let index = preparedStreams.firstIndex(where: { $0.matches(path: path, loop: loop, startFrame: 0) }),
              !preparedStreams[index].decoding.isFull(orWhenFull: wake) else { return nil }
        return preparedStreams.remove(at: index)
    }

    /// Deletes a player's source and buffers, reporting any call that fails. The context must be current.
    func destroy(_ player: AudioStream, affected: @autoclosure () -> String) {
        player.destroy { error in report(error, affected: affected()) }
    }
}
