// SPDX-License-Identifier: Zlib
import AudioFiles
import AudioSession
import Logging

/// Effects: uploading, the voice pool, playing and stopping.
extension RuntimeCore {
    /// Tells the game's logs that an effect's file does not decode.
    func reportUndecodable(_ name: String, _ error: AudioFileError) {
        logger.error("cannot load the effect '\(name)': \(error)", metadata: LogCode.effectUndecodable.metadata)
    }

    /// Adds decoded sounds to the bank and uploads them now if the context is usable, else at restore.
    /// Keeps `sound` under `name`, replacing any sound of that name; its buffer is the one uploaded
    /// ahead under `uploadedAhead` (``ALMirror/uploadAhead(_:into:)``), if any and still there.
    /// - Returns: The sound it replaced, if any: the caller lets it go after the step, off the lock
    ///   (freeing a large sound's samples takes milliseconds).
    func add(_ sound: PCMBuffer<Float>, named name: String, uploadedAhead: Int? = nil) throws(GameSoundError) -> PCMBuffer<Float>? {
        let replaced = bank[name]
        if mirror.hasBuffer(name) { mirror.staleBuffers.insert(name) }
        bank.insert(sound, named: name)
        try uploadPending(installing: uploadedAhead.map { (name, $0) })
        if replaced != nil { endVoices(playing: name) }
        return replaced
    }

    /// Deletes stale buffers and uploads bank entries that have no buffer yet, when the context can
    /// be used; `installing` a buffer uploaded ahead for one of them instead of uploading it.
    func uploadPending(installing ahead: (name: String, id: Int)? = nil) throws(GameSoundError) {
        guard phase != .lost, useContext() else {
            if let ahead { mirror.orphanUploadedAhead(ahead.id) }
            return
        }
        mirror.deleteOrphanedUploads()
        for name in mirror.staleBuffers.sorted() {
            if mirror.hasBuffer(name) {
                stopVoices(playing: name)
                mirror.retireBuffer(name)
            }
            mirror.staleBuffers.remove(name)
        }
        if let ahead { mirror.installUploadedAhead(ahead.id, named: ahead.name) }
        for (name, sound) in bank.sounds where !mirror.hasBuffer(name) {
            try mirror.upload(sound, named: name)
        }
    }

    /// - Returns: The sound, for the caller to let go after the step (as ``add(_:named:uploadedAhead:)``).
    func unload(_ name: String) throws(GameSoundError) -> PCMBuffer<Float> {
        guard let sound = bank[name] else { throw .unknownEffect(name) }
        bank.remove(name)
        // The buffer goes now if the context can be used, else as soon as it comes back (during an
        // interruption the suspended context cannot be touched).
        if mirror.hasBuffer(name) { mirror.staleBuffers.insert(name) }
        try uploadPending()
        endVoices(playing: name)
        return sound
    }

    /// Ends the voices still playing `name` now, after its sound was removed or replaced: with a
    /// usable context ``uploadPending()`` has already stopped them; while it cannot be touched (an
    /// interruption, media services lost) their sources wait for it, but the voices end at the call,
    /// as they would have with it, not when it comes back, and a rebuilt context does not start them
    /// again with the new sound.
    private func endVoices(playing name: String) {
        for index in model.voices.indices where model.allocator.slots[index].busy && model.voices[index].effect == name {
            endVoice(index, reason: .stopped)
        }
    }

    /// Stops the voices playing `name` and detaches its buffer from every source still holding it
    /// (stopped and finished voices keep theirs), so that the buffer can be deleted.
    private func stopVoices(playing name: String) {
        for index in model.voices.indices where model.voices[index].effect == name || mirror.voices[index].attached == name {
            mirror.detach(index, affected: self.voiceLabel(index))
        }
        endVoices(playing: name)
    }

