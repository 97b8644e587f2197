// SPDX-License-Identifier: Zlib
/// How many event callbacks the current thread is inside, so `gs_runtime_destroy` knows when the
/// runtime's last reference must not be dropped on this thread.
///
/// A real-time runtime's update thread calls the callback; if the callback destroyed the runtime
/// and the teardown ran right there, the teardown would wait for that same thread to finish.
enum CallbackDepth {
    private static let slot = ThreadLocalSlot(destructor: nil)

    /// Whether this thread is inside at least one callback now.
    static var isInsideCallback: Bool { slot.value != nil }

    static func enter() {
        slot.value = UnsafeMutableRawPointer(bitPattern: depth + 1)
    }

    static func leave() {
        slot.value = UnsafeMutableRawPointer(bitPattern: max(depth - 1, 0))
    }

    private static var depth: UInt { slot.value.map { UInt(bitPattern: $0) } ?? 0 }
}
