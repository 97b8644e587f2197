// SPDX-License-Identifier: Zlib
import AudioFiles
import OpenAL

/// The voice pool in OpenAL: each slot's source and the spare sources of virtual voices (the
/// effects' buffers are ALMirror+Buffers). A slot without a source (a virtual voice, or no context)
/// makes every call here a no-op, so the runtime can say what a voice should do without asking
/// first whether it can.
extension ALMirror {
    /// Runs OpenAL calls and hands their failure on as the runtime's error.
    @inline(__always)
    func al<T>(_ body: () throws(OpenALError) -> T) throws(GameSoundError) -> T {
        assert(mayUseOpenAL, "OpenAL used without the runtime's work lock")
        do { return try body() } catch { throw .openAL(error) }
    }

    /// Before OpenAL is read during a game's call in real time: the writes recorded so far are made,
    /// with the context current on this thread, so that the answer includes them.
    @inline(__always)
    func prepareRead() {
        if defersWrites { _ = useContext() }
    }

    /// Whether `slot` holds a source now.
    @inline(__always)
    func hasSource(_ slot: Int) -> Bool { voices[slot].source != nil }

    // MARK: - Sources

    /// Makes a source for every slot that has none (`spares` nil), or, when voices can be virtual,
    /// spare sources until `spares` sources are held in all.
    func createSources(spares: Int?) throws(GameSoundError) {
        guard let context else { return }
        if let spares {
            let held = voices.count { $0.source != nil } + spareSources.count
            for _ in held..<max(held, spares) { spareSources.append(try al { () throws(OpenALError) in try ALSource(context: context) }) }
        } else {
            for index in voices.indices where voices[index].source == nil {
                voices[index].source = try al { () throws(OpenALError) in try ALSource(context: context) }
            }
        }
    }

    /// Gives `slot` a spare source; false when none is left. A slot that has one keeps it.
    func attachSpareSource(_ slot: Int) -> Bool {
        if voices[slot].source != nil { return true }
        guard let source = spareSources.popLast() else { return false }
        voices[slot] = VoiceSource(source: source)
        return true
    }

    /// Takes `slot`'s source back to the spare ones, stopped, with no buffer and its space settings
    /// at OpenAL's defaults (the next owner sets only what differs from those).
    func releaseSource(_ slot: Int) {
        guard let source = voices[slot].source else { return }
        // Every stop of a voice with virtual voices on gives one back: recorded as a value, it allocates nothing.
        do { try write(VoiceWrite(slot: slot, source: source, change: .release)) } catch { report(error, affected: released(slot)) }
        if let space = voices[slot].space, space != VoiceSpace() {
            reportingWrite(self.released(slot)) { () throws(OpenALError) in try source.setVelocity(x: 0, y: 0, z: 0) }
            reportingWrite(self.released(slot)) { () throws(OpenALError) in try source.setReferenceDistance(1) }
            reportingWrite(self.released(slot)) { () throws(OpenALError) in try source.setMaxDistance(.greatestFiniteMagnitude) }
            reportingWrite(self.released(slot)) { () throws(OpenALError) in try source.setRolloffFactor(1) }
            reportingWrite(self.released(slot)) { () throws(OpenALError) in try source.setDirectFilter(nil) }
        }
        if voices[slot].send != nil {
            reportingWrite(self.released(slot)) { () throws(OpenALError) in try source.setAuxiliarySend(nil, send: 0) }
            reportingWrite(self.released(slot)) { () throws(OpenALError) in try source.setAuxiliarySend(nil, send: 1) }
        }
        voices[slot] = VoiceSource()
        spareSources.append(source)
    }

    /// What a failure while giving `slot`'s source back names.
    func released(_ slot: Int) -> String { "the source \(voiceName(slot)) gives back" }

    /// Deletes every source of the pool (spare ones too), stopped and emptied first. Failures are
    /// reported and the rest goes on: whatever is left goes with the context.
    func deleteSources() {
        for index in voices.indices {
            if let source = voices[index].source {
                let affected = "source \(index) of the voice pool"
                attempt(affected) { () throws(OpenALError) in try source.stop() }
                attempt(affected) { () throws(OpenALError) in try source.setBuffer(nil) }
                attempt(affected) { () throws(OpenALError) in try source.delete() }
            }
        }
        for source in spareSources { attempt("a spare source") { () throws(OpenALError) in try source.delete() } }
        forgetSources()
    }

    /// Forgets every source of the pool, spare ones too, and what each was given: deleted
    /// (``deleteSources()``) or left to the context's end (``retireOutputWhole(letting:)``).
    func forgetSources() {
        for index in voices.indices { voices[index] = VoiceSource() }
        spareSources = []
    }

