// SPDX-License-Identifier: Zlib
/// Random-access reads over the bytes of a RIFF file, whether they are in memory or on disk.
///
/// ``WAVChunkLayout`` walks a file's chunks through this, so ``WAVDecoder`` (bytes in memory)
/// and ``WAVStreamDecoder`` (an open file, read as it plays) share one parser and report the
/// same errors for the same bytes.
protocol RIFFByteSource {
    /// The total number of bytes.
    var byteCount: Int { get }

    /// Copies the bytes from `offset` on into `destination` until it is full or the bytes end.
    ///
    /// - Returns: How many bytes were copied: `destination.count` unless the end came first.
    /// - Throws: ``AudioFileError`` with reason `.unreadable(errno:)` when reading fails.
    func read(at offset: Int, into destination: UnsafeMutableRawBufferPointer) throws(AudioFileError) -> Int
}

extension RIFFByteSource {
    /// Up to `count` bytes from `offset` on; fewer when the bytes end first.
    func bytes(at offset: Int, count: Int) throws(AudioFileError) -> [UInt8] {
        let available = max(0, min(count, byteCount - offset))
        var failure: AudioFileError?
        let bytes = [UInt8](unsafeUninitializedCapacity: available) { buffer, initialized in
            do throws(AudioFileError) {
                let destination = UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[..<available]))
                initialized = try read(at: offset, into: destination)
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return bytes
    }
}
