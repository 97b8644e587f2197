// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#endif

/// Why ``ScenarioRender/write(wav:events:timeline:format:)`` or a ``ScenarioFileWriter`` could not write a file.
public struct ScenarioOutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file that could not be written.
    public var path: String
    /// The system's error number (`errno`), for example `ENOENT` when the folder does not exist.
    public var errno: Int32

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - path: The file that could not be written.
    ///   - errno: The system's error number.
    public init(path: String, errno: Int32) {
        self.path = path
        self.errno = errno
    }

    /// A sentence naming the file and the system's words for the error, for example
    /// `cannot write out/a.wav: No such file or directory`.
    public var description: String { "cannot write \(path): \(String(cString: strerror(errno)))" }
}
