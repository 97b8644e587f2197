// SPDX-License-Identifier: Zlib
/// The mixing buses as a tree of plain values: volumes and their ramps, mutes, pauses, voice limits
/// and the ducks the rules put on them. Computes gains; never calls OpenAL. Buses are numbered in
/// the order they were made (``BusTree/master`` is 0), so the per-block work indexes arrays.
struct BusTree: Equatable {
    struct Bus: Equatable {
        let name: BusName
        /// nil only for the master bus.
        var parent: Int?
        /// The volume, ramping towards its target.
        var volume: Ramp<Float>
        var muted = false
        var paused = false
        /// At most this many voices play directly on the bus.
        var limit: Int?
        /// This many voices of the pool are kept for the bus.
        var reserve = 0
    }

    static let master = 0
    /// The music bus, where the soundtrack plays (``BusName/standard`` gives the order).
    static let music = 1

    private(set) var buses: [Bus] = []
    private var indices: [BusName: Int] = [:]

    init() {
        for name in BusName.standard {
            buses.append(Bus(name: name, parent: name == .master ? nil : Self.master, volume: .steady(1)))
            indices[name] = buses.count - 1
        }
    }

    func index(of name: BusName) throws(GameSoundError) -> Int {
        // The standard buses are made first, in ``BusName/standard``'s order: found by comparing
        // short strings rather than hashing one, which cost every play 350 instructions.
        if let standard = BusName.standard.firstIndex(of: name) { return standard }
        guard let index = indices[name] else { throw .unknownBus(name.name) }
        return index
    }

    /// Creates `name` under `parent`, or changes an existing bus. Nothing changes when it throws.
    mutating func configure(_ name: BusName, parent: BusName?, volume: Float?, limit: Int??, reserve: Int?,
                            at frame: Int) throws(GameSoundError) {
        if let volume { try Self.check(volume: volume) }
        if let limit = limit ?? nil, limit < 1 { throw .invalidArgument("a bus limit must be at least 1 voice") }
        if let reserve, reserve < 0 { throw .invalidArgument("a bus reserve cannot be negative") }
        let parentIndex = try parent.map { (parent) throws(GameSoundError) in try index(of: parent) }
        if let existing = indices[name] {
            if let parentIndex {
                guard existing != Self.master else { throw .invalidBus("the master bus has no parent") }
                guard !chain(from: parentIndex).contains(existing) else {
                    throw .invalidBus("making \(parent!.name) the parent of \(name.name) would make a loop")
                }
                buses[existing].parent = parentIndex
            }
            if let volume { buses[existing].volume = .steady(volume) }
            if let limit { buses[existing].limit = limit }
            if let reserve { buses[existing].reserve = reserve }
        } else {
            guard !name.name.isEmpty else { throw .invalidBus("a bus needs a name") }
            buses.append(Bus(name: name, parent: parentIndex ?? Self.master, volume: .steady(volume ?? 1),
                             limit: limit ?? nil, reserve: reserve ?? 0))
            indices[name] = buses.count - 1
        }
    }

    static func check(volume: Float) throws(GameSoundError) {
        guard volume.isFinite, volume >= 0 else { throw .invalidArgument("a volume must be a finite number ≥ 0") }
    }

    /// Moves a bus's volume to `volume` over `frames` (at once for 0).
    mutating func setVolume(_ bus: Int, _ volume: Float, frames: Int, at frame: Int) {
        buses[bus].volume = Ramp(from: buses[bus].volume.value(at: frame), to: volume, startFrame: frame, frames: frames)
    }

    mutating func setMuted(_ bus: Int, _ muted: Bool) { buses[bus].muted = muted }
    mutating func setPaused(_ bus: Int, _ paused: Bool) { buses[bus].paused = paused }

    /// `bus` and every bus above it, up to the master.
    func chain(from bus: Int) -> [Int] {
        var chain = [bus]
        while let parent = buses[chain[chain.count - 1]].parent, !chain.contains(parent) { chain.append(parent) }
        return chain
    }

    /// Whether `bus` or any bus above it is paused. Walks up without allocating: it runs per voice.
    func isPaused(_ bus: Int) -> Bool {
        var current: Int? = bus
        while let index = current {
            if buses[index].paused { return true }
            current = buses[index].parent
        }
        return false
    }

    /// Whether `bus` is `ancestor` or lies below it.
    func isWithin(_ bus: Int, _ ancestor: Int) -> Bool {
        var current: Int? = bus
        while let index = current {
            if index == ancestor { return true }
            current = buses[index].parent
        }
        return false
    }

    /// The reverb send a voice gets unless it says otherwise: that of the nearest standard bus at
    /// or above its bus (effects and voice 0.3; music, ui and ambience 0: dry).
    func defaultReverbSend(_ bus: Int) -> Float {
        var current: Int? = bus
        while let index = current {
            switch buses[index].name {
            case .effects, .voice: return 0.3
            case .music, .ui, .ambience, .master: return 0
            default: current = buses[index].parent
            }
        }
        return 0
    }

    /// Each bus's limit and reserve, for the voice allocator.
    var allocatorRules: [VoiceAllocator.BusRule] { buses.map { .init(limit: $0.limit, reserve: $0.reserve) } }

    /// The frame by which every volume ramp has arrived.
    var settlesAt: Int { buses.map { $0.volume.endFrame }.max() ?? 0 }

    /// One bus's own gain now: its volume, its mute and the ducks on it (`ducks[bus]`).
    func ownGain(_ bus: Int, at frame: Int, ducks: [Float]) -> Float {
        buses[bus].muted ? 0 : buses[bus].volume.value(at: frame) * ducks[bus]
    }

    /// The gain of every bus for the sources on it: the product of the own gains from the bus up to,
    /// but not including, the master (whose gain goes on the listener, one call for everything).
    func sourceGains(at frame: Int, ducks: [Float]) -> [Float] {
        var gains = [Float](repeating: 1, count: buses.count)
        for bus in buses.indices where bus != Self.master {
            gains[bus] = chain(from: bus).dropLast().reduce(1) { $0 * ownGain($1, at: frame, ducks: ducks) }
        }
        return gains
    }
}
