// SPDX-License-Identifier: Zlib
import Foundation
import Synchronization

/// Drains a pipe on its own thread, so a child that fills one pipe cannot block on it while
/// the parent reads the other.
final class PipeReader: Sendable {
    private let data = Mutex<Data?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        let handle = UncheckedHandle(handle)
        Thread.detachNewThread { [self] in
            let read = handle.value.readDataToEndOfFile()
            data.withLock { $0 = read }
            done.signal()
        }
    }

    /// Waits until the pipe is closed and returns everything read from it.
    func wait() -> Data {
        done.wait()
        return data.withLock { $0 ?? Data() }
    }
}

/// A file handle moved to one reader thread and used only there.
private struct UncheckedHandle: @unchecked Sendable {
    let value: FileHandle
    init(_ value: FileHandle) { self.value = value }
}
