// SPDX-License-Identifier: Zlib
import GameSound

/// The mixing layer of a scenario: its bus tree as it stands after the top-level `buses`, and the
/// checks of `buses`, `ducking` and `sounds` that hold for scenarios built in code as well as parsed ones.
extension Scenario {
    /// Every bus an event may name: the standard ones, then those ``buses`` adds, by name.
    public var busNames: [BusName] {
        BusName.standard + buses.keys.filter { !BusName.standard.contains($0) }.sorted { $0.name < $1.name }
    }

    /// The order in which the runner configures ``buses``: each parent the scenario sets up before
    /// its children, otherwise by name. Only meaningful for a scenario whose buses make no loop.
    var busCreationOrder: [BusName] {
        var order: [BusName] = []
        var placed: Set<BusName> = []
        func place(_ name: BusName) {
            guard !placed.contains(name) else { return }
            placed.insert(name)
            if let parent = buses[name]?.parent, buses[parent] != nil { place(parent) }
            order.append(name)
        }
        for name in buses.keys.sorted(by: { $0.name < $1.name }) { place(name) }
        return order
    }

    /// The bus `name` feeds once ``buses`` is applied: the one it names, else the master (nil for the master).
    func parent(of name: BusName) -> BusName? {
        if let parent = buses[name]?.parent { return parent }
        return name == .master ? nil : .master
    }

    /// Whether `bus` is `ancestor` or plays through it, once ``buses`` is applied.
    func bus(_ bus: BusName, isWithin ancestor: BusName) -> Bool {
        var current: BusName? = bus
        var seen: Set<BusName> = []
        while let name = current, seen.insert(name).inserted {
            if name == ancestor { return true }
            current = parent(of: name)
        }
        return false
    }

    /// Checks ``buses``, ``ducking`` and ``sounds``.
    ///
    /// - Parameter effects: The effect names available, to check the sounds' variants; nil to skip that check.
    func validateMixing(effects: Set<String>?) throws(ScenarioError) {
        try validateBuses()
        for (index, rule) in ducking.enumerated() { try validate(rule, index: index) }
        for name in sounds.keys.sorted() {
            if let definition = sounds[name] { try validate(definition, named: name, effects: effects) }
        }
    }

    private func validateBuses() throws(ScenarioError) {
        let known = Set(busNames)
        for name in buses.keys.sorted(by: { $0.name < $1.name }) {
            guard let bus = buses[name] else { continue }
            func failure(_ key: String, _ message: String) -> ScenarioError {
                ScenarioError(field: "buses.\(name.name)" + (key.isEmpty ? "" : ".\(key)"), message: message)
            }
            guard !name.name.isEmpty else { throw failure("", "a bus in \"buses\" needs a non-empty name") }
            if let parent = bus.parent {
                guard name != .master else { throw failure("parent", "the master bus has no parent: it is the root of the tree") }
                guard known.contains(parent) else {
                    throw failure("parent", Self.unknownBus(parent, known: busNames))
                }
            }
            if let volume = bus.volume, !(volume.isFinite && volume >= 0) {
                throw failure("volume", "field \"buses.\(name.name).volume\" (\(volume)) must be 0 or more")
            }
            if let reserve = bus.reserve, reserve < 0 || reserve > voices {
                throw failure("reserve", "field \"buses.\(name.name).reserve\" (\(reserve)) must be 0 or more voices, "
                                  + "and at most the pool's \(voices)")
            }
            if let limit = bus.limit, limit < 1 {
                throw failure("limit", "field \"buses.\(name.name).limit\" (\(limit)) must be at least 1 voice")
            }
        }
        if let loop = firstBusLoop() {
            let path = (loop + [loop[0]]).map(\.name).joined(separator: " → ")
            let who = loop.count == 1 ? "bus \"\(loop[0].name)\" names itself as its \"parent\""
                : "the buses \(Self.list(loop.map(\.name))) make a loop through \"parent\": \(path)"
            throw ScenarioError(field: "buses.\(loop[0].name).parent", message: who + "; every bus must lead up to master")
        }
        let reserved = buses.values.reduce(0) { $0 + ($1.reserve ?? 0) }
        if reserved > voices {
            throw ScenarioError(field: "buses", message: "the buses reserve \(reserved) voices, more than the pool's \(voices) (\"voices\")")
        }
    }

