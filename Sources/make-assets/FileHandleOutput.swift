// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing messages to the standard error stream.
enum FileHandleOutput {
    /// Prints `message` and a newline to standard error.
    static func standardError(_ message: String) {
        let bytes = Array((message + "\n").utf8)
        // File descriptor 2 is standard error; a failed write has nowhere better to be reported.
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