    // MARK: - One voice

    /// Stops the voice's source and takes its buffer off, so that the buffer can be deleted.
    func detach(_ slot: Int, affected: @escaping @autoclosure () -> String) {
        if let source = voices[slot].source {
            reportingWrite(self.released(slot)) { () throws(OpenALError) in try source.stop() }
            reportingWrite(affected() + "'s buffer") { () throws(OpenALError) in try source.setBuffer(nil) }
        }
        voices[slot].attached = nil
        voices[slot].sounding = false
    }

    /// Gives the voice's source, stopped, the buffer of `effect` and every property a voice starts
    /// with: gain, pitch, looping and place. Distance, sends and occlusion follow (``applySpace``).
    func configure(_ slot: Int, effect: String, gain: Float, pitch: Float, loop: Bool, place: Placement) throws(GameSoundError) {
        guard let source = voices[slot].source else { return }
        guard let buffer = buffer(named: effect) else { throw .unknownEffect(effect) }
        voices[slot].attached = effect
        voices[slot].gain = gain
        voices[slot].pitch = pitch
        voices[slot].place = place
        voices[slot].sounding = false
        try write(VoiceWrite(slot: slot, source: source, change: .configure(buffer: buffer, gain: gain, pitch: pitch, loop: loop, place: place)))
    }

    func play(_ slot: Int) throws(GameSoundError) {
        guard let source = voices[slot].source else { return }
        voices[slot].sounding = true
        try write(VoiceWrite(slot: slot, source: source, change: .play))
    }

    func pause(_ slot: Int) throws(GameSoundError) {
        guard let source = voices[slot].source else { return }
        try write(VoiceWrite(slot: slot, source: source, change: .pause))
    }

    func stop(_ slot: Int) throws(GameSoundError) {
        guard let source = voices[slot].source else { return }
        voices[slot].sounding = false
        try write(VoiceWrite(slot: slot, source: source, change: .stop))
    }

    /// Moves the voice to `frames` into its sound.
    func setOffset(_ slot: Int, frames: Int) throws(GameSoundError) {
        guard let source = voices[slot].source else { return }
        try write(self.voiceName(slot)) { () throws(OpenALError) in try source.setOffset(frames: frames) }
    }

    /// Moves the voice to `frames` into its sound, fraction of a frame included where OpenAL takes one
    /// (`AL_SOFT_source_latency`), so that it resamples exactly as a source that played on would.
    func setOffset(_ slot: Int, exactly frames: Double) throws(GameSoundError) {
        guard let source = voices[slot].source else { return }
        try write(self.voiceName(slot)) { () throws(OpenALError) in
            do throws(OpenALError) {
                try source.setOffset(frames: frames)
            } catch where error.code == .extensionMissing("AL_SOFT_source_latency") {
                try source.setOffset(frames: Int(frames))
            }
        }
    }

    /// Where the voice's source is in its sound, in frames; nil without a source.
    func offset(_ slot: Int) throws(GameSoundError) -> Int? {
        guard let source = voices[slot].source else { return nil }
        prepareRead()
        return try al { () throws(OpenALError) in try source.offset() }
    }

    /// The state of the voice's source; nil without a source.
    func state(_ slot: Int) throws(GameSoundError) -> SourceState? {
        guard let source = voices[slot].source else { return nil }
        prepareRead()
        return switch try al({ () throws(OpenALError) in try source.state() }) {
        case .initial: .initial
        case .playing: .playing
        case .paused: .paused
        case .stopped: .stopped
        }
    }

    // The three below write only what differs from the shadow: a ramp of one of them (a fade, a
    // moving voice) moves the voice at every block, and the other two stay where they are.

    func setGain(_ slot: Int, _ gain: Float) throws(GameSoundError) {
        guard let source = voices[slot].source, voices[slot].gain != gain else { return }
        voices[slot].gain = gain
        try write(VoiceWrite(slot: slot, source: source, change: .gain(gain)))
    }

    func setPitch(_ slot: Int, _ pitch: Float) throws(GameSoundError) {
        guard let source = voices[slot].source, voices[slot].pitch != pitch else { return }
        voices[slot].pitch = pitch
        try write(VoiceWrite(slot: slot, source: source, change: .pitch(pitch)))
    }

    /// Where the voice is heard from: a world position, or a place relative to the listener.
    func setPlace(_ slot: Int, _ place: Placement) throws(GameSoundError) {
        guard let source = voices[slot].source, voices[slot].place != place else { return }
        voices[slot].place = place
        try write(VoiceWrite(slot: slot, source: source, change: .place(place)))
    }
}
