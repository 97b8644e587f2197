// SPDX-License-Identifier: Zlib
import AudioFiles
import AudioSession
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// Effects: loading them, playing them, and the voices they play on.
extension GameSoundRuntime {

    /// Decodes a WAV, FLAC, Ogg Vorbis or Opus file and keeps it ready to play under `name`.
    ///
    /// Loading a name again replaces the sound (voices playing the old one stop). The decoded audio
    /// stays in memory, so the runtime can upload it again after a media-services reset.
    ///
    /// - Parameters:
    ///   - name: The name you will pass to ``play(_:options:)``.
    ///   - path: A `.wav` or `.ogg` file.
    /// - Throws: ``GameSoundError/decoding(_:)`` naming the file and what is wrong (nothing changes
    ///   then), ``GameSoundError/stopped``, ``GameSoundError/openAL(_:)``.
    public func preload(_ name: String, path: String) throws(GameSoundError) {
        let sound: PCMBuffer<Float>
        do {
            sound = try AudioDecoder.decode(path: path)
        } catch {
            core.with { $0.reportUndecodable(name, error) }
            throw .decoding(error)
        }
        try preload(name, sound: sound)
    }

    /// Keeps already decoded audio ready to play under `name`.
    ///
    /// In real time the sound's OpenAL buffer is filled without the lock other threads' calls wait
    /// for: a game thread that plays, stops or moves sounds meanwhile is not held up by a large
    /// sound's upload. The sound plays once this returns.
    ///
    /// - Parameters:
    ///   - name: The name you will pass to ``play(_:options:)``; an existing sound of that name is replaced.
    ///   - sound: Mono or stereo samples at any positive rate (OpenAL resamples).
    /// - Throws: ``GameSoundError/invalidArgument(_:)`` for another channel count or a zero rate,
    ///   ``GameSoundError/stopped``, ``GameSoundError/openAL(_:)`` if the upload fails (a sound
    ///   already under `name` then stays).
    public func preload(_ name: String, sound: PCMBuffer<Float>) throws(GameSoundError) {
        guard sound.format.channelCount == 1 || sound.format.channelCount == 2, sound.format.sampleRate > 0 else {
            throw .invalidArgument("a sound must be mono or stereo with a positive sample rate")
        }
        try core.load(sound, named: name)
    }

    /// Decodes every sound file in `folder` (`.wav`, `.flac`, `.ogg` and `.opus`, as
    /// `SoundFileName.extensions` lists them, in any case) in parallel, on all cores, each once,
    /// and keeps each under its file name without the extension.
    ///
    /// - Parameters:
    ///   - folder: A folder of sound files (not searched recursively).
    ///   - progress: Called after each file with (files done, files in all), from any thread.
    /// - Returns: What loaded and what failed. A file that fails does not stop the others.
    /// - Throws: ``GameSoundError/unreadableFolder(path:errno:)`` when the folder cannot be listed.
    @discardableResult
    public func preloadBank(folder: String, progress: (@Sendable (Int, Int) -> Void)? = nil) throws(GameSoundError) -> BankReport {
        let names: [String]
        do {
            names = try Folder.names(in: folder)
        } catch {
            throw .unreadableFolder(path: folder, errno: error.code)
        }
        let directory = folder.hasSuffix("/") ? folder : folder + "/"
        let files = names.sorted().compactMap { file in
            SoundFileName.split(file).map { (name: $0.name, path: directory + file) }
        }
        var report = BankReport()
        for (name, result) in EffectBank.decodeInParallel(files, progress: progress).sorted(by: { $0.key < $1.key }) {
            switch result {
            case .success(let sound):
                try preload(name, sound: sound)
                report.loaded.append(name)
            case .failure(let error):
                core.with { $0.reportUndecodable(name, error) }
                report.failed[name] = error
            }
        }
        return report
    }

    /// Forgets a loaded effect and frees its memory; voices playing it stop.
    ///
    /// - Parameter name: The name it was loaded under.
    /// - Throws: ``GameSoundError/unknownEffect(_:)`` if no effect has that name.
    public func unload(_ name: String) throws(GameSoundError) {
        try core.unload(name)
    }

    /// The names of the loaded effects, sorted.
    public var loadedEffects: [String] { core.query { $0.bank.names } }

    /// Plays a loaded effect on a voice from the pool.
    ///
    /// During an interruption or while media services are lost, nothing reaches OpenAL: the effect
    /// is dropped (a one-shot sound is not worth playing late) and an `effectDropped` event says why.
    /// When every voice is busy, the lowest-priority oldest sound with a priority no higher than
    /// this one's loses its voice; if all outrank it, this one is dropped.
    ///
    /// - Parameters:
    ///   - name: A loaded effect.
    ///   - options: Gain, pitch, placement, looping and priority.
    /// The call decides and answers at once without calling OpenAL: the runtime's audio thread (in
    /// real time) or the next render (headless) makes the OpenAL calls, and if OpenAL refuses one,
    /// `openALFailed` in the event log and `openal.call-failed` in your log say so.
    ///
    /// - Returns: ``PlayOutcome/played(_:stole:)`` with the voice, or ``PlayOutcome/dropped(_:)``.
    /// - Throws: ``GameSoundError/unknownEffect(_:)``, ``GameSoundError/invalidArgument(_:)``,
    ///   ``GameSoundError/stopped``; the sounds already playing are unaffected.
    @discardableResult
    public func play(_ name: String, options: PlayOptions = .init()) throws(GameSoundError) -> PlayOutcome {
        try core.command { (core) throws(GameSoundError) in try core.play(name, options: options) }
    }

    /// Stops one voice at once.
    ///
    /// A handle whose voice has ended is ignored, so a late stop never cuts somebody else's sound
    /// that took over the slot. During an interruption the stop is remembered and done at its end.
    /// The log says `voiceEnded` with reason `stopped`. To fade out instead, use ``stop(_:fade:)``.
    ///
    /// - Parameter voice: The handle ``play(_:options:)`` returned.
    /// - Returns: Whether the voice was still there to stop.
    /// Like ``play(_:options:)``, it leaves its OpenAL calls to the audio thread or the next render.
    ///
    /// - Throws: ``GameSoundError/foreignVoice(_:)`` for another runtime's handle,
    ///   ``GameSoundError/stopped`` after ``shutdown()``.
    @discardableResult
    public func stop(_ voice: Voice) throws(GameSoundError) -> Bool {
        try core.command { (core) throws(GameSoundError) in try core.stop(voice) }
    }

    /// Stops every effect (not the soundtrack).
    ///
    /// - Throws: ``GameSoundError/stopped`` after ``shutdown()``; ``GameSoundError/openAL(_:)`` if OpenAL refuses.
    public func stopAllEffects() throws(GameSoundError) {
        try core.command { (core) throws(GameSoundError) in try core.stopAllEffects() }
    }

    /// Sets the volume of all effects, multiplied with each sound's own gain.
    ///
    /// - Parameter volume: 0 or more; 1 leaves the sounds unchanged.
    /// - Throws: ``GameSoundError/invalidArgument(_:)`` for a negative or non-finite volume.
    public func setEffectsVolume(_ volume: Float) throws(GameSoundError) {
        try core.command { (core) throws(GameSoundError) in try core.setEffectsVolume(volume) }
    }

    /// How many voices are sounding now (or paused): by the model, whose clocks say which one-shots
    /// have played out; it waits for no OpenAL work.
    public var voicesInUse: Int { core.query { $0.voicesInUse } }
}
