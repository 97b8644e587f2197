// SPDX-License-Identifier: Zlib
import Foundation

/// Hand-built RIFF/WAVE bytes for tests, written independently of `WAVEncoder` so that
/// the decoder is checked against the format itself rather than against our own writer.
enum RIFFBytes {
    /// The 14 bytes that follow the format tag in every standard EXTENSIBLE sub-format GUID.
    static let guidSuffix: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]

    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    static func le16(signed value: Int16) -> [UInt8] { le16(UInt16(bitPattern: value)) }
    static func le24(signed value: Int32) -> [UInt8] { Array(le32(UInt32(bitPattern: value)).prefix(3)) }
    static func le32(signed value: Int32) -> [UInt8] { le32(UInt32(bitPattern: value)) }

    /// A chunk: id, the body's size, the body and a pad byte when the size is odd.
    static func chunk(_ id: String, _ body: [UInt8]) -> [UInt8] {
        Array(id.utf8) + le32(UInt32(body.count)) + body + (body.count % 2 == 1 ? [0] : [])
    }

    /// A chunk whose header declares `declaredSize` whatever the body holds, with no padding.
    static func chunk(_ id: String, declaredSize: UInt32, _ body: [UInt8]) -> [UInt8] {
        Array(id.utf8) + le32(declaredSize) + body
    }

    /// A whole file: the `RIFF` header with a correct size, `WAVE`, then `chunks` in order.
    static func wave(_ chunks: [UInt8]...) -> [UInt8] {
        let body = chunks.joined()
        return Array("RIFF".utf8) + le32(UInt32(4 + body.count)) + Array("WAVE".utf8) + body
    }

    /// A classic 16-byte `fmt ` body; `blockAlign` defaults to the consistent value.
    static func fmt(tag: UInt16 = 1, channels: UInt16 = 1, rate: UInt32 = 8_000, bits: UInt16 = 16,
                    blockAlign: UInt16? = nil) -> [UInt8] {
        let align = blockAlign ?? channels * (bits / 8)
        return le16(tag) + le16(channels) + le32(rate) + le32(rate * UInt32(align)) + le16(align) + le16(bits)
    }

    /// A 40-byte `WAVE_FORMAT_EXTENSIBLE` `fmt ` body whose GUID starts with `subFormat`.
    static func extensibleFmt(subFormat: UInt16, channels: UInt16 = 1, rate: UInt32 = 8_000, bits: UInt16 = 16,
                              validBits: UInt16? = nil, guidSuffix: [UInt8] = guidSuffix) -> [UInt8] {
        fmt(tag: 0xFFFE, channels: channels, rate: rate, bits: bits)
            + le16(22) + le16(validBits ?? bits) + le32(channels == 2 ? 3 : 4) + le16(subFormat) + guidSuffix
    }

    /// A valid 16-bit mono file at 8 kHz holding `samples`.
    static func pcm16Mono(_ samples: [Int16]) -> [UInt8] {
        wave(chunk("fmt ", fmt()), chunk("data", samples.flatMap { le16(signed: $0) }))
    }
}

/// A fresh directory under the system's temporary directory, for tests that touch files.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("GameSound-WAV-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    /// The path of `name` inside the directory.
    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `bytes` to `name` and returns its path.
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let file = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
