// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``RIFFByteSource`` over an open file: each read is one `pread` at the offset asked for,
/// so nothing of the file is held in memory between reads.
///
/// The file's length is taken once, when it is opened. The descriptor is closed when the
/// source is released.
final class RIFFFileSource: RIFFByteSource {
    let byteCount: Int
    private let path: String
    private let descriptor: Int32

    /// Opens `path` for reading.
    ///
    /// - Throws: ``AudioFileError`` naming `path`, with reason `.missing`, `.unreadable(errno:)`
    ///   (`EISDIR` for a directory) or `.empty`, exactly as reading the whole file would.
    init(path: String) throws(AudioFileError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw AudioFileError(file: path, reason: code == ENOENT ? .missing : .unreadable(errno: code))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw AudioFileError(file: path, reason: .unreadable(errno: code))
        }
        // open() accepts a directory on Linux; reading it would then fail with EISDIR, as FileBytes reports.
        guard (status.st_mode & S_IFMT) != S_IFDIR else {
            close(descriptor)
            throw AudioFileError(file: path, reason: .unreadable(errno: EISDIR))
        }
        guard status.st_size > 0 else {
            close(descriptor)
            throw AudioFileError(file: path, reason: .empty)
        }
        self.byteCount = Int(status.st_size)
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    func read(at offset: Int, into destination: UnsafeMutableRawBufferPointer) throws(AudioFileError) -> Int {
        guard let base = destination.baseAddress else { return 0 }
        var copied = 0
        while copied < destination.count {
            let count = pread(descriptor, base + copied, destination.count - copied, off_t(offset + copied))
            if count < 0 {
                if errno == EINTR { continue }
                throw AudioFileError(file: path, reason: .unreadable(errno: errno))
            }
            if count == 0 { break }
            copied += count
        }
        return copied
    }
}