    /// Plays an effect, or a defined sound of that name (which it takes first).
    ///
    /// - Parameter defined: The defined sound and the variant being played, when called for one:
    ///   the log then says `voiceStarted` with both instead of `effectPlayed`.
    func play(_ name: String, options: PlayOptions, as defined: (sound: String, variant: String)? = nil) throws(GameSoundError) -> PlayOutcome {
        guard phase != .stopped else { throw .stopped }
        if defined == nil, !model.definitions.isEmpty, model.definitions[name] != nil { return try playDefined(name, options: options) }
        guard bank[name] != nil else { throw .unknownEffect(name) }
        try options.validate()
        let bus = try model.buses.index(of: options.bus)
        if let dropReason = dropReasonNow {
            log(.game, "effectDropped", [.init("sound", .string(defined?.sound ?? name)), .init("reason", .string(dropReason.rawValue))])
            return .dropped(dropReason)
        }
        try mirror.makeContextCurrentIfNeeded()
        var choice = model.allocator.choose(priority: options.priority, bus: bus, rules: model.allocatorRules)
        if case .free = choice {} else {
            releaseFinishedVoices()
            choice = model.allocator.choose(priority: options.priority, bus: bus, rules: model.allocatorRules)
        }
        let slot: Int
        var stolen: Voice?
        switch choice {
        case .free(let free):
            slot = free
        case .steal(let victim):
            slot = victim
            stolen = Voice(slot: victim, generation: model.allocator.slots[victim].generation, runtime: runtimeTag)
            try mirror.stop(victim)
            endVoice(victim, reason: .stolen)
        case .refuse, .refuseAtBusLimit:
            let reason: DropReason = choice == .refuse ? .allVoicesOutrank : .busVoiceLimit
            log(.game, "effectDropped", [.init("sound", .string(defined?.sound ?? name)), .init("reason", .string(reason.rawValue))])
            return .dropped(reason)
        }
        guard mirror.hasBuffer(name) else { throw GameSoundError.unknownEffect(name) }
        let generation = model.startVoice(slot, effect: name, options: options, bus: bus)
        if sourceForNewVoice(slot) {
            try configure(slot, effect: name)
            let playing = model.shouldSound(slot)
            if playing { try mirror.play(slot) }
            model.voices[slot].restoredPaused = false
            // The clock starts when the source plays: now, or when the update thread makes the writes.
            model.voices[slot].endCheck = .max
            afterWrites(to: slot, .started(playing: playing))
        } else if virtualises {
            model.makeVirtual(slot, from: 0)  // quieter than every real voice: it starts virtual
        } else {
            model.allocator.release(slot)  // no source while the context is usable: cannot happen, but never leak a slot
            model.voices[slot].effect = nil
            throw GameSoundError.unknownEffect(name)
        }
        let voice = Voice(slot: slot, generation: generation, runtime: runtimeTag)
        // Built only when an observer listens (``log(_:_:_:)`` takes them as an autoclosure).
        log(.game, defined == nil ? "effectPlayed" : "voiceStarted", Self.playedDetails(name, voice: voice, defined: defined, stolen: stolen))
        if model.voices[slot].isVirtual { logVirtual("voiceVirtualised", slot) }
        return .played(voice, stole: stolen)
    }

    /// What `effectPlayed` or `voiceStarted` says.
    private static func playedDetails(_ name: String, voice: Voice, defined: (sound: String, variant: String)?,
                                      stolen: Voice?) -> [GameSoundEvent.Detail] {
        var details: [GameSoundEvent.Detail] = [.init("sound", .string(defined?.sound ?? name)),
                                                .init("voice", .integer(Int(voice.localID)))]
        if let defined { details.append(.init("variant", .string(defined.variant))) }
        if let stolen { details.append(.init("stole", .integer(Int(stolen.localID)))) }
        return details
    }

    /// The source a new voice plays on: its slot's own, a spare one, or (when voices can be virtual
    /// and the pool is full) that of the lowest-ranked real voice if the new one outranks it
    /// (``VoiceRank``: priority first, then loudness), which then turns virtual. nil: the new voice
    /// starts virtual.
    private func sourceForNewVoice(_ slot: Int) -> Bool {
        guard virtualises else { return mirror.hasSource(slot) }
        if attachSpareSource(slot) { return true }
        let now = currentFrame
        let origin = currentListener.position
        let newRank = rank(slot, listenerAt: origin, at: now)
        var weakest: (slot: Int, rank: VoiceRank)?
        for index in model.allocator.slots.indices where index != slot && model.allocator.slots[index].busy && !model.voices[index].isVirtual {
            let rank = rank(index, listenerAt: origin, at: now)
            if weakest.map({ rank.ranksBelow($0.rank) }) ?? true { weakest = (index, rank) }
        }
        guard let weakest, newRank.displaces(weakest.rank) else { return false }
        virtualise(weakest.slot)
        return attachSpareSource(slot)
    }