    /// The first loop the `parent` fields make, starting at the alphabetically first bus in it.
    private func firstBusLoop() -> [BusName]? {
        var leadsToMaster: Set<BusName> = []
        for start in buses.keys.sorted(by: { $0.name < $1.name }) {
            var path: [BusName] = []
            var onPath: [BusName: Int] = [:]
            var current: BusName? = start
            while let name = current, !leadsToMaster.contains(name) {
                if let first = onPath[name] {
                    let loop = Array(path[first...])
                    // Begin at the alphabetically first bus in the loop, so the message does not depend on where the walk began.
                    let lowest = loop.indices.min { loop[$0].name < loop[$1].name } ?? 0
                    return Array(loop[lowest...] + loop[..<lowest])
                }
                onPath[name] = path.count
                path.append(name)
                current = parent(of: name)
            }
            leadsToMaster.formUnion(path)
        }
        return nil
    }

    private func validate(_ rule: DuckingRule, index: Int) throws(ScenarioError) {
        let prefix = "ducking[\(index)]"
        func failure(_ key: String, _ message: String) -> ScenarioError {
            ScenarioError(field: "\(prefix).\(key)", message: "\(prefix): " + message)
        }
        let known = busNames
        guard known.contains(rule.bus) else { throw failure("bus", Self.unknownBus(rule.bus, known: known)) }
        guard known.contains(rule.ducked) else { throw failure("ducks", Self.unknownBus(rule.ducked, known: known)) }
        guard rule.decibels.isFinite, rule.decibels >= 0 else {
            throw failure("db", "field \"db\" (\(rule.decibels)) must be 0 or more: how many dB the bus goes down (9 lowers it by 9 dB)")
        }
        for (key, seconds) in [("attack", rule.attack), ("release", rule.release)] {
            guard seconds.isFinite, seconds >= 0, seconds <= Self.maximumDuration else {
                throw failure(key, "field \"\(key)\" (\(seconds)) must be a time of 0 to \(Self.maximumDuration) seconds")
            }
        }
        if bus(rule.ducked, isWithin: rule.bus) || bus(rule.bus, isWithin: rule.ducked) {
            throw failure("ducks", "\"\(rule.bus.name)\" cannot duck \"\(rule.ducked.name)\": one plays through the other")
        }
    }

    private func validate(_ definition: SoundDefinition, named name: String, effects: Set<String>?) throws(ScenarioError) {
        func failure(_ key: String, _ message: String) -> ScenarioError {
            ScenarioError(field: "sounds.\(name)" + (key.isEmpty ? "" : ".\(key)"), message: "sound '\(name)': " + message)
        }
        guard !name.isEmpty else { throw failure("", "a sound in \"sounds\" needs a non-empty name") }
        guard !definition.variants.isEmpty else { throw failure("variants", "\"variants\" must list at least one effect") }
        for variant in definition.variants {
            guard !variant.isEmpty else { throw failure("variants", "\"variants\" must list non-empty effect names") }
            if let effects, !effects.contains(variant) {
                throw failure("variants", "unknown variant '\(variant)' (\(Self.available(effects)))")
            }
            if let preloadedEffects, !preloadedEffects.contains(variant) {
                throw failure("variants", "variant '\(variant)' is not in \"preload\": a sound's variants must be loaded "
                                  + "before the first event, so list them there (or leave \"preload\" out)")
            }
        }
        let pitch = definition.pitch, gain = definition.gain
        guard pitch.lowerBound.isFinite, pitch.upperBound.isFinite, pitch.lowerBound > 0 else {
            throw failure("pitch", "\"pitch\" [\(pitch.lowerBound), \(pitch.upperBound)] must be two finite numbers above 0, the lower first")
        }
        guard gain.lowerBound.isFinite, gain.upperBound.isFinite, gain.lowerBound >= 0 else {
            throw failure("gain", "\"gain\" [\(gain.lowerBound), \(gain.upperBound)] must be two finite numbers of 0 or more, the lower first")
        }
        guard definition.cooldown.isFinite, definition.cooldown >= 0, definition.cooldown <= Self.maximumDuration else {
            throw failure("cooldown", "\"cooldown\" (\(definition.cooldown)) must be a time of 0 to \(Self.maximumDuration) seconds")
        }
        if let most = definition.maxInstances, most < 1 {
            throw failure("maxInstances", "\"maxInstances\" (\(most)) must be at least 1")
        }
        if let bus = definition.bus, !busNames.contains(bus) {
            throw failure("bus", Self.unknownBus(bus, known: busNames))
        }
    }

    static func unknownBus(_ bus: BusName, known: [BusName]) -> String {
        "unknown bus '\(bus.name)' (buses: \(known.map(\.name).joined(separator: ", ")))"
    }

    static func list(_ names: [String]) -> String {
        let quoted = names.map { "\"\($0)\"" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
    }
}
