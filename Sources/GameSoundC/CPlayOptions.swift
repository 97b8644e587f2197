import GameSound

/// The C struct `gs_play_options`, read and written field by field at fixed offsets.
///
/// The layout is sixteen 4-byte slots (64 bytes): `gain`, `pitch`, `pan` (float), `loop`,
/// `priority`, `has_position` (int32_t), `x`, `y`, `z` (float), then seven reserved slots that
/// `gs_play_options_init` zeroes so later versions can give them a meaning without breaking programs
/// built against this one. `gamesound.h` asserts the same size at compile time.
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
    }

    func write(to memory: UnsafeMutableRawPointer) {
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: Self.byteCount)
        for (index, value) in [gain, pitch, pan].enumerated() {
            memory.storeBytes(of: value, toByteOffset: index * 4, as: Float.self)
        }
        for (index, value) in [loop, priority, hasPosition].enumerated() {
            memory.storeBytes(of: value, toByteOffset: (3 + index) * 4, as: Int32.self)
        }
        for (index, value) in [x, y, z].enumerated() {
            memory.storeBytes(of: value, toByteOffset: (6 + index) * 4, as: Float.self)
        }
    }

    /// The Swift options these numbers ask for, on `bus`. The runtime checks the ranges.
    func playOptions(bus: BusName) -> PlayOptions {
        PlayOptions(gain: gain, pitch: pitch, pan: pan,
                    position: hasPosition != 0 ? SIMDPosition(x: x, y: y, z: z) : nil,
                    loop: loop != 0, priority: Int(priority), bus: bus)
    }
}
