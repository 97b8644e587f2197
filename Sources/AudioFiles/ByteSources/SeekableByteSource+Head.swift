// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SeekableByteSource {
    /// Up to `count` bytes from the start of the source (fewer when it is shorter), after which
    /// the source is back at its start.
    ///
    /// - Throws: ``AudioFileError`` with reason `.unreadable(errno:)` when the source cannot be rewound.
    func head(count: Int, name: String) throws(AudioFileError) -> [UInt8] {
        guard seek(offset: 0, whence: SEEK_SET) == 0 else { throw rewindFailure(name: name) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let copied = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(into: base + filled, count: buffer.count - filled)
            }
            if copied == 0 { break }
            filled += copied
        }
        guard seek(offset: 0, whence: SEEK_SET) == 0 else { throw rewindFailure(name: name) }
        return Array(bytes.prefix(filled))
    }

    /// Fails with `reason` unless the source starts with `magic`; the source is left at its start.
    ///
    /// The C libraries hunt through arbitrary bytes for something they know; checking first lets
    /// "not this kind of file at all" be told apart from "this kind of file, but damaged".
    func checkStarts(with magic: [UInt8], orFailWith reason: AudioFileError.Reason,
                     name: String) throws(AudioFileError) {
        guard try head(count: magic.count, name: name) == magic else { throw AudioFileError(file: name, reason: reason) }
    }

    private func rewindFailure(name: String) -> AudioFileError {
        AudioFileError(file: name, reason: .unreadable(errno: errno != 0 ? errno : EIO))
    }
}
