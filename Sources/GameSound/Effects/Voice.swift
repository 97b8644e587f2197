// SPDX-License-Identifier: Zlib
/// A handle to one playing effect, returned by ``GameSoundRuntime/play(_:options:)``.
///
/// Through it a game changes the voice while it plays (``GameSoundRuntime/setVoice(_:gain:pitch:pan:position:velocity:occlusion:reverbSend:over:)``),
/// pauses, resumes or stops it, and asks how it is (``GameSoundRuntime/state(of:)``). A handle stays
/// valid until its voice ends; after that, calls with it change nothing and say so, even once the
/// pool's slot plays another sound: each use of a slot has its own generation.
public struct Voice: Sendable, Hashable, CustomStringConvertible {
    /// The pool slot.
    public let slot: Int
    /// Which use of the slot this is.
    public let generation: Int
    /// Which runtime of the process made the handle (1 to 32 767); a handle from another runtime is refused.
    public let runtime: Int

    /// A single number for the handle, for the C API: `runtime << 48 | generation << 16 | slot`.
    /// The event log names a voice by the lower 48 bits, which do not depend on how many runtimes
    /// the process made before.
    public var id: Int64 { Int64(runtime) << 48 | localID }

    /// The handle without its runtime: `generation << 16 | slot`, as the event log writes it.
    public var localID: Int64 { Int64(generation & 0xFFFF_FFFF) << 16 | Int64(slot) }

    /// Rebuilds a handle from ``id``.
    public init(id: Int64) {
        self.slot = Int(id & 0xFFFF)
        self.generation = Int((id >> 16) & 0xFFFF_FFFF)
        self.runtime = Int((id >> 48) & 0xFFFF)
    }

    init(slot: Int, generation: Int, runtime: Int) {
        self.slot = slot
        self.generation = generation
        self.runtime = runtime
    }

    /// The handle as `voice slot.generation`, for logs.
    public var description: String { "voice \(slot).\(generation)" }
}
