// SPDX-License-Identifier: Zlib
import AudioFiles
import Logging

/// Virtual voices (``GameSoundConfiguration/virtualVoices`` above 0): a voice is a record in
/// ``RuntimeCore/slots``, and only ``GameSoundConfiguration/voices`` of them hold an OpenAL source at
/// a time. The others are virtual: tracked in time, silent, no source. Every few updates the
/// loudest as heard (gain × bus × distance) hold the sources; a virtual voice that became louder
/// than a real one by 2 dB takes its source and goes on from where it would be by then.
extension RuntimeCore {
    /// Whether voices may be virtual at all.
    var virtualises: Bool { configuration.virtualVoices > 0 }

    /// Updates between two rankings (16 × 256 frames ≈ 85 ms at 48 kHz): quick enough for a
    /// sound that comes near, cheap enough that 500 emitters cost little (docs/performance.md).
    static let rankingInterval = 16
    /// Gives `slot` a source from the spare ones (or keeps its own); false when none is left.
    func attachSpareSource(_ slot: Int) -> Bool { mirror.attachSpareSource(slot) }

    /// Takes `slot`'s source back to the spare ones (only when voices can be virtual). While the
    /// context cannot be touched (suspended for an interruption) the source stays with the slot,
    /// free or not, and ``reconcileVoices()`` gives it back when the context returns: no OpenAL call
    /// is ever made without a usable context.
    func releaseSource(_ slot: Int) {
        guard virtualises, mirror.hasSource(slot), mirror.canWrite() else { return }
        mirror.releaseSource(slot)
    }

    /// Where a virtual voice would be in its sound now, in the sound's frames.
    func virtualPosition(_ slot: Int) -> Double {
        guard let name = model.voices[slot].effect, let sound = bank[name] else { return 0 }
        let rate = Double(sound.format.sampleRate) / Double(configuration.sampleRate) * Double(model.voices[slot].pitch(at: currentFrame))
        return model.virtualPosition(slot, soundFramesPerFrame: rate)
    }

    /// Makes a real voice virtual: notes where it is, and frees its source.
    func virtualise(_ slot: Int) {
        // Where it is needs its clock started and the device's clock: during a game's call in real
        // time (a new voice outranks it), the writes before are made first, here.
        if mirror.defersWrites { _ = useContext() }
        let offset = Double(clockFrames(slot))
        releaseSource(slot)
        model.makeVirtual(slot, from: offset)
        logVirtual("voiceVirtualised", slot)
    }


    /// Gives a virtual voice a source again, at the place it would have reached; a one-shot whose
    /// time ran out ends instead.
    @discardableResult
    func realise(_ slot: Int) -> Bool {
        guard let name = model.voices[slot].effect, let sound = bank[name], mirror.hasBuffer(name) else { return false }
        var position = virtualPosition(slot)
        if model.voices[slot].options.loop, sound.frameCount > 0 {
            position = position.truncatingRemainder(dividingBy: Double(sound.frameCount))
        } else if position >= Double(sound.frameCount) {
            endVoice(slot, reason: .finished)
            return false
        }
        guard attachSpareSource(slot) else { return false }
        model.makeReal(slot)
        do {
            try configure(slot, effect: name)
            try mirror.setOffset(slot, frames: Int(position))
            if model.shouldSound(slot) { try mirror.play(slot) }
            startClock(slot, atFrame: Int(position), playing: model.shouldSound(slot))
        } catch {
            logger.error("could not make a virtual voice real again: \(error)", metadata: LogCode.voiceRealiseFailed.metadata)
        }
        scheduleEndCheck(slot, at: currentFrame)
        logVirtual("voiceRealised", slot, offset: Int(position))
        return true
    }

    func logVirtual(_ name: String, _ slot: Int, offset: Int? = nil) {
        let voice = Voice(slot: slot, generation: model.allocator.slots[slot].generation, runtime: runtimeTag)
        var details: [GameSoundEvent.Detail] = [.init("voice", .integer(Int(voice.localID))),
                                                .init("sound", .string(model.voices[slot].definition ?? model.voices[slot].effect ?? ""))]
        if let offset { details.append(.init("offset", .integer(offset))) }
        log(.engine, name, details)
    }

    /// Where a voice stands for a real voice now: its priority and ``loudness(_:listenerAt:at:)``.
    func rank(_ slot: Int, listenerAt origin: SIMDPosition, at now: Int) -> VoiceRank {
        VoiceRank(priority: model.allocator.slots[slot].priority, loudness: loudness(slot, listenerAt: origin, at: now))
    }

    /// How loud a voice is heard, for ranking only: its gain, its bus and the distance attenuation
    /// (direction plays no part, so no listener-space transform), capped at 1 like OpenAL Soft caps it.
    func loudness(_ slot: Int, listenerAt origin: SIMDPosition, at now: Int) -> Float {
        guard model.shouldSound(slot) else { return 0 }
        var attenuation: Float = 1
        if let position = model.voices[slot].position(at: now) {
            let dx = position.x - origin.x, dy = position.y - origin.y, dz = position.z - origin.z
            let options = model.voices[slot].options
            attenuation = StereoPlacement.distanceGain((dx * dx + dy * dy + dz * dz).squareRoot(), model: model.distanceModel,
                                                       reference: options.referenceDistance, maximum: options.maxDistance,
                                                       rolloff: options.rolloff)
        }
        return min(sourceGain(slot, at: now) * attenuation, 1)
    }

    /// Per-update work while any voice is virtual: every ``rankingInterval`` updates, moves sources
    /// from the lowest-ranked real voices to the highest-ranked virtual ones (``VoiceRank``), a few
    /// at a time, and ends virtual one-shots whose time ran out. Allocates nothing.
    func rankVirtualVoices() {
        guard virtualises, model.virtualVoiceCount > 0 else { return }
        model.rankingCountdown -= 1
        guard model.rankingCountdown <= 0 else { return }
        model.rankingCountdown = Self.rankingInterval
        let now = currentFrame
        let origin = currentListener.position
        for _ in 0..<8 {
            var strongestVirtual: (slot: Int, rank: VoiceRank)?
            var weakestReal: (slot: Int, rank: VoiceRank)?
            for index in model.allocator.slots.indices where model.allocator.slots[index].busy {
                let rank = rank(index, listenerAt: origin, at: now)
                if model.voices[index].isVirtual {
                    if strongestVirtual.map({ $0.rank.ranksBelow(rank) }) ?? true { strongestVirtual = (index, rank) }
                } else if weakestReal.map({ rank.ranksBelow($0.rank) }) ?? true {
                    weakestReal = (index, rank)
                }
            }
            guard let candidate = strongestVirtual, candidate.rank.isAudible else { break }
            if mirror.spareSources.isEmpty {
                guard let real = weakestReal, candidate.rank.displaces(real.rank, margin: VoiceRank.loudnessMargin) else { break }
                virtualise(real.slot)
            }
            realise(candidate.slot)
        }
        endExpiredVirtualVoices()
    }

    /// Ends the virtual one-shots that would have finished by now.
    private func endExpiredVirtualVoices() {
        for index in model.allocator.slots.indices where model.allocator.slots[index].busy && model.voices[index].isVirtual && !model.voices[index].options.loop {
            guard let name = model.voices[index].effect, let sound = bank[name] else { continue }
            if virtualPosition(index) >= Double(sound.frameCount) { endVoice(index, reason: .finished) }
        }
    }
}
