import GameSound

/// The C struct `gs_play_options`, read and written field by field at fixed offsets.
///
/// The layout is sixteen 4-byte slots (64 bytes): `gain`, `pitch`, `pan` (float), `loop`,
/// `priority`, `has_position` (int32_t), `x`, `y`, `z` (float), then what were seven reserved slots
/// and are now `velocity_x`, `velocity_y`, `velocity_z`, `reference_distance`, `max_distance`,
/// `rolloff` and `occlusion` (float). Programs built before those fields zeroed them with
/// `gs_play_options_init`, so a zero must keep the sound they had: a still sound, a reference distance
/// and rolloff of 1, no maximum distance, no occlusion. `reference_distance` and `rolloff` are
/// therefore read as 1 when they are 0 (`gs_play_options_init` now writes 1 into both), and a
/// `max_distance` of 0 means none. `gamesound.h` asserts the size and the last field's offset at
/// compile time.
struct CPlayOptions: Equatable {
    static let byteCount = 64

    var gain: Float = 1
    var pitch: Float = 1
    var pan: Float = 0
    var loop: Int32 = 0
    var priority: Int32 = 0
    var hasPosition: Int32 = 0
    var x: Float = 0
    var y: Float = 0
    var z: Float = 0
    var velocityX: Float = 0
    var velocityY: Float = 0
    var velocityZ: Float = 0
    /// 0 is read as 1.
    var referenceDistance: Float = 1
    /// 0: no maximum.
    var maxDistance: Float = 0
    /// 0 is read as 1.
    var rolloff: Float = 1
    var occlusion: Float = 0

    init() {}

    init(reading memory: UnsafeRawPointer) {
        func float(_ index: Int) -> Float { memory.loadUnaligned(fromByteOffset: index * 4, as: Float.self) }
        func int(_ index: Int) -> Int32 { memory.loadUnaligned(fromByteOffset: index * 4, as: Int32.self) }
        gain = float(0)
        pitch = float(1)
        pan = float(2)
        loop = int(3)
        priority = int(4)
        hasPosition = int(5)
        x = float(6)
        y = float(7)
        z = float(8)
        velocityX = float(9)
        velocityY = float(10)
        velocityZ = float(11)
        referenceDistance = float(12)
        maxDistance = float(13)
        rolloff = float(14)
        occlusion = float(15)
    }

    func write(to memory: UnsafeMutableRawPointer) {
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: Self.byteCount)
        for (index, value) in [gain, pitch, pan].enumerated() {
            memory.storeBytes(of: value, toByteOffset: index * 4, as: Float.self)
        }
        for (index, value) in [loop, priority, hasPosition].enumerated() {
            memory.storeBytes(of: value, toByteOffset: (3 + index) * 4, as: Int32.self)
        }
        let floats = [x, y, z, velocityX, velocityY, velocityZ, referenceDistance, maxDistance, rolloff, occlusion]
        for (index, value) in floats.enumerated() {
            memory.storeBytes(of: value, toByteOffset: (6 + index) * 4, as: Float.self)
        }
    }

    /// The Swift options these numbers ask for, on `bus`. The runtime checks the ranges; the
    /// velocity, like the position, counts only with `has_position`.
    func playOptions(bus: BusName) -> PlayOptions {
        let placed = hasPosition != 0
        return PlayOptions(gain: gain, pitch: pitch, pan: pan,
                           position: placed ? SIMDPosition(x: x, y: y, z: z) : nil,
                           loop: loop != 0, priority: Int(priority), bus: bus,
                           velocity: placed ? SIMDPosition(x: velocityX, y: velocityY, z: velocityZ) : nil,
                           referenceDistance: referenceDistance == 0 ? 1 : referenceDistance,
                           maxDistance: maxDistance == 0 ? .greatestFiniteMagnitude : maxDistance,
                           rolloff: rolloff == 0 ? 1 : rolloff, occlusion: occlusion)
    }
}
