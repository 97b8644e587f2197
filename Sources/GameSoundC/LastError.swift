// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The last failure of a C API call on each thread, for `gs_last_error`, `gs_last_error_code` and
/// `gs_last_drop_reason`.
///
/// The message is kept as a `malloc`ed C string owned by the thread: the pointer `gs_last_error`
/// returns stays valid until the next failure on the same thread (or the thread's exit), and no
/// other thread can overwrite it. Successful calls leave it as it was.
enum LastError {
    private static let message = ThreadLocalSlot { free($0) }
    private static let code = ThreadLocalSlot(destructor: nil)
    private static let dropReason = ThreadLocalSlot(destructor: nil)

    /// Records `failure` as this thread's last error.
    static func record(_ failure: CFailure) {
        let old = message.value
        message.value = UnsafeMutableRawPointer(strdup(failure.message))
        free(old)
        code.value = UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: Int(failure.code.rawValue)))
        dropReason.value = UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: Int(failure.dropReason?.cValue ?? 0)))
    }

    /// Records `failure` and returns its code: the usual last line of a failing export.
    static func fail(_ failure: CFailure) -> Int32 {
        record(failure)
        return failure.code.rawValue
    }

    /// This thread's last message, or an empty string when no call has failed on it.
    static var currentMessage: UnsafePointer<CChar> {
        if let text = message.value { return UnsafePointer(text.assumingMemoryBound(to: CChar.self)) }
        return StaticString("").cString
    }

    /// Why this thread's last failure dropped a play: a `GS_DROP_` value, `GS_DROP_NONE` (0) when
    /// the last failure was not a drop or no call has failed on it.
    static var currentDropReason: Int32 {
        guard let bits = dropReason.value else { return 0 }
        return Int32(truncatingIfNeeded: Int(bitPattern: UInt(bitPattern: bits)))
    }

    /// This thread's last code, or `GS_OK` when no call has failed on it.
    static var currentCode: Int32 {
        guard let bits = code.value else { return ResultCode.ok.rawValue }
        return Int32(truncatingIfNeeded: Int(bitPattern: UInt(bitPattern: bits)))
    }
}
