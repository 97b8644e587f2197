// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files into memory, turning every failure into an ``AudioFileError``.
package enum FileBytes {
    /// The contents of the file at `path`.
    ///
    /// - Throws: ``AudioFileError`` with reason `.missing`, `.unreadable(errno:)` or `.empty`.
    package static func read(path: String) throws(AudioFileError) -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            let code = errno
            throw AudioFileError(file: path, reason: code == ENOENT ? .missing : .unreadable(errno: code))
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
            if count < chunk.count {
                if ferror(file) != 0 { throw AudioFileError(file: path, reason: .unreadable(errno: errno)) }
                break
            }
        }
        guard !bytes.isEmpty else { throw AudioFileError(file: path, reason: .empty) }
        return bytes
    }
}
