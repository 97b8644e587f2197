// SPDX-License-Identifier: Zlib
/// The facts of a WAV file's `fmt ` chunk that decoding needs, checked for sense.
///
/// Understands the classic 16-byte layout, the 18-byte one with an extension size and
/// `WAVE_FORMAT_EXTENSIBLE` (format tag 0xFFFE), whose sub-format GUID decides between
/// PCM and IEEE float. The byte-rate field is not checked, since it is redundant and
/// often wrong in files that play fine everywhere.
struct WAVFormatChunk: Equatable {
    /// The sample type and size.
    var encoding: WAVEncoding
    /// Frames per second.
    var sampleRate: Int
    /// Samples per frame (1 or 2).
    var channelCount: Int
    /// Bytes per frame.
    var blockAlign: Int

    /// The most bytes of a `fmt ` body that parsing reads (the 40-byte EXTENSIBLE layout);
    /// anything after them is never looked at.
    static let maximumBodySize = 40

    /// The highest sample rate accepted; anything above is taken for a damaged header.
    static let maximumSampleRate = 768_000

    /// The format tag of integer PCM.
    static let pcmTag: UInt16 = 0x0001
    /// The format tag of IEEE floating point.
    static let floatTag: UInt16 = 0x0003
    /// The format tag saying "see the sub-format GUID".
    static let extensibleTag: UInt16 = 0xFFFE
    /// The last 14 bytes shared by every standard sub-format GUID; the first two hold a format tag.
    static let subFormatGUIDSuffix: [UInt8] = [
        0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71,
    ]

    /// Parses and checks the body of a `fmt ` chunk.
    ///
    /// The checks run in this order, so that a file with several problems reports the
    /// most fundamental one: encoding, channel count, sample rate, bit depth, block align.
    ///
    /// - Parameters:
    ///   - body: The chunk's bytes after its 8-byte header.
    ///   - label: The name errors give for the file.
    /// - Throws: ``AudioFileError`` naming what is wrong.
    init(parsing body: ArraySlice<UInt8>, label: String) throws(AudioFileError) {
        func failure(_ reason: AudioFileError.Reason) -> AudioFileError {
            AudioFileError(file: label, reason: reason)
        }
        var reader = RIFFReader(Array(body))
        guard let tag = reader.readUInt16(), let channels = reader.readUInt16(),
              let rate = reader.readUInt32(), reader.skip(4), // byte rate, not trusted
              let align = reader.readUInt16(), let bits = reader.readUInt16()
        else { throw failure(.truncatedChunk("fmt ")) }

        var effectiveTag = tag
        if tag == Self.extensibleTag {
            guard let extensionSize = reader.readUInt16(), extensionSize >= 22,
                  reader.skip(2 + 4), // valid bits per sample, channel mask
                  let guid = reader.read(16)
            else { throw failure(.truncatedChunk("fmt ")) }
            guard guid.dropFirst(2).elementsEqual(Self.subFormatGUIDSuffix) else {
                let hex = guid.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
                throw failure(.unsupportedEncoding(formatTag: tag, name: "WAVE_FORMAT_EXTENSIBLE sub-format \(hex)"))
            }
            effectiveTag = UInt16(guid[guid.startIndex]) | UInt16(guid[guid.startIndex + 1]) << 8
        }
        guard effectiveTag == Self.pcmTag || effectiveTag == Self.floatTag else {
            throw failure(.unsupportedEncoding(formatTag: effectiveTag, name: Self.encodingName(formatTag: effectiveTag)))
        }
        guard (1...2).contains(channels) else { throw failure(.unsupportedChannelCount(Int(channels))) }
        guard (1...UInt32(Self.maximumSampleRate)).contains(rate) else { throw failure(.invalidSampleRate(Int(rate))) }
        guard let encoding = Self.encoding(formatTag: effectiveTag, bitsPerSample: Int(bits)) else {
            throw failure(.unsupportedBitDepth(Int(bits)))
        }
        let expectedAlign = Int(channels) * encoding.bytesPerSample
        guard Int(align) == expectedAlign else {
            throw failure(.inconsistentBlockAlign(declared: Int(align), expected: expectedAlign))
        }
        self.encoding = encoding
        self.sampleRate = Int(rate)
        self.channelCount = Int(channels)
        self.blockAlign = expectedAlign
    }

    /// The encoding for a PCM or float format tag and a sample size, or nil when this decoder cannot read it.
    static func encoding(formatTag: UInt16, bitsPerSample: Int) -> WAVEncoding? {
        WAVEncoding.allCases.first {
            $0.isFloat == (formatTag == floatTag) && $0.bitsPerSample == bitsPerSample
        }
    }

    /// A readable name for a format tag this decoder does not support.
    static func encodingName(formatTag: UInt16) -> String {
        switch formatTag {
        case 0x0002: "Microsoft ADPCM"
        case 0x0006: "A-law"
        case 0x0007: "µ-law"
        case 0x0011: "IMA ADPCM"
        case 0x0050: "MPEG"
        case 0x0055: "MP3"
        default: "format 0x" + String(formatTag, radix: 16, uppercase: true).leftPadded(to: 4)
        }
    }
}

extension String {
    /// The string with zeros in front until it is `width` characters long.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
