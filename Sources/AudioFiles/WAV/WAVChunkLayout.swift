/// Where the `fmt ` and `data` chunks of a RIFF/WAVE file lie, found by walking its chunks.
///
/// The walk follows each chunk's declared size (plus its pad byte when the size is odd),
/// skips chunks it does not know (`LIST`, `fact`, `JUNK`, `bext`...), accepts the two
/// chunks it needs in either order and stops as soon as it has both, so bytes after
/// them are never looked at. The first `fmt ` and the first `data` chunk win. The RIFF
/// header's own size field is not trusted, since many writers leave it wrong.
struct WAVChunkLayout {
    /// The body of the `fmt ` chunk.
    var format: ArraySlice<UInt8>
    /// The bytes of the `data` chunk that are present in the file.
    var data: ArraySlice<UInt8>
    /// The size the `data` chunk declares; larger than `data.count` when the file is cut short.
    var declaredDataSize: Int

    private static let riff = Array("RIFF".utf8)
    private static let wave = Array("WAVE".utf8)

    /// Walks the chunks of `bytes`.
    ///
    /// A `data` chunk that runs past the end of the file is not an error here: it is
    /// recorded with ``declaredDataSize`` so that the caller can first report a problem
    /// with the format, which usually says more.
    ///
    /// - Parameters:
    ///   - bytes: The whole file.
    ///   - label: The name errors give for the file.
    /// - Throws: ``AudioFileError`` for an empty file, a missing `RIFF`/`WAVE` header,
    ///   a cut-short header, a chunk other than `data` running past the end, or a
    ///   missing `fmt `/`data` chunk.
    init(scanning bytes: [UInt8], label: String) throws(AudioFileError) {
        func failure(_ reason: AudioFileError.Reason) -> AudioFileError {
            AudioFileError(file: label, reason: reason)
        }
        guard !bytes.isEmpty else { throw failure(.empty) }
        guard bytes.prefix(4).elementsEqual(Self.riff.prefix(min(4, bytes.count))) else { throw failure(.notRIFF) }
        let formType = bytes.dropFirst(8).prefix(4)
        guard formType.elementsEqual(Self.wave.prefix(formType.count)) else { throw failure(.notWAVE) }
        guard bytes.count >= 12 else { throw failure(.truncatedChunk("RIFF")) }

        var reader = RIFFReader(bytes, offset: 12)
        var format: ArraySlice<UInt8>?
        var data: ArraySlice<UInt8>?
        var declaredDataSize = 0
        while format == nil || data == nil, !reader.isAtEnd {
            guard reader.remaining >= 8 else {
                let name = reader.remaining >= 4 ? reader.readFourCC() ?? "chunk header" : "chunk header"
                throw failure(.truncatedChunk(name))
            }
            guard let id = reader.readFourCC(), let size32 = reader.readUInt32() else {
                throw failure(.truncatedChunk("chunk header"))
            }
            let size = Int(size32)
            if id == "data", data == nil, size > reader.remaining {
                declaredDataSize = size
                data = reader.read(reader.remaining)
                break
            }
            guard let body = reader.read(size) else {
                throw failure(.chunkPastEnd(chunk: id, declared: size, available: reader.remaining))
            }
            if id == "fmt ", format == nil { format = body }
            if id == "data", data == nil { data = body; declaredDataSize = size }
            // A chunk of odd size is followed by one pad byte; tolerate it missing at the very end.
            if size % 2 == 1 { _ = reader.skip(1) }
        }
        guard let format else { throw failure(.missingChunk("fmt ")) }
        guard let data else { throw failure(.missingChunk("data")) }
        self.format = format
        self.data = data
        self.declaredDataSize = declaredDataSize
    }
}
