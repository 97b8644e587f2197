// SPDX-License-Identifier: Zlib
// libFuzzer harness: the Ogg Opus decoder over bytes in memory, whole and as a stream (its loop
// comments, seeking: fuzz/shared). It must answer with a decoded
// buffer or an AudioFileError, never crash, hang or read out of bounds.
import AudioFiles

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOpus(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let buffer = try? OpusDecoder.decode(bytes: bytes, label: "fuzz") {
        precondition(buffer.format.sampleRate == 48_000, "Opus decodes at 48 kHz")
        precondition(buffer.samples.count == buffer.frameCount * buffer.format.channelCount, "samples and frames disagree")
    }
    exerciseStream(bytes)
    return 0
}
