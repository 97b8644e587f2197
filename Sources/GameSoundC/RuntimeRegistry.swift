// SPDX-License-Identifier: Zlib
import Synchronization

/// The live runtimes, by handle: the one place a `gs_runtime *` from C is turned back into Swift.
///
/// A handle is a number dressed as a pointer, never an address, and numbers are never reused: a
/// destroyed runtime's handle, a made-up value or a stale copy is simply not found, so the call
/// fails with `GS_ERR_INVALID_HANDLE` instead of touching freed memory.
final class RuntimeRegistry: Sendable {
    static let shared = RuntimeRegistry()

    private struct State {
        var next: UInt = 0x6A5_0000
        var entries: [UInt: RuntimeEntry] = [:]
    }

    private let state = Mutex(State())

    /// Keeps `entry` and returns its new handle.
    func register(_ entry: RuntimeEntry) -> OpaquePointer {
        let number = state.withLock { state in
            state.next += 0x10
            state.entries[state.next] = entry
            return state.next
        }
        guard let handle = OpaquePointer(bitPattern: number) else {
            preconditionFailure("handle numbers start far from zero and only grow")
        }
        return handle
    }

    /// The entry behind `handle`.
    func entry(for handle: OpaquePointer?, in function: String) throws(CFailure) -> RuntimeEntry {
        guard let handle else { throw .null("rt", in: function) }
        let number = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
        guard let entry = state.withLock({ $0.entries[number] }) else {
            throw CFailure(.invalidHandle, "\(function): \(handle) is not a live runtime (destroyed, or never created)")
        }
        return entry
    }

    /// Forgets `handle` and returns its entry, which the caller releases outside the lock.
    func remove(_ handle: OpaquePointer?, in function: String) throws(CFailure) -> RuntimeEntry {
        guard let handle else { throw .null("rt", in: function) }
        let number = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
        guard let entry = state.withLock({ $0.entries.removeValue(forKey: number) }) else {
            throw CFailure(.invalidHandle, "\(function): \(handle) is not a live runtime (destroyed, or never created)")
        }
        return entry
    }
}
