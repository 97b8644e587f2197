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
        if let free = slots.firstIndex(where: { !$0.busy }) { return .free(free) }
        let candidates = slots.indices.filter { slots[$0].priority <= priority }
        guard let victim = candidates.min(by: { (slots[$0].priority, slots[$0].startedAt) < (slots[$1].priority, slots[$1].startedAt) })
        else { return .refuse }
        return .steal(victim)
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