    /// Why no sound may start now (interrupted, media services lost, no device), or nil when one may.
    var dropReasonNow: DropReason? {
        switch phase {
        case .lost: .mediaServicesLost
        case .awaitingDevice: .noOutputDevice
        case .inactive: session.isInterrupted || mirror.contextSuspended || !mirror.hasContext ? .interrupted : .sessionInactive
        case .running, .stopped: nil
        }
    }

    /// Sets a voice's buffer and every property from its slot, the model (shared by play, the
    /// snapshot restore and a virtual voice made real).
    func configure(_ slot: Int, effect: String) throws(GameSoundError) {
        guard mirror.hasSource(slot) else { return }
        let now = currentFrame
        try mirror.configure(slot, effect: effect, gain: sourceGain(slot, at: now), pitch: model.voices[slot].pitch(at: now),
                             loop: model.voices[slot].options.loop, place: model.voices[slot].placement(at: now))
        applyVoiceSpace(slot)
    }

    /// Frees the slots whose sounds have finished.
    func releaseFinishedVoices() {
        // A looping voice only stops when the runtime stops it, and every such path releases its
        // slot itself; skipping loops saves an `alGetSourcei` per voice on every steal.
        for index in model.allocator.slots.indices where model.allocator.slots[index].busy && !model.voices[index].options.loop {
            if model.shouldSound(index), let state = sourceState(index), state == .stopped || state == .initial {
                endVoice(index, reason: .finished)
            }
        }
    }

    /// Stops a voice at once. - Returns: false when the voice had already ended.
    @discardableResult
    func stop(_ voice: Voice, reason: VoiceEndReason = .stopped) throws(GameSoundError) -> Bool {
        if isStream(voice) {
            guard let index = try liveStream(voice) else { return false }
            endStream(index, reason: reason)
            return true
        }
        guard let slot = try liveSlot(voice) else { return false }
        if mirror.hasContext, !mirror.contextSuspended {
            // A usable context (running, or inactive after a failed activation): stop it now.
            try mirror.makeContextCurrentIfNeeded()
            try mirror.stop(slot)
        }
        // A suspended context still has the source but cannot be touched: the reconcile stops it
        // when the context is back (a free slot whose source still sounds). With no context (media
        // services lost, a rebuilt interruption) the source is already gone. Either way freeing the
        // slot is the whole stop here.
        endVoice(slot, reason: reason)
        return true
    }

    func stopAllEffects() throws(GameSoundError) {
        for index in model.allocator.slots.indices where model.allocator.slots[index].busy {
            try stop(Voice(slot: index, generation: model.allocator.slots[index].generation, runtime: runtimeTag))
        }
    }

    /// The effects volume is the effects bus's volume.
    func setEffectsVolume(_ volume: Float) throws(GameSoundError) {
        guard volume.isFinite, volume >= 0 else { throw .invalidArgument("effects volume must be ≥ 0") }
        model.buses.setVolume(try model.buses.index(of: .effects), volume, frames: 0, at: currentFrame)
        refreshBusGains()
    }

    /// The voices held now, by the model: the busy slots, less the one-shots its clocks say have
    /// played out (the update ends them at its next block). Asks OpenAL nothing.
    var voicesInUse: Int {
        let mix = mixClock
        var count = model.allocator.busyCount
        for index in model.allocator.slots.indices where model.allocator.slots[index].busy && hasPlayedOut(index, at: mix) {
            count -= 1
        }
        return count
    }

    /// Whether a voice that does not loop and is not paused has played its whole sound by the mix
    /// clock's `mix`, by its clock.
    func hasPlayedOut(_ index: Int, at mix: Int) -> Bool {
        guard !model.voices[index].options.loop, model.shouldSound(index), let name = model.voices[index].effect,
              let sound = bank[name] else { return false }
        return model.voices[index].clock.hasPlayedOut(at: mix, length: sound.frameCount)
    }
}
