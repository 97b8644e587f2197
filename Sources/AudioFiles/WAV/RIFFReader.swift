// SPDX-License-Identifier: Zlib
/// Bounds-checked little-endian reads over a byte array, for walking RIFF files.
///
/// Every read returns nil instead of reading past the end, so a parser built on it
/// cannot crash on a short or lying file; it only has to decide which error to report.
struct RIFFReader {
    /// The bytes being read.
    let bytes: [UInt8]
    /// The index of the next byte to read.
    private(set) var offset: Int

    /// Starts reading `bytes` at `offset`.
    init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = min(max(0, offset), bytes.count)
    }

    /// The number of bytes left after ``offset``.
    var remaining: Int { bytes.count - offset }

    /// Whether every byte has been read.
    var isAtEnd: Bool { remaining == 0 }

    /// The next `count` bytes, or nil (without moving) when fewer remain.
    mutating func read(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= remaining else { return nil }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    /// Moves past `count` bytes; returns false (without moving) when fewer remain.
    mutating func skip(_ count: Int) -> Bool {
        read(count) != nil
    }

    /// The next two bytes as a little-endian integer, or nil when fewer remain.
    mutating func readUInt16() -> UInt16? {
        guard let bytes = read(2) else { return nil }
        return bytes.reversed().reduce(0) { $0 << 8 | UInt16($1) }
    }

    /// The next four bytes as a little-endian integer, or nil when fewer remain.
    mutating func readUInt32() -> UInt32? {
        guard let bytes = read(4) else { return nil }
        return bytes.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The next four bytes as a chunk identifier such as `"fmt "`, or nil when fewer remain.
    mutating func readFourCC() -> String? {
        read(4).map(Self.fourCC)
    }

    /// Spells a chunk identifier, showing bytes that are not printable ASCII as `?`.
    static func fourCC(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes.map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }
}
