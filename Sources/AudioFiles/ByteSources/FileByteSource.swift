// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``SeekableByteSource`` that reads an open file on demand, so memory stays flat however
/// long the file is (a soundtrack of many minutes).
final class FileByteSource: SeekableByteSource {
    private var file: UnsafeMutablePointer<FILE>?

    /// Opens `path` for reading.
    ///
    /// - Throws: ``AudioFileError`` with reason `.missing`, `.unreadable(errno:)` or `.empty`.
    init(path: String) throws(AudioFileError) {
        guard let file = fopen(path, "rb") else {
            let code = errno
            throw AudioFileError(file: path, reason: code == ENOENT ? .missing : .unreadable(errno: code))
        }
        self.file = file
        // fopen accepts a directory on Linux; reading it would then fail with a confusing reason.
        var status = stat()
        if fstat(fileno(file), &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
            throw AudioFileError(file: path, reason: .unreadable(errno: EISDIR))
        }
        guard fseeko(file, 0, SEEK_END) == 0 else { throw AudioFileError(file: path, reason: .unreadable(errno: errno)) }
        let length = ftello(file)
        guard length >= 0, fseeko(file, 0, SEEK_SET) == 0 else {
            throw AudioFileError(file: path, reason: .unreadable(errno: errno))
        }
        guard length > 0 else { throw AudioFileError(file: path, reason: .empty) }
    }

    deinit {
        close()
    }

    func read(into destination: UnsafeMutableRawPointer, count: Int) -> Int {
        guard let file else {
            errno = EBADF
            return 0
        }
        let copied = fread(destination, 1, count, file)
        if copied == 0 && ferror(file) == 0 { errno = 0 }
        return copied
    }

    func seek(offset: Int64, whence: Int32) -> Int32 {
        guard let file else { return -1 }
        return fseeko(file, off_t(offset), whence) == 0 ? 0 : -1
    }

    func tell() -> Int {
        guard let file else { return -1 }
        return Int(ftello(file))
    }

    func close() {
        if let file {
            fclose(file)
            self.file = nil
        }
    }
}
