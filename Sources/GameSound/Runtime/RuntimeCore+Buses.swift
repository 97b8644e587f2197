// SPDX-License-Identifier: Zlib

/// Buses and ducking rules: configuring them, their volumes, mutes and pauses, and the ducks that follow what plays.
extension RuntimeCore {
    var busStatuses: [BusStatus] {
        model.buses.buses.enumerated().map { index, bus in
            BusStatus(name: bus.name, parent: bus.parent.map { model.buses.buses[$0].name }, volume: bus.volume.to,
                      isMuted: bus.muted, isPaused: bus.paused, duckGain: index < model.duckGains.count ? model.duckGains[index] : 1,
                      voices: index < model.allocator.busyOnBus.count ? model.allocator.busyOnBus[index] : 0)
        }
    }

    func configureBus(_ name: BusName, parent: BusName?, volume: Float?, limit: Int??, reserve: Int?) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        let isNew = (try? model.buses.index(of: name)) == nil  // a lookup: unknownBus is the answer "no such bus"
        try model.buses.configure(name, parent: parent, volume: volume, limit: limit, reserve: reserve, at: currentFrame)
        model.allocatorRules = model.buses.allocatorRules
        if model.duckGains.count < model.buses.buses.count { model.duckGains += Array(repeating: 1, count: model.buses.buses.count - model.duckGains.count) }
        refreshBusGains()
        if !isNew { reconcileBusPauses(changed: nil) }
        log(.game, isNew ? "busAdded" : "busChanged", [.init("bus", .string(name.name))])
    }

    func setBusVolume(_ name: BusName, _ volume: Float, over seconds: Double) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        try BusTree.check(volume: volume)
        let frames = try rampFrames(seconds)
        let bus = try model.buses.index(of: name)
        let now = currentFrame
        model.buses.setVolume(bus, volume, frames: frames, at: now)
        model.mixSettlesAt = max(model.mixSettlesAt, now + frames)
        refreshBusGains()
        log(.game, "busVolumeChanged", [.init("bus", .string(name.name)), .init("volume", .number(Double(volume))),
                                        .init("over", .number(seconds))])
    }

    func setBusMuted(_ name: BusName, _ muted: Bool) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        let bus = try model.buses.index(of: name)
        guard model.buses.buses[bus].muted != muted else { return }
        model.buses.setMuted(bus, muted)
        refreshBusGains()
        log(.game, muted ? "busMuted" : "busUnmuted", [.init("bus", .string(name.name))])
    }

    func setBusPaused(_ name: BusName, _ paused: Bool) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        let bus = try model.buses.index(of: name)
        guard model.buses.buses[bus].paused != paused else { return }
        model.buses.setPaused(bus, paused)
        log(.game, paused ? "busPaused" : "busResumed", [.init("bus", .string(name.name))])
        reconcileBusPauses(changed: bus)
    }

    /// Pauses and resumes voices, streams and the soundtrack after a bus's pause changed (`changed`;
    /// nil: the tree itself changed, any bus may be paused or not now).
    ///
    /// A game's command (``GameSoundRuntime/setBusPaused(_:_:)``) leaves the voices and streams to
    /// whoever makes its writes, as a voice's own pause does: matching a source reads its state (a
    /// one-shot that played out must not start again). The soundtrack follows as after its own calls
    /// (``followSoundtrack(fadeFrames:opened:)``), and only when the bus holds the music bus.
    private func reconcileBusPauses(changed: Int?) {
        if phase == .running, mirror.canWrite() {
            mirror.afterWrites { [unowned self] in
                guard phase == .running, useContext() else { return }
                for index in model.allocator.slots.indices where model.allocator.slots[index].busy { syncPlayState(index) }
                for index in model.streamVoices.indices where model.streamVoices[index].live { syncStreamPlayState(index) }
            }
        }
        if changed.map({ model.buses.isWithin(BusTree.music, $0) }) ?? true { followSoundtrack(fadeFrames: 0) }
    }

    func addDuckingRule(_ rule: DuckingRule) throws(GameSoundError) {
        guard phase != .stopped else { throw .stopped }
        guard rule.decibels.isFinite, rule.decibels >= 0 else { throw .invalidArgument("a duck's depth must be a finite number of dB ≥ 0") }
        let attack = try rampFrames(rule.attack), release = try rampFrames(rule.release)
        let trigger = try model.buses.index(of: rule.bus), ducked = try model.buses.index(of: rule.ducked)
        guard !model.buses.isWithin(ducked, trigger), !model.buses.isWithin(trigger, ducked) else {
            throw .invalidBus("\(rule.bus.name) cannot duck \(rule.ducked.name): one plays through the other")
        }
        model.duckStates.append(DuckState(rule: rule, trigger: trigger, ducked: ducked, floor: pow(10, -rule.decibels / 20),
                                          attackFrames: attack, releaseFrames: release))
    }

    /// Whether anything plays on `bus` or below it: a voice, the soundtrack or a stream. What a
    /// ducking rule follows.
    private func isSounding(within bus: Int) -> Bool {
        if model.allocator.slots.indices.contains(where: { slot in
            model.allocator.slots[slot].busy && model.buses.isWithin(model.voices[slot].bus, bus) && model.shouldSound(slot)
        }) { return true }
        if model.buses.isWithin(BusTree.music, bus), player(model.soundtrack)?.state == .playing { return true }
        return model.streamVoices.contains { $0.live && player($0)?.state == .playing && model.buses.isWithin($0.bus, bus) }
    }

    /// Whether every ducking rule already follows what plays on its bus. A voice, stream or
    /// soundtrack that ends later in the update than the rules are followed leaves a rule to change
    /// at the next update, which therefore cannot be a quiet one.
    var duckingRulesFollowed: Bool {
        model.duckStates.allSatisfy { isSounding(within: $0.trigger) == $0.active }
    }

    /// Starts a duck when its bus gets a sounding voice and a release when the last one ends.
    func followDuckingRules(at now: Int) {
        var moved = false
        for index in model.duckStates.indices {
            let active = isSounding(within: model.duckStates[index].trigger)
            guard active != model.duckStates[index].active else { continue }
            let state = model.duckStates[index]
            model.duckStates[index].active = active
            model.duckStates[index].ramp = Ramp(from: state.ramp.value(at: now), to: active ? state.floor : 1, startFrame: now,
                                                frames: active ? state.attackFrames : state.releaseFrames)
            model.mixSettlesAt = max(model.mixSettlesAt, model.duckStates[index].ramp.endFrame)
            log(.engine, active ? "busDucked" : "busRestored",
                [.init("bus", .string(state.rule.ducked.name)), .init("by", .string(state.rule.bus.name)),
                 .init("db", .number(Double(active ? -state.rule.decibels : 0)))])
            moved = true
        }
        if moved || writesMoving(until: model.mixSettlesAt) {
            for bus in model.duckGains.indices { model.duckGains[bus] = 1 }
            for state in model.duckStates { model.duckGains[state.ducked] = min(model.duckGains[state.ducked], state.ramp.value(at: now)) }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
