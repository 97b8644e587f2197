// SPDX-License-Identifier: Zlib
/// A struct of the C interface that a game fills and the library reads, and that later versions
/// may lengthen: `gs_config`, `gs_play_options` and `gs_sound_definition`.
///
/// Each begins with `uint32_t struct_size`, the size the game was compiled with. The rules
/// (gamesound.h, "Extensible structs") are the ones the Linux kernel applies to its growing
/// structs: what the game's struct lacks keeps its default; what the library does not know must be
/// zero, or the call fails instead of ignoring a setting the game made. The layout is the C
/// compiler's: GameSoundC imports gamesound.h itself, so no offset is kept by hand.
protocol ExtensibleCStruct {
    /// The struct's C name, for messages.
    static var cName: String { get }
    /// Every field at its default, `struct_size` included.
    static var defaults: Self { get }
    /// Where the last field this library knows ends.
    static var knownSize: Int { get }
    /// Where the last field of the struct's first version (GameSound 1.0) ends: the least a
    /// `struct_size` may say. It never changes as fields are added.
    static var firstSize: Int { get }
}

extension ExtensibleCStruct {
    /// A struct that has not grown since its first version ends where its first version did.
    static var firstSize: Int { knownSize }

    /// The most a `struct_size` may say: far more than any version will need (64 KiB).
    static var largestSize: Int { 1 << 16 }

    /// The struct the game filled at `memory`, checked against its `struct_size`.
    static func read(from memory: UnsafeRawPointer, in function: String) throws(CFailure) -> Self {
        let size = try checkedSize(memory, in: function)
        var value = defaults
        withUnsafeMutableBytes(of: &value) { bytes in
            bytes.copyMemory(from: UnsafeRawBufferPointer(start: memory, count: min(size, bytes.count)))
        }
        return value
    }

    /// Writes the defaults into the `struct_size` bytes at `memory`, zero beyond what this library
    /// knows; keeps `struct_size`. Records the failure as the last error instead (nothing written).
    static func writeDefaults(to memory: UnsafeMutableRawPointer?, named argument: String, in function: String) {
        guard let memory else {
            LastError.record(.null(argument, in: function))
            return
        }
        let size: Int
        do throws(CFailure) {
            size = try checkedSize(UnsafeRawPointer(memory), knowingEveryByte: false, in: function)
        } catch {
            LastError.record(error)
            return
        }
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        withUnsafeBytes(of: defaults) { bytes in
            memory.copyMemory(from: bytes.baseAddress!, byteCount: min(size, bytes.count))
        }
        memory.storeBytes(of: UInt32(size), as: UInt32.self)
    }

    /// `struct_size`, once it is at least the first version's size and, when it is more than this
    /// library knows, every byte past that is zero (unless `knowingEveryByte` is false: only the
    /// size is checked, for a struct about to be filled).
    private static func checkedSize(_ memory: UnsafeRawPointer, knowingEveryByte: Bool = true,
                                    in function: String) throws(CFailure) -> Int {
        let size = Int(memory.loadUnaligned(as: UInt32.self))
        // No version will make these structs anywhere near this long; more is garbage in struct_size,
        // and reading or zeroing that much would run off the game's memory.
        guard size <= largestSize else {
            throw CFailure(.invalidArgument, "\(function): \(cName).struct_size is \(size), more than any \(cName) can be: "
                + "fill the struct with \(cName)_init() first")
        }
        guard size >= firstSize else {
            throw CFailure(.invalidArgument, "\(function): \(cName).struct_size is \(size), less than the \(firstSize) bytes "
                + "of its first version: fill the struct with \(cName)_init() first")
        }
        if knowingEveryByte, size > knownSize,
           let byte = (knownSize..<size).first(where: { memory.load(fromByteOffset: $0, as: UInt8.self) != 0 }) {
            throw CFailure(.invalidArgument, "\(function): \(cName) sets byte \(byte), a field newer than this libgamesound "
                + "(\(LibraryVersion.text)) knows; leave it at its default or run with a newer library")
        }
        return size
    }
}
