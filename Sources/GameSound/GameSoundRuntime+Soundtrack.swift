// SPDX-License-Identifier: Zlib
import AudioFiles
import AudioSession
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// The soundtrack: starting, pausing, resuming, stopping and crossfading it.
extension GameSoundRuntime {

    /// Plays the soundtrack: `path` (a WAV, FLAC, Ogg Vorbis or Opus file), or the current one when nil.
    ///
    /// The soundtrack is only heard when the policy and the system allow (not in ambient with the
    /// player's music on, not under the secondary-audio hint); until then the request is kept.
    /// During an interruption it takes effect at the end. A track that cannot be opened is not an
    /// error here: the runtime logs `soundtrackFailed` and everything else plays on.
    ///
    /// - Parameters:
    ///   - path: A WAV, FLAC, Ogg Vorbis or Opus file; nil plays the current soundtrack (from the top if it was stopped).
    ///   - loop: Whether to start again at the end, without a gap.
    ///   - fadeIn: Seconds to fade in from silence; 0 starts at full volume.
    /// - Throws: ``GameSoundError/noSoundtrack`` when `path` is nil and none was ever given,
    ///   ``GameSoundError/stopped`` after ``shutdown()``.
    public func playSoundtrack(_ path: String? = nil, loop: Bool = true, fadeIn: Double = 0) throws(GameSoundError) {
        // The file is opened here, before the runtime's lock (in real time its first blocks decode
        // meanwhile, and nobody waits for them).
        let opened = path.map { RuntimeCore.openAhead($0, loop: loop, waitingForBlocks: configuration.output == .headless) }
        try commandInRealTime { (core) throws(GameSoundError) in try core.playSoundtrack(path: path, loop: loop, fadeIn: fadeIn, opened: opened) }
    }


    /// Pauses the soundtrack at once, keeping its position.
    ///
    /// - Throws: ``GameSoundError/stopped`` after ``shutdown()``.
    public func pauseSoundtrack() throws(GameSoundError) {
        try commandInRealTime { (core) throws(GameSoundError) in try core.setSoundtrackIntent(.paused, fade: 0) }
    }

    /// Resumes a paused soundtrack where it stopped.
    ///
    /// - Parameter fadeIn: Seconds to fade in from silence; 0 resumes at full volume.
    /// - Throws: ``GameSoundError/noSoundtrack`` when none was ever given, ``GameSoundError/stopped``
    ///   after ``shutdown()``.
    public func resumeSoundtrack(fadeIn: Double = 0) throws(GameSoundError) {
        try commandInRealTime { (core) throws(GameSoundError) in
            guard core.model.soundtrackRequest.path != nil else { throw .noSoundtrack }
            try core.setSoundtrackIntent(.playing, fade: fadeIn)
        }
    }

    /// Stops the soundtrack; the next play starts from the top.
    ///
    /// - Parameter fadeOut: Seconds to fade out; the stop itself lands on the update after the fade.
    /// - Throws: ``GameSoundError/stopped`` after ``shutdown()``.
    public func stopSoundtrack(fadeOut: Double = 0) throws(GameSoundError) {
        try commandInRealTime { (core) throws(GameSoundError) in try core.setSoundtrackIntent(.stopped, fade: fadeOut) }
    }

    /// Fades the current soundtrack out while another fades in.
    ///
    /// For the length of the fade two tracks stream at once, each on its own source. A track that
    /// cannot be opened is not an error here, as for ``playSoundtrack(_:loop:fadeIn:)``: the runtime
    /// logs `soundtrackFailed` in the call, and the current track fades out all the same.
    ///
    /// - Parameters:
    ///   - path: The file to bring in (WAV, FLAC, Ogg Vorbis or Opus); it starts from the top.
    ///   - duration: Seconds the two fades last.
    ///   - loop: Whether the new track loops.
    /// - Throws: ``GameSoundError/stopped`` after ``shutdown()``.
    public func crossfadeSoundtrack(to path: String, duration: Double = 2, loop: Bool = true) throws(GameSoundError) {
        let opened = RuntimeCore.openAhead(path, loop: loop, waitingForBlocks: configuration.output == .headless)
        try commandInRealTime { (core) throws(GameSoundError) in try core.crossfade(to: path, duration: duration, loop: loop, opened: opened) }
    }

    /// Sets the soundtrack's volume; it is heard from the next update (within
    /// ``GameSoundConfiguration/updateFrames`` frames).
    ///
    /// - Parameter volume: 0 or more; 1 leaves the track unchanged.
    /// - Throws: ``GameSoundError/invalidArgument(_:)`` for a negative or non-finite volume.
    public func setSoundtrackVolume(_ volume: Float) throws(GameSoundError) {
        try commandInRealTime { (core) throws(GameSoundError) in try core.setSoundtrackVolume(volume) }
    }

    /// The soundtrack's position in frames of the track, or nil when none is playing or paused.
    public var soundtrackPosition: Int? { core.query { $0.soundtrackPosition } }

    /// How many times the current soundtrack stream ran dry and had to be restarted.
    ///
    /// The soundtrack is decoded a few buffers ahead of what is heard. When the update loop falls
    /// behind (for example because the machine is overloaded) OpenAL Soft plays everything queued
    /// and stops; the runtime then restarts the stream and counts one underrun, which a player hears
    /// as a gap. Its position stands still across the gap: it says what was heard. The count
    /// belongs to the stream: it starts again at zero whenever a new soundtrack stream is created (a
    /// new track, a crossfade, or a rebuild after the context was lost), and it is zero when no
    /// soundtrack is loaded. Useful for benchmarks and for diagnostics overlays.
    public var soundtrackUnderruns: Int { core.query { $0.player($0.model.soundtrack)?.underruns ?? 0 } }

    /// Whether the soundtrack is audible now (playing, not faded out or held back).
    public var isSoundtrackPlaying: Bool { core.query { $0.player($0.model.soundtrack)?.state == .playing && $0.phase == .running } }
}
