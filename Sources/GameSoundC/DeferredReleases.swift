// SPDX-License-Identifier: Zlib
import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runtimes destroyed from inside an event callback, kept alive until it is safe to tear them down.
///
/// Tearing a real-time runtime down waits for its update thread, which may be the thread the
/// callback runs on, and a callback runs inside the `gs_` call (or the step of the update thread)
/// whose events it receives, with that runtime still in use further up the stack. So a runtime
/// destroyed inside a callback is released when the thread's outermost `gs_` call returns, or, on
/// a real-time runtime's own update thread where no `gs_` call surrounds the callback, on another
/// thread.
enum DeferredReleases {
    private static let depth = ThreadLocalSlot(destructor: nil)
    /// Set on a thread that kept an entry in ``pending``: only such a thread's outermost call takes
    /// that process-wide lock, not every call of every game thread.
    private static let keptHere = ThreadLocalSlot(destructor: nil)
    private static let pending = Mutex<[UInt: [RuntimeEntry]]>([:])

    /// Runs an exported function's body, releasing what it deferred once the outermost one ends.
    static func tracking<Result>(_ body: () -> Result) -> Result {
        let outer = depth.value == nil
        depth.value = UnsafeMutableRawPointer(bitPattern: currentDepth + 1)
        let result = body()
        depth.value = UnsafeMutableRawPointer(bitPattern: currentDepth - 1)
        if outer, keptHere.value != nil {
            keptHere.value = nil
            let thread = UInt(pthread_self())
            let released = pending.withLock { $0.removeValue(forKey: thread) }
            withExtendedLifetime(released) {}
        }
        return result
    }

    /// Keeps `entry` alive until teardown is safe for the calling thread.
    static func release(_ entry: RuntimeEntry) {
        // The destroying call itself is one level; a surrounding `gs_` call makes two.
        if currentDepth > 1 {
            let thread = UInt(pthread_self())
            pending.withLock { $0[thread, default: []].append(entry) }
            keptHere.value = UnsafeMutableRawPointer(bitPattern: 1)
        } else {
            DispatchQueue.global().async { withExtendedLifetime(entry) {} }
        }
    }

    private static var currentDepth: UInt { depth.value.map { UInt(bitPattern: $0) } ?? 0 }
}
