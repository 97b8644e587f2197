// SPDX-License-Identifier: Zlib
/// Chooses which voice of a fixed pool plays a new effect: a free one, else the lowest-priority
/// oldest voice that the new sound outranks or equals, else none, within the limits of the buses:
/// a bus with a limit takes voices only from itself once it is full, and voices that a bus keeps
/// in reserve are neither handed to another bus nor stolen by one.
///
/// Pure bookkeeping, no OpenAL: the runtime tells it which voices have finished.
struct VoiceAllocator: Equatable {
    struct Slot: Equatable {
        var busy = false
        var priority = 0
        var startedAt = 0
        var generation = 0
        var bus = 0
    }

    /// What a bus asks of the pool: at most `limit` voices, and `reserve` kept for it.
    struct BusRule: Equatable {
        var limit: Int?
        var reserve = 0
    }

    /// The outcome of a request.
    enum Choice: Equatable {
        /// Use this free slot.
        case free(Int)
        /// Take this slot from the sound playing in it.
        case steal(Int)
        /// Every voice the new sound may take outranks it.
        case refuse
        /// The bus is at its limit and every voice on it outranks the new sound.
        case refuseAtBusLimit
    }

    private(set) var slots: [Slot]
    /// Busy voices per bus, indexed like the bus tree.
    private(set) var busyOnBus: [Int] = []
    private var clock = 0

    init(count: Int) { slots = Array(repeating: Slot(), count: count) }

    /// - Parameter rules: Each bus's limit and reserve, indexed like the bus tree (empty: no rules).
    func choose(priority: Int, bus: Int = 0, rules: [BusRule] = []) -> Choice {
        let onBus = bus < busyOnBus.count ? busyOnBus[bus] : 0
        if bus < rules.count, let limit = rules[bus].limit, onBus >= limit {
            return victim(priority: priority) { $0.bus == bus }.map(Choice.steal) ?? .refuseAtBusLimit
        }
        // Free voices that other buses' unfilled reserves still claim are not ours to take.
        var claimed = 0
        for (other, rule) in rules.enumerated() where other != bus && rule.reserve > 0 {
            claimed += max(0, rule.reserve - (other < busyOnBus.count ? busyOnBus[other] : 0))
        }
        let free = slots.count - busyCount
        if free > claimed, let index = slots.firstIndex(where: { !$0.busy }) { return .free(index) }
        return victim(priority: priority) { slot in
            // A voice may be taken from its bus only if that leaves the bus its reserve.
            slot.bus == bus || slot.bus >= rules.count || busyOnBus[slot.bus] > rules[slot.bus].reserve
        }.map(Choice.steal) ?? .refuse
    }

    /// The lowest-priority, oldest busy voice that `priority` may take and `allowed` lets go; one
    /// pass and no allocation, since this runs on every play when the pool is full.
    private func victim(priority: Int, allowed: (Slot) -> Bool) -> Int? {
        var victim: Int?
        for index in slots.indices {
            let slot = slots[index]
            guard slot.busy, slot.priority <= priority, allowed(slot) else { continue }
            if let best = victim, (slots[best].priority, slots[best].startedAt) <= (slot.priority, slot.startedAt) { continue }
            victim = index
        }
        return victim
    }

    /// Marks `slot` busy with a new sound on `bus` and returns its new generation.
    mutating func occupy(_ slot: Int, priority: Int, bus: Int = 0) -> Int {
        release(slot)  // a stolen voice leaves its bus
        clock += 1
        slots[slot].busy = true
        slots[slot].priority = priority
        slots[slot].startedAt = clock
        slots[slot].generation += 1
        slots[slot].bus = bus
        if busyOnBus.count <= bus { busyOnBus += Array(repeating: 0, count: bus + 1 - busyOnBus.count) }
        busyOnBus[bus] += 1
        busyCount += 1
        return slots[slot].generation
    }

    mutating func release(_ slot: Int) {
        guard slots[slot].busy else { return }
        slots[slot].busy = false
        busyOnBus[slots[slot].bus] -= 1
        busyCount -= 1
    }

    private(set) var busyCount = 0
}
