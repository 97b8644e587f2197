// SPDX-License-Identifier: Zlib
/// Where the `fmt ` and `data` chunks of a RIFF/WAVE file lie, found by walking its chunks.
///
/// The walk follows each chunk's declared size (plus its pad byte when the size is odd),
/// skips chunks it does not know (`LIST`, `fact`, `JUNK`, `bext`...), accepts the two
/// chunks it needs in either order and stops as soon as it has both, so bytes after
/// them are never looked at. The first `fmt ` and the first `data` chunk win. The RIFF
/// header's own size field is not trusted, since many writers leave it wrong.
///
/// The walk reads only chunk headers and the few bytes of the `fmt ` (and `smpl`) bodies that
/// matter, through a ``RIFFByteSource``: the `data` chunk is located, never read. So
/// ``WAVDecoder`` (a file in memory) and ``WAVStreamDecoder`` (a file on disk) share it.
struct WAVChunkLayout {
    /// The start of the `fmt ` chunk's body: all of it, or its first ``WAVFormatChunk/maximumBodySize``
    /// bytes, which is all that parsing it ever reads.
    var format: [UInt8]
    /// Where the `data` chunk's body starts in the file.
    var dataOffset: Int
    /// How many bytes of the `data` chunk are present in the file.
    var dataCount: Int
    /// The size the `data` chunk declares; larger than ``dataCount`` when the file is cut short.
    var declaredDataSize: Int
    /// The start of the first `smpl` chunk's body (up to ``WAVSamplerChunk/bodyPrefixSize`` bytes),
    /// if the walk passed one before it stopped.
    var sampler: [UInt8]?
    /// Where the walk stopped: just after the last chunk it looked at, pad byte included.
    var endOffset: Int

    /// The bytes of the `data` chunk that are present, in a file held in memory.
    var dataRange: Range<Int> { dataOffset..<(dataOffset + dataCount) }

    private static let riff = Array("RIFF".utf8)
    private static let wave = Array("WAVE".utf8)

    /// Walks the chunks of `source`.
    ///
    /// A `data` chunk that runs past the end of the file is not an error here: it is
    /// recorded with ``declaredDataSize`` so that the caller can first report a problem
    /// with the format, which usually says more.
    ///
    /// - Parameters:
    ///   - source: The whole file.
    ///   - label: The name errors give for the file.
    /// - Throws: ``AudioFileError`` for an empty file, a missing `RIFF`/`WAVE` header,
    ///   a cut-short header, a chunk other than `data` running past the end, or a
    ///   missing `fmt `/`data` chunk; `.unreadable(errno:)` if reading the file fails.
    init(scanning source: some RIFFByteSource, label: String) throws(AudioFileError) {
        func failure(_ reason: AudioFileError.Reason) -> AudioFileError {
            AudioFileError(file: label, reason: reason)
        }
        let total = source.byteCount
        guard total > 0 else { throw failure(.empty) }
        let header = try source.bytes(at: 0, count: 12)
        guard header.prefix(4).elementsEqual(Self.riff.prefix(min(4, header.count))) else { throw failure(.notRIFF) }
        let formType = header.dropFirst(8).prefix(4)
        guard formType.elementsEqual(Self.wave.prefix(formType.count)) else { throw failure(.notWAVE) }
        guard total >= 12 else { throw failure(.truncatedChunk("RIFF")) }

        var offset = 12
        var format: [UInt8]?
        var data: (offset: Int, count: Int)?
        var declaredDataSize = 0
        var sampler: [UInt8]?
        while format == nil || data == nil, offset < total {
            var reader = RIFFReader(try source.bytes(at: offset, count: 8))
            guard reader.remaining == 8, let id = reader.readFourCC(), let size32 = reader.readUInt32() else {
                let name = reader.remaining >= 4 ? reader.readFourCC() ?? "chunk header" : "chunk header"
                throw failure(.truncatedChunk(name))
            }
            offset += 8
            let size = Int(size32)
            let available = total - offset
            if id == "data", data == nil, size > available {
                declaredDataSize = size
                data = (offset, available)
                offset = total
                break
            }
            guard size <= available else {
                throw failure(.chunkPastEnd(chunk: id, declared: size, available: available))
            }
            if id == "fmt ", format == nil {
                format = try source.bytes(at: offset, count: min(size, WAVFormatChunk.maximumBodySize))
            }
            if id == "data", data == nil {
                data = (offset, size)
                declaredDataSize = size
            }
            if id == "smpl", sampler == nil {
                sampler = try source.bytes(at: offset, count: min(size, WAVSamplerChunk.bodyPrefixSize))
            }
            offset += size
            // A chunk of odd size is followed by one pad byte; tolerate it missing at the very end.
            if size % 2 == 1 { offset = min(offset + 1, total) }
        }
        guard let format else { throw failure(.missingChunk("fmt ")) }
        guard let data else { throw failure(.missingChunk("data")) }
        self.format = format
        self.dataOffset = data.offset
        self.dataCount = data.count
        self.declaredDataSize = declaredDataSize
        self.sampler = sampler
        self.endOffset = offset
    }

    /// The start of the first chunk called `id` after ``endOffset``, looked for leniently.
    ///
    /// Bytes after the chunks a decoder needs are often not chunks at all (an appended ID3 tag,
    /// padding), so anything that does not read as a whole chunk ends the search quietly, as
    /// does a limit of 64 chunks; only a read failure of the file itself throws.
    ///
    /// - Parameters:
    ///   - id: The chunk to find, such as `"smpl"`.
    ///   - source: The file that was walked.
    ///   - limit: The most bytes of the body to return.
    func trailingChunk(_ id: String, in source: some RIFFByteSource,
                       limit: Int) throws(AudioFileError) -> [UInt8]? {
        var offset = endOffset
        for _ in 0..<64 {
            var reader = RIFFReader(try source.bytes(at: offset, count: 8))
            guard let name = reader.readFourCC(), let size32 = reader.readUInt32() else { return nil }
            offset += 8
            let size = Int(size32)
            guard size <= source.byteCount - offset else { return nil }
            if name == id { return try source.bytes(at: offset, count: min(size, limit)) }
            offset += size + size % 2
        }
        return nil
    }
}
