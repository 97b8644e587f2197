/// Chooses which voice of a fixed pool plays a new effect: a free one, else the lowest-priority
/// oldest voice that the new sound outranks or equals, else none.
///
/// Pure bookkeeping, no OpenAL: the runtime tells it which voices have finished.
struct VoiceAllocator {
    struct Slot {
        var busy = false
        var priority = 0
        var startedAt = 0
        var generation = 0
    }

    /// The outcome of a request.
    enum Choice: Equatable {
        /// Use this free slot.
        case free(Int)
        /// Take this slot from the sound playing in it.
        case steal(Int)
        /// Every voice outranks the new sound.
        case refuse
    }

    private(set) var slots: [Slot]
    private var clock = 0

    init(count: Int) { slots = Array(repeating: Slot(), count: count) }

    func choose(priority: Int) -> Choice {
        // One pass and no allocation: this runs on every play, twice when the pool is full.
        var victim: Int?
        for index in slots.indices {
            let slot = slots[index]
            if !slot.busy { return .free(index) }
            guard slot.priority <= priority else { continue }
            if let best = victim, (slots[best].priority, slots[best].startedAt) <= (slot.priority, slot.startedAt) { continue }
            victim = index
        }
        return victim.map(Choice.steal) ?? .refuse
    }

    /// Marks `slot` busy with a new sound and returns its new generation.
    mutating func occupy(_ slot: Int, priority: Int) -> Int {
        clock += 1
        slots[slot].busy = true
        slots[slot].priority = priority
        slots[slot].startedAt = clock
        slots[slot].generation += 1
        return slots[slot].generation
    }

    mutating func release(_ slot: Int) { slots[slot].busy = false }

    var busyCount: Int { slots.count { $0.busy } }
}
