
/// Buses and ducking rules: configuring them, their volumes, mutes and pauses, and the ducks that follow what plays.
extension RuntimeCore {
    var busStatuses: [BusStatus] {
        buses.buses.enumerated().map { index, bus in
            BusStatus(name: bus.name, parent: bus.parent.map { buses.buses[$0].name }, volume: bus.volume.to,
                      isMuted: bus.muted, isPaused: bus.paused, duckGain: index < duckGains.count ? duckGains[index] : 1,
                      voices: index < allocator.busyOnBus.count ? allocator.busyOnBus[index] : 0)
        }
    }

    func configureBus(_ name: BusName, parent: BusName?, volume: Float?, limit: Int??, reserve: Int?) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        let isNew = (try? buses.index(of: name)) == nil  // a lookup: unknownBus is the answer "no such bus"
        try buses.configure(name, parent: parent, volume: volume, limit: limit, reserve: reserve, at: currentFrame)
        allocatorRules = buses.allocatorRules
        if duckGains.count < buses.buses.count { duckGains += Array(repeating: 1, count: buses.buses.count - duckGains.count) }
        refreshBusGains()
        if !isNew { reconcileBusPauses() }
        log(.game, isNew ? "busAdded" : "busChanged", [.init("bus", .string(name.name))])
    }

    func setBusVolume(_ name: BusName, _ volume: Float, over seconds: Double) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        try BusTree.check(volume: volume)
        let frames = try rampFrames(seconds)
        let bus = try buses.index(of: name)
        let now = currentFrame
        buses.setVolume(bus, volume, frames: frames, at: now)
        mixSettlesAt = max(mixSettlesAt, now + frames)
        refreshBusGains()
        log(.game, "busVolumeChanged", [.init("bus", .string(name.name)), .init("volume", .number(Double(volume))),
                                        .init("over", .number(seconds))])
    }

    func setBusMuted(_ name: BusName, _ muted: Bool) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        let bus = try buses.index(of: name)
        guard buses.buses[bus].muted != muted else { return }
        buses.setMuted(bus, muted)
        refreshBusGains()
        log(.game, muted ? "busMuted" : "busUnmuted", [.init("bus", .string(name.name))])
    }

    func setBusPaused(_ name: BusName, _ paused: Bool) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        let bus = try buses.index(of: name)
        guard buses.buses[bus].paused != paused else { return }
        buses.setPaused(bus, paused)
        log(.game, paused ? "busPaused" : "busResumed", [.init("bus", .string(name.name))])
        reconcileBusPauses()
    }

    /// Pauses and resumes voices and the soundtrack after a bus's pause changed.
    private func reconcileBusPauses() {
        if phase == .running, useContext() {
            for index in allocator.slots.indices where allocator.slots[index].busy { syncPlayState(index) }
            for index in streamVoices.indices where streamVoices[index].live { syncStreamPlayState(index) }
        }
        reconcileSoundtrack(fadeFrames: 0)
    }

    func addDuckingRule(_ rule: DuckingRule) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        guard rule.decibels.isFinite, rule.decibels >= 0 else { throw .invalidArgument("a duck's depth must be a finite number of dB ≥ 0") }
        let attack = try rampFrames(rule.attack), release = try rampFrames(rule.release)
        let trigger = try buses.index(of: rule.bus), ducked = try buses.index(of: rule.ducked)
        guard !buses.isWithin(ducked, trigger), !buses.isWithin(trigger, ducked) else {
            throw .invalidBus("\(rule.bus.name) cannot duck \(rule.ducked.name): one plays through the other")
        }
        duckStates.append(DuckState(rule: rule, trigger: trigger, ducked: ducked, floor: pow(10, -rule.decibels / 20),
                                    attackFrames: attack, releaseFrames: release))
    }

    /// Whether anything plays on `bus` or below it: a voice, the soundtrack or a stream. What a
    /// ducking rule follows.
    private func isSounding(within bus: Int) -> Bool {
        if allocator.slots.indices.contains(where: { slot in
            allocator.slots[slot].busy && buses.isWithin(slots[slot].bus, bus) && shouldSound(slot)
        }) { return true }
        if buses.isWithin(BusTree.music, bus), soundtrack?.player?.state == .playing { return true }
        return streamVoices.contains { $0.live && $0.player?.state == .playing && buses.isWithin($0.bus, bus) }
    }

    /// Whether every ducking rule already follows what plays on its bus. A voice, stream or
    /// soundtrack that ends later in the update than the rules are followed leaves a rule to change
    /// at the next update, which therefore cannot be a quiet one.
    var duckingRulesFollowed: Bool {
        duckStates.allSatisfy { isSounding(within: $0.trigger) == $0.active }
    }

    /// Starts a duck when its bus gets a sounding voice and a release when the last one ends.
    func followDuckingRules(at now: Int) {
        var moved = false
        for index in duckStates.indices {
            let active = isSounding(within: duckStates[index].trigger)
            guard active != duckStates[index].active else { continue }
            let state = duckStates[index]
            duckStates[index].active = active
            duckStates[index].ramp = Ramp(from: state.ramp.value(at: now), to: active ? state.floor : 1, startFrame: now,
                                          frames: active ? state.attackFrames : state.releaseFrames)
            mixSettlesAt = max(mixSettlesAt, duckStates[index].ramp.endFrame)
            log(.engine, active ? "busDucked" : "busRestored",
                [.init("bus", .string(state.rule.ducked.name)), .init("by", .string(state.rule.bus.name)),
                 .init("db", .number(Double(active ? -state.rule.decibels : 0)))])
            moved = true
        }
        if moved || previousUpdateFrame <= mixSettlesAt {
            for bus in duckGains.indices { duckGains[bus] = 1 }
            for state in duckStates { duckGains[state.ducked] = min(duckGains[state.ducked], state.ramp.value(at: now)) }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
