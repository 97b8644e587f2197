// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a WAV file could not be written, naming the file and the system's error number.
///
/// ``WAVEncoder/write(_:as:extensible:to:)`` throws this when the file cannot be
/// created, filled or closed: a missing directory (`ENOENT`), a path that is a
/// directory (`EISDIR`), no permission (`EACCES`), a full disk (`ENOSPC`) and so on.
public struct WAVWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The step of writing that failed.
    public enum Operation: String, Sendable, Hashable {
        /// Creating or truncating the file (the C function `fopen`).
        case open
        /// Writing the bytes (the C function `fwrite`).
        case write
        /// Flushing and closing the file (the C function `fclose`), where a full disk often shows.
        case close
    }

    /// The path that was being written.
    public var path: String
    /// The step that failed.
    public var operation: Operation
    /// The system's error number (`errno`), for example `ENOENT` or `ENOSPC`.
    public var errno: Int32

    /// Creates an error for `path`.
    ///
    /// - Parameters:
    ///   - path: The file that was being written.
    ///   - operation: The step that failed.
    ///   - errno: The system's error number at the time.
    public init(path: String, operation: Operation, errno: Int32) {
        self.path = path
        self.operation = operation
        self.errno = errno
    }

    /// A sentence naming the file, the failed step and the system's explanation.
    public var description: String {
        "cannot write \(path): \(operation.rawValue) failed with errno \(errno) (\(String(cString: strerror(errno))))"
    }
}
