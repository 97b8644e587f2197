// SPDX-License-Identifier: Zlib
/// A stream decoder that reads through a ``SeekableByteSource``: the Vorbis, Opus and FLAC
/// decoders, whose C libraries all read through callbacks.
///
/// Each opens a file or bytes in memory the same way; only opening the source differs per format.
protocol ByteSourceDecoder: AnyObject {
    /// Opens the stream in `source`, named `name` in errors; with `readingLoopPoints` false the
    /// loop comments are neither read nor checked (whole-file decoding does not use them, so they
    /// must not stop a sound from loading).
    init(source: any SeekableByteSource, name: String, readingLoopPoints: Bool) throws(AudioFileError)
}

extension ByteSourceDecoder {
    /// Opens the file at `path`, read as the stream plays.
    init(path: String, readingLoopPoints: Bool) throws(AudioFileError) {
        try self.init(source: FileByteSource(path: path), name: path, readingLoopPoints: readingLoopPoints)
    }

    /// Opens `bytes`, which the decoder keeps (arrays are copy-on-write, so no copy is made).
    init(bytes: [UInt8], label: String, readingLoopPoints: Bool) throws(AudioFileError) {
        guard !bytes.isEmpty else { throw AudioFileError(file: label, reason: .empty) }
        try self.init(source: MemoryByteSource(bytes: bytes), name: label, readingLoopPoints: readingLoopPoints)
    }
}

extension VorbisStreamDecoder: ByteSourceDecoder {}
extension OpusStreamDecoder: ByteSourceDecoder {}
extension FLACStreamDecoder: ByteSourceDecoder {}
