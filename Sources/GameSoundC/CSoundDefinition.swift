import GameSound

/// The C struct `gs_sound_definition`, read and written field by field at fixed offsets.
///
/// With `p` the size of a pointer (8 on 64-bit systems, 4 on 32-bit ones), the layout is: `variants`
/// (a `const char *const *`) at 0, `bus` (a `const char *`) at `p`, two reserved pointers, `cooldown`
/// (a `double`) at `4p`, then eight 4-byte fields from `4p + 8` — `variant_count`, `pitch_min`,
/// `pitch_max`, `gain_min`, `gain_max`, `avoid_repeat`, `max_instances`, `when_full` — and ten
/// reserved 4-byte slots: `80 + 4p` bytes (112 on 64-bit systems). `gs_sound_definition_init` zeroes
/// the reserved pointers and slots so later versions can give them a meaning without breaking
/// programs built against this one. `gamesound.h` asserts the same size at compile time.
struct CSoundDefinition {
    static let pointerSize = MemoryLayout<UnsafeRawPointer>.size
    static let byteCount = 80 + 4 * pointerSize
    /// Where `cooldown` lies; the 4-byte fields follow it.
    private static let cooldownOffset = 4 * pointerSize
    private static let fieldsOffset = cooldownOffset + 8

    var variants: UnsafePointer<UnsafePointer<CChar>?>?
    var bus: UnsafePointer<CChar>?
    var cooldown: Double = 0
    var variantCount: Int32 = 0
    var pitchMin: Float = 1
    var pitchMax: Float = 1
    var gainMin: Float = 1
    var gainMax: Float = 1
    var avoidRepeat: Int32 = 0
    /// 0: no limit.
    var maxInstances: Int32 = 0
    /// `GS_WHEN_FULL_STEAL_OLDEST` (0) or `GS_WHEN_FULL_REFUSE` (1).
    var whenFull: Int32 = 0

    init() {}

    init(reading memory: UnsafeRawPointer) {
        func float(_ index: Int) -> Float { memory.loadUnaligned(fromByteOffset: Self.fieldsOffset + index * 4, as: Float.self) }
        func int(_ index: Int) -> Int32 { memory.loadUnaligned(fromByteOffset: Self.fieldsOffset + index * 4, as: Int32.self) }
        variants = memory.loadUnaligned(as: UnsafePointer<UnsafePointer<CChar>?>?.self)
        bus = memory.loadUnaligned(fromByteOffset: Self.pointerSize, as: UnsafePointer<CChar>?.self)
        cooldown = memory.loadUnaligned(fromByteOffset: Self.cooldownOffset, as: Double.self)
        variantCount = int(0)
        pitchMin = float(1)
        pitchMax = float(2)
        gainMin = float(3)
        gainMax = float(4)
        avoidRepeat = int(5)
        maxInstances = int(6)
        whenFull = int(7)
    }

    func write(to memory: UnsafeMutableRawPointer) {
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: Self.byteCount)
        memory.storeBytes(of: variants, as: UnsafePointer<UnsafePointer<CChar>?>?.self)
        memory.storeBytes(of: bus, toByteOffset: Self.pointerSize, as: UnsafePointer<CChar>?.self)
        memory.storeBytes(of: cooldown, toByteOffset: Self.cooldownOffset, as: Double.self)
        memory.storeBytes(of: variantCount, toByteOffset: Self.fieldsOffset, as: Int32.self)
        for (index, value) in [pitchMin, pitchMax, gainMin, gainMax].enumerated() {
            memory.storeBytes(of: value, toByteOffset: Self.fieldsOffset + (1 + index) * 4, as: Float.self)
        }
        for (index, value) in [avoidRepeat, maxInstances, whenFull].enumerated() {
            memory.storeBytes(of: value, toByteOffset: Self.fieldsOffset + (5 + index) * 4, as: Int32.self)
        }
    }

    /// The Swift definition these fields ask for. The C side checks what would trap in Swift (a
    /// range whose ends are not in order, or not numbers) and what only C can get wrong (NULL
    /// names, counts and enumerations out of range); the runtime checks the rest.
    func soundDefinition(in function: String) throws(CFailure) -> SoundDefinition {
        guard variantCount >= 1 else {
            throw CFailure(.invalidArgument, "\(function): variant_count is \(variantCount); a sound needs at least one variant")
        }
        guard let variants else { throw .null("variants", in: function) }
        var names: [String] = []
        for index in 0..<Int(variantCount) {
            names.append(try string(variants[index], named: "variants[\(index)]", in: function))
        }
        let bus = try self.bus.map { (pointer) throws(CFailure) in BusName(try string(pointer, named: "bus", in: function)) }
        guard pitchMin <= pitchMax else {
            throw CFailure(.invalidArgument, "\(function): pitch_min \(pitchMin) and pitch_max \(pitchMax) are not a range")
        }
        guard gainMin <= gainMax else {
            throw CFailure(.invalidArgument, "\(function): gain_min \(gainMin) and gain_max \(gainMax) are not a range")
        }
        guard maxInstances >= 0 else {
            throw CFailure(.invalidArgument, "\(function): max_instances \(maxInstances) is neither 0 (no limit) nor a count of voices")
        }
        guard whenFull == 0 || whenFull == 1 else {
            throw CFailure(.invalidArgument, "\(function): when_full \(whenFull) is not a GS_WHEN_FULL_ value")
        }
        return SoundDefinition(variants: names, pitch: pitchMin...pitchMax, gain: gainMin...gainMax,
                               avoidRepeat: avoidRepeat != 0, cooldown: cooldown,
                               maxInstances: maxInstances == 0 ? nil : Int(maxInstances),
                               whenFull: whenFull == 0 ? .stealOldest : .refuse, bus: bus)
    }
}
