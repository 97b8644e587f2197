// SPDX-License-Identifier: Zlib
/// One streamed sound as the game asked for it: the soundtrack, a track fading out of a crossfade, or
/// a streamed voice (an ambience bed, a long line of dialogue).
///
/// The record is what should sound, and it outlives interruptions and rebuilds: its player (the
/// OpenAL side, the mirror's ``ALMirror/streams`` under the record's ``id``) goes with the context
/// and is made again from the record, where the last one was (``resumeAt``), with the same gain,
/// pause and fade. So no stream needs recovery of its own.
struct StreamRecord: Equatable {
    /// Which stream this is, for the whole life of the runtime (``MixModel/newStreamID()``): the key
    /// of its player in the mirror.
    let id: Int
    let path: String
    let loop: Bool
    /// The bus it plays on, by number in the bus tree (the soundtrack's is the music bus).
    let bus: Int
    /// A streamed voice's generation, for its handle (0 for the soundtrack and outgoing tracks).
    var generation = 0
    /// False once a streamed voice has ended (its slot may be taken again).
    var live = true
    /// The game's gain for it: a streamed voice's gain, or the soundtrack volume.
    var gain: Float
    /// A move of ``gain`` under way (a streamed voice's `setVoice(gain:over:)`).
    var gainRamp: Ramp<Float>?
    /// Paused: by the game (a voice), or the soundtrack paused (by the game, the hint, a fade that paused it).
    var paused = false
    /// A fade under way and what becomes of the stream when it ends: a voice's fade-out, the
    /// soundtrack's fades in and out, a crossfade's outgoing track.
    var fade: Fade?
    /// Where a new player starts: 0, or where the last one was when its context went.
    var resumeAt = 0
    /// Where it is in its file by the model, since its player started at ``resumeAt``: how far the
    /// source has moved through the queue (``VoiceClock``), and the file's shape to map that onto it.
    var clock = VoiceClock()
    var timeline: Timeline?
    /// Its player is a new one, made for a stream that had one before, and has not played yet.
    var freshPlayer = false

    /// How a player's queue maps onto its file: from `start`, straight on to the loop's end, then
    /// round the loop; a stream that does not loop stops at the file's end.
    struct Timeline: Equatable {
        var start: Int
        var length: Int
        var loopRange: Range<Int>
        /// The file's sample rate.
        var rate: Int
    }

    /// Where the stream is in its file at mix clock `mix`, by its clock; nil before a player started.
    ///
    /// - Parameter given: The frames of the file its player's source has been given since it
    ///   started, if known: the source cannot be past them (its clock runs on when the source runs
    ///   dry, until the update restarts it), so the position stops there.
    func filePosition(at mix: Int, given: Int? = nil) -> Int? {
        guard let timeline else { return nil }
        let played = clock.position(at: mix) >> VoiceClock.fractionBits
        let position = timeline.start + min(played, given ?? played)
        guard loop else { return min(position, timeline.length) }
        let range = timeline.loopRange
        guard !range.isEmpty, position >= range.upperBound else { return position }
        return range.lowerBound + (position - range.upperBound) % range.count
    }

    /// Whether it does not loop and was at its file's end when its last player went: a new player
    /// would have nothing left to play.
    var playedOut: Bool { !loop && timeline.map { resumeAt >= $0.length } == true }

    /// Whether its gain stays as it is from `frame` on, whatever its bus does: no fade and no ramp
    /// under way.
    func isSteady(at frame: Int) -> Bool {
        fade == nil && (gainRamp?.isFinished(at: frame) ?? true)
    }

    /// The gain before the bus and the fade, at `frame`.
    func gain(at frame: Int) -> Float { gainRamp?.value(at: frame) ?? gain }
}
