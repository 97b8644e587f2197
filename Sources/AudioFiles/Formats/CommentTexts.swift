// SPDX-License-Identifier: Zlib
/// Turns the user comments that the C decoders hand back (`NAME=value`, UTF-8, each with its
/// length and no trailing NUL promised) into strings for ``LoopPoints/parse(vorbisComments:frameCount:label:)``.
///
/// Vorbis, Opus and FLAC all store loop points as Vorbis-style comments; libvorbisfile and
/// libopusfile keep them as parallel arrays of texts and lengths, libFLAC as entries.
enum CommentTexts {
    /// The comments held as parallel C arrays of `count` texts and `count` lengths.
    static func strings(texts: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                        lengths: UnsafeMutablePointer<Int32>?, count: Int32) -> [String] {
        guard count > 0, let texts, let lengths else { return [] }
        return (0..<Int(count)).compactMap { index in
            texts[index].flatMap { string(bytes: UnsafeRawPointer($0), length: Int(lengths[index])) }
        }
    }

    /// One comment of `length` bytes at `bytes`, or nil for a null pointer or a negative length.
    static func string(bytes: UnsafeRawPointer?, length: Int) -> String? {
        guard let bytes, length >= 0 else { return nil }
        let buffer = UnsafeBufferPointer(start: bytes.assumingMemoryBound(to: UInt8.self), count: length)
        return String(decoding: buffer, as: UTF8.self)
    }
}
